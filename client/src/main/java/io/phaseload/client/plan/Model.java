package io.phaseload.client.plan;

import java.util.List;
import java.util.Optional;

/**
 * How users come, one type per load model: {@link ClosedPhases}, {@link ClosedStages}, {@link
 * OpenPhases}, {@link OpenStages}. A plan holds exactly one, and asks it for everything that
 * differs per model: its arrivals and users per phase, its rate at a moment, its schedule, and its
 * description; code outside the plan asks these methods rather than which model runs. A new load
 * model is a new record implementing this interface (through {@link ClosedModel} or {@link
 * OpenModel}). Not sealed: a sealed interface names its types, which name it, a loop of files that
 * the layers' check refuses. Immutable.
 */
public interface Model {

  /**
   * The model in words, as the text report's settings and the plan checks say it: "closed";
   * "closed, stages 10s 0 users to 20 users; 30s at 20 users"; "open, 100.0 arrivals/s at 100%
   * (uniform)"; "open, stages 5s 0/s to 400/s (poisson)".
   */
  String describe();

  /**
   * What the plan asks for in a few words, for the titles of a run's charts and pages: the model
   * and what drives it ("closed model, 20 threads x 100 iterations"; "open model, 200 arrivals/s,
   * 400 arrivals, 4 threads"; "open model, 2 stages over 8s up to 3000/s, 40 threads").
   */
  String title(Crowd plan);

  /**
   * The model as the text report's settings name it: {@link #describe}, or nothing for the seeds'
   * default (closed phases), which goes without saying.
   */
  default Optional<String> mention() {
    return Optional.of(describe());
  }

  /**
   * Why a plan of {@code requests} requests is refused where one run records at most {@code most}:
   * what sets its size, in the flags that set it, and what to lower.
   */
  String tooLarge(Crowd plan, long requests, long most);

  /**
   * What this model was asked for, as data: what reports, the record file and comparisons write of
   * it, and what builds it again ({@code Models.of}).
   */
  Settings settings();

  /**
   * What its load is measured in, as its charts name it; its target over time is {@link
   * LoadPlan#loadAt}.
   */
  Load load();

  /** The stages ({@code --stages}), a phase each; empty for a model of phases. */
  default List<Stage> stages() {
    return List.of();
  }

  /**
   * Whether each iteration is an arrival due at a set time (the open model): its latency counts
   * from that intended time, and the phase asks for a rate; otherwise each user runs its iterations
   * back to back and the server's pace sets the load.
   */
  boolean schedulesArrivals();

  /**
   * Whether a run's recording keeps each request's intended start beside its send, so its latency
   * counts from the intended time (corrected for coordinated omission) and its service time is
   * apart: a model that {@link #schedulesArrivals}. Readers of a recording ask it instead ({@code
   * LatencyRecorder.hasIntendedStarts}).
   */
  default boolean recordsIntendedStarts() {
    return schedulesArrivals();
  }

  /**
   * Whether one drive runs through all the plan's phases, its users going on from each to the next:
   * the open model's one schedule of arrivals, and stages of users. The closed model's phases run
   * back to back instead, each once its users are done.
   */
  boolean runsThrough();

  /**
   * Refuses populations and shards this model cannot run.
   *
   * @throws IllegalArgumentException in one line
   */
  void check(List<Phase> phases, List<Population> populations, Shard shard);

  /** Arrivals (iterations) in one phase of the whole plan for its weighted populations together. */
  long weightedArrivals(Crowd plan, Phase phase);

  /**
   * Population {@code p}'s arrivals (iterations) in one phase of the whole plan, as its weighted
   * share of {@link #weightedArrivals} or, for a population of its own rate, its rate x the phase's
   * length (at least 1).
   */
  long wholeArrivals(Crowd plan, Phase phase, int p);

  /** Iterations of population {@code p} in one phase of the whole plan. */
  long wholeIterations(Crowd plan, Phase phase, int p);

  /**
   * How long phase {@code phase}'s schedule lasts, in nanoseconds, in a model that {@link
   * #runsThrough} its phases; 0 for phases that last as long as their users take.
   */
  long scheduleNanos(Crowd plan, Phase phase);

  /**
   * How long this generator's share of {@code phase} lasts at least by its schedule, in
   * milliseconds rounded as the run's deadline needs them: its arrivals at its rate, or a stage's
   * length, whose later users wait for their turn; 0 for phases that last what their users take.
   */
  long scheduleMillis(Crowd plan, Phase phase);

  /**
   * The whole plan's schedule of population {@code p}'s arrivals in {@code phase}: the rate they
   * come at, moving from its start to its end, and how they are spaced; a rate of 0 when no
   * arrivals are scheduled.
   */
  Ramp ramp(Crowd plan, Phase phase, int p);

  /**
   * Population {@code p}'s rate in {@code phase} of the whole plan, arrivals per second, on average
   * over the phase; 0 when no arrivals are scheduled.
   */
  double wholeRate(Crowd plan, Phase phase, int p);

  /** This generator's users {@code nanos} into {@code phase}. */
  double usersAt(Crowd plan, Phase phase, long nanos);

  /**
   * What this generator runs of population {@code p} in {@code phase}: its users, or its arrivals.
   */
  long units(Crowd plan, Phase phase, int p);

  /** The requests of one of population {@code p}'s {@link #units}. */
  int perUnit(Crowd plan, int p);

  /**
   * The whole run's number, in {@code phase} and population {@code p}, of this generator's unit
   * {@code unit} (its user or arrival, 0-based): where a merge of shards puts the unit's requests.
   */
  long wholeUnit(Crowd plan, Phase phase, int p, long unit);

  /** Iterations this generator runs of population {@code p} in {@code phase}. */
  long iterations(Crowd plan, Phase phase, int p);

  /**
   * How many users the whole plan creates over the run, each with its own session: every phase's
   * users, the same users through stages, or every arrival (an open-model arrival is a user of one
   * iteration).
   */
  long wholeUsersOfRun(Crowd plan);

  /**
   * The iterations the whole run makes, every population's in every phase: an open model's
   * arrivals, each a user of one iteration, or a closed model's users by ITERATIONS.
   */
  long wholeIterationsOfRun(Crowd plan);

  /**
   * The one-run number of this generator's user {@code unit} of population {@code p} in {@code
   * phase}: a phase's users in blocks ({@link Shard#first}).
   */
  default int user(Crowd plan, Phase phase, int p, int unit) {
    return plan.firstUser(phase, p) + unit;
  }
}
