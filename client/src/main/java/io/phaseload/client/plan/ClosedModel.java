package io.phaseload.client.plan;

import java.util.List;
import java.util.Locale;

/**
 * What the closed models share: each user runs ITERATIONS back to back, waiting for every response
 * before the next request, so the server's pace sets the load. Immutable.
 */
public interface ClosedModel extends Model {

  /** Its stages of users, if any. */
  @Override
  default Settings settings() {
    return Settings.closed(stages());
  }

  /** Each user runs ITERATIONS. */
  @Override
  default long wholeIterationsOfRun(Crowd plan) {
    return wholeUsersOfRun(plan) * plan.iterations();
  }

  /** THREADS x ITERATIONS sets the size. */
  @Override
  default String tooLarge(Crowd plan, long requests, long most) {
    return String.format(
        Locale.ROOT,
        "%d threads x %d iterations is %,d requests; one run records at most %,d:"
            + " lower THREADS or ITERATIONS",
        plan.threads(),
        plan.iterations(),
        requests,
        most);
  }

  @Override
  default Load load() {
    return Load.USERS;
  }

  @Override
  default boolean schedulesArrivals() {
    return false;
  }

  @Override
  default void check(List<Phase> phases, List<Population> populations, Shard shard) {
    for (Population p : populations) {
      if (p.share() instanceof Population.Rate) {
        throw new IllegalArgumentException(
            "population "
                + p.name()
                + ": rate: R/s needs --rate (the open model); in the closed model give it threads:"
                + " N");
      }
    }
  }

  /** Its threads x ITERATIONS. */
  @Override
  default long weightedArrivals(Crowd plan, Phase phase) {
    return (long) phase.threads() * plan.iterations();
  }

  @Override
  default long wholeArrivals(Crowd plan, Phase phase, int p) {
    return Split.weighted(plan.populations(), weightedArrivals(plan, phase), p);
  }

  /** None: the closed model is asked for users, not a rate. */
  @Override
  default Ramp ramp(Crowd plan, Phase phase, int p) {
    return Ramp.flat(0, null);
  }

  @Override
  default double wholeRate(Crowd plan, Phase phase, int p) {
    return 0;
  }

  /** Its users. */
  @Override
  default long units(Crowd plan, Phase phase, int p) {
    return plan.users(phase, p);
  }

  /** A user's setup, ITERATIONS x its iteration and teardown. */
  @Override
  default int perUnit(Crowd plan, int p) {
    return (int) plan.populations().get(p).requestsPerUser(plan.iterations());
  }

  /** Its shard's users are a block of the phase's ({@link Shard#first}). */
  @Override
  default long wholeUnit(Crowd plan, Phase phase, int p, long unit) {
    return plan.shard().first(plan.wholeUsers(phase, p)) + unit;
  }

  @Override
  default long iterations(Crowd plan, Phase phase, int p) {
    return (long) plan.users(phase, p) * plan.iterations();
  }

  @Override
  default long wholeIterations(Crowd plan, Phase phase, int p) {
    return (long) plan.wholeUsers(phase, p) * plan.iterations();
  }
}
