package io.phaseload.client.plan;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What the open models share: users arrive at a set rate whatever the server does, each arrival
 * running one iteration (its setup, iteration and teardown); THREADS caps the arrivals in flight.
 * Immutable.
 */
public interface OpenModel extends Model {

  /** Arrivals per second at 100 %. */
  double rate();

  /** How arrivals are spaced. */
  Spacing arrivals();

  /**
   * Each phase's length when {@code --phase-seconds} gives one; null when the phases' arrivals set
   * it (stages, or the closed model's count of iterations).
   */
  default Duration phaseLength() {
    return null;
  }

  /** How long phase {@code phase}'s schedule lasts, in seconds. */
  double seconds(Crowd plan, Phase phase);

  /** The rate of the weighted populations together in {@code phase}, on average. */
  double weightedRate(Phase phase);

  @Override
  default Settings settings() {
    return new Settings("open", rate(), phaseLength(), arrivals(), stages());
  }

  @Override
  default Load load() {
    return Load.ARRIVALS;
  }

  @Override
  default boolean schedulesArrivals() {
    return true;
  }

  @Override
  default boolean runsThrough() {
    return true;
  }

  @Override
  default void check(List<Phase> phases, List<Population> populations, Shard shard) {
    for (Population p : populations) {
      if (p.share() instanceof Population.Users) {
        throw new IllegalArgumentException(
            "population "
                + p.name()
                + ": threads: N alone is a number of users for the closed model; with --rate give"
                + " it rate: R/s (and threads: N as its cap)");
      }
    }
    for (Phase phase : phases) {
      for (int p = 0; p < populations.size(); p++) {
        int whole = Split.users(populations, phase, p);
        if (shard.share(whole) == 0) {
          throw new IllegalArgumentException(
              "in the open model every shard needs a thread in every phase"
                  + (populations.size() > 1 ? " for each population" : "")
                  + ", but "
                  + phase.name()
                  + " has "
                  + whole
                  + (populations.size() > 1 ? " for " + populations.get(p).name() : "")
                  + " for "
                  + shard.count()
                  + " shard"
                  + (shard.count() == 1 ? "" : "s")
                  + ": raise THREADS or use fewer shards");
        }
      }
    }
  }

  @Override
  default long scheduleNanos(Crowd plan, Phase phase) {
    return (long) (seconds(plan, phase) * 1e9);
  }

  /** Every arrival of every phase. */
  @Override
  default long wholeUsersOfRun(Crowd plan) {
    long arrivals = 0;
    for (Phase phase : plan.phases()) {
      for (int p = 0; p < plan.populations().size(); p++) {
        arrivals += wholeArrivals(plan, phase, p);
      }
    }
    return arrivals;
  }

  /** Its arrivals: each is a user of one iteration. */
  @Override
  default long wholeIterationsOfRun(Crowd plan) {
    return wholeUsersOfRun(plan);
  }

  /** The rate over the phases' length sets the size; THREADS only caps the users. */
  @Override
  default String tooLarge(Crowd plan, long requests, long most) {
    return String.format(
        Locale.ROOT,
        "the rate over the phases' length is %,d requests; one run records at most %,d:"
            + " lower the rate or the phases' length (--rate, --phase-seconds or --stages)",
        requests,
        most);
  }

  /** This generator's arrivals in the phase at its rate, rounded up. */
  @Override
  default long scheduleMillis(Crowd plan, Phase phase) {
    long arrivals = 0;
    double rate = 0;
    for (int p = 0; p < plan.populations().size(); p++) {
      arrivals += units(plan, phase, p);
      rate += wholeRate(plan, phase, p);
    }
    return (long) Math.ceil(arrivals / (rate / plan.shard().count()) * 1000);
  }

  /**
   * A weighted population's exact share of the phase's arrivals, a fixed-rate one's rate x the
   * phase's length (at least 1).
   */
  @Override
  default long wholeArrivals(Crowd plan, Phase phase, int p) {
    if (plan.populations().get(p).share() instanceof Population.Rate r) {
      return Math.max(1, Math.round(r.perSecond() * seconds(plan, phase)));
    }
    return Split.weighted(plan.populations(), weightedArrivals(plan, phase), p);
  }

  @Override
  default long wholeIterations(Crowd plan, Phase phase, int p) {
    return wholeArrivals(plan, phase, p);
  }

  /** Its arrivals spread over the phase's length, or its fixed rate. */
  @Override
  default double wholeRate(Crowd plan, Phase phase, int p) {
    if (plan.populations().get(p).share() instanceof Population.Rate r) {
      return r.perSecond();
    }
    double all = weightedRate(phase);
    return plan.populations().size() == 1
        ? all
        : all * wholeArrivals(plan, phase, p) / (double) weightedArrivals(plan, phase);
  }

  /**
   * Population {@code p}'s part of the weighted populations' arrivals in {@code phase} (1 for a
   * plan's only population); 0 for a fixed-rate one.
   */
  default double weightShare(Crowd plan, Phase phase, int p) {
    if (plan.populations().get(p).share() instanceof Population.Rate) {
      return 0;
    }
    return plan.populations().size() == 1
        ? 1
        : wholeArrivals(plan, phase, p) / (double) weightedArrivals(plan, phase);
  }

  /** The phase's threads: the cap on its arrivals in flight. */
  @Override
  default double usersAt(Crowd plan, Phase phase, long nanos) {
    return plan.threads(phase);
  }

  /** Its arrivals: the whole plan's, or its shard's share. */
  @Override
  default long units(Crowd plan, Phase phase, int p) {
    return plan.shard().arrivals(wholeArrivals(plan, phase, p));
  }

  /** An arrival's setup, iteration and teardown. */
  @Override
  default int perUnit(Crowd plan, int p) {
    return plan.populations().get(p).size();
  }

  /** Its shard's arrivals are every count-th of the schedule ({@link Shard#arrival}). */
  @Override
  default long wholeUnit(Crowd plan, Phase phase, int p, long unit) {
    return plan.shard().arrival(unit);
  }

  @Override
  default long iterations(Crowd plan, Phase phase, int p) {
    return units(plan, phase, p);
  }
}
