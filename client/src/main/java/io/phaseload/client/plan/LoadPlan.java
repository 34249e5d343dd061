package io.phaseload.client.plan;

import java.util.List;

/**
 * What to run: the phases, in order, how many iterations each thread does, and the names of an
 * iteration's requests. Immutable.
 *
 * <p>The request count is {@code sum(phase threads) x iterations x requests per iteration}, plus
 * each user's setup and teardown; for the default fractions and the contract's GET and POST that is
 * about 3.7 x THREADS x ITERATIONS.
 *
 * @param requestNames the names of an iteration's requests, in the order they are sent
 * @param model how users come, one of the {@link Model} types, which owns the arithmetic that
 *     differs per model
 * @param shard the share of the plan this generator runs ({@link Shard#WHOLE} for all of it): the
 *     thread counts of {@link #phases} are the whole plan's, {@link #threads(Phase)} and {@link
 *     #arrivals(Phase)} this shard's
 * @param populations the kinds of user, each with its share and its run of the requests (its setup,
 *     iteration and teardown), in order: together they are every request, once
 */
public record LoadPlan(
    int threads,
    int iterations,
    List<Phase> phases,
    List<String> requestNames,
    Model model,
    Shard shard,
    List<Population> populations)
    implements Crowd {

  /** The default phase fractions: warmup, load, peak, cooldown. */
  public static final List<Double> DEFAULT_FRACTIONS = List.of(0.10, 0.50, 1.00, 0.25);

  private static final List<String> DEFAULT_NAMES =
      List.of("WARMUP", "LOADING", "PEAK", "COOLDOWN");

  /** The contract's iteration: one GET, then one POST. */
  public static final List<String> CONTRACT_REQUESTS = List.of("GET", "POST");

  /** The most phases a plan may have; the record layout is sized to tell them apart. */
  public static final int MAX_PHASES = 32;

  /** The most requests an iteration may have; the record layout is sized to tell them apart. */
  public static final int MAX_REQUESTS_PER_ITERATION = 64;

  /** The most values one request may capture from its response. */
  public static final int MAX_CAPTURES_PER_REQUEST = 8;

  public LoadPlan {
    if (threads < 1) {
      throw new IllegalArgumentException("THREADS must be at least 1, got " + threads);
    }
    if (iterations < 1) {
      throw new IllegalArgumentException("ITERATIONS must be at least 1, got " + iterations);
    }
    if (phases == null || phases.isEmpty()) {
      throw new IllegalArgumentException("a plan needs at least one phase");
    }
    if (phases.size() > MAX_PHASES) {
      throw new IllegalArgumentException("at most " + MAX_PHASES + " phases, got " + phases.size());
    }
    if (requestNames == null
        || requestNames.isEmpty()
        || requestNames.size() > MAX_REQUESTS_PER_ITERATION) {
      throw new IllegalArgumentException(
          "an iteration holds 1 to " + MAX_REQUESTS_PER_ITERATION + " requests");
    }
    phases = List.copyOf(phases);
    requestNames = List.copyOf(requestNames);
    populations =
        populations == null
            ? List.of(Population.iterationOf(requestNames.size()))
            : List.copyOf(populations);
    int next = 0;
    for (Population p : populations) {
      if (p.first() != next) {
        throw new IllegalArgumentException("populations' requests must follow one another");
      }
      next = p.end();
    }
    if (next != requestNames.size()) {
      throw new IllegalArgumentException(
          "the populations' requests must be the plan's " + requestNames.size() + " requests");
    }
    if (shard == null) {
      throw new IllegalArgumentException("a plan needs a shard (Shard.WHOLE for the whole plan)");
    }
    if (model == null) {
      throw new IllegalArgumentException("a plan needs a model (ClosedPhases.INSTANCE, for one)");
    }
    model.check(phases, populations, shard);
  }

  /** The whole plan (one generator). */
  public LoadPlan(
      int threads, int iterations, List<Phase> phases, List<String> requestNames, Model model) {
    this(threads, iterations, phases, requestNames, model, Shard.WHOLE, null);
  }

  /** A plan whose users send every request in each iteration (no setup, no teardown). */
  public LoadPlan(
      int threads,
      int iterations,
      List<Phase> phases,
      List<String> requestNames,
      Model model,
      Shard shard) {
    this(threads, iterations, phases, requestNames, model, shard, null);
  }

  /** The contract's plan for THREADS and ITERATIONS with the given phase fractions. */
  public static LoadPlan of(int threads, int iterations, List<Double> fractions) {
    return of(threads, iterations, fractions, CONTRACT_REQUESTS);
  }

  /** The plan for THREADS and ITERATIONS of these requests with the given phase fractions. */
  public static LoadPlan of(
      int threads, int iterations, List<Double> fractions, List<String> requestNames) {
    if (threads < 1) {
      throw new IllegalArgumentException("THREADS must be at least 1, got " + threads);
    }
    boolean standard = fractions.equals(DEFAULT_FRACTIONS);
    Phase[] phases = new Phase[fractions.size()];
    for (int i = 0; i < phases.length; i++) {
      double f = fractions.get(i);
      String name = standard ? DEFAULT_NAMES.get(i) : "PHASE" + (i + 1);
      if (!(f > 0 && f <= 1)) {
        throw new IllegalArgumentException("phase fractions must be in (0, 1], got " + f);
      }
      phases[i] = new Phase(i, name, f, Phase.threadsFor(f, threads));
    }
    return new LoadPlan(threads, iterations, List.of(phases), requestNames, ClosedPhases.INSTANCE);
  }

  /** The plan's stages ({@code --stages}), a phase each; empty for a plan of phases. */
  public List<Stage> stages() {
    return model.stages();
  }

  /** The stage {@code phase} is, of a plan of {@code --stages}; null for a plan of phases. */
  public Stage stage(Phase phase) {
    return stages().isEmpty() ? null : stages().get(phase.index());
  }

  /** The default four-phase plan. */
  public static LoadPlan standard(int threads, int iterations) {
    return of(threads, iterations, DEFAULT_FRACTIONS);
  }

  /** The phase names, in order. */
  public List<String> phaseNames() {
    return phases.stream().map(Phase::name).toList();
  }

  /**
   * The most users this generator drives at once: what the connection pool must hold (0 for a shard
   * with none in any phase). That is the busiest phase's threads, or, for a plan that {@link
   * #runsThrough} its phases, every population's most users of any phase.
   */
  public int peakThreads() {
    if (model.runsThrough()) {
      int sum = 0;
      for (int p = 0; p < populations.size(); p++) {
        sum += usersOfRun(p);
      }
      return sum;
    }
    return phases.stream().mapToInt(this::threads).max().orElseThrow();
  }

  /**
   * This generator's threads in {@code phase}, over every population: all of them, or its shard's
   * share (maybe 0).
   */
  public int threads(Phase phase) {
    int sum = 0;
    for (int p = 0; p < populations.size(); p++) {
      sum += users(phase, p);
    }
    return sum;
  }

  /**
   * This generator's users of population {@code p} in {@code phase}: in the closed model the users
   * that run, in the open model the cap on its arrivals in flight.
   */
  public int users(Phase phase, int p) {
    return shard.share(wholeUsers(phase, p));
  }

  /**
   * Population {@code p}'s users in {@code phase} of the whole plan: in the closed model the users
   * that run, in the open model the cap on its arrivals in flight. A weighted population's share of
   * the phase's threads is exact, by largest remainder: 80/20 of 50 is 40 and 10.
   */
  public int wholeUsers(Phase phase, int p) {
    return Split.users(populations, phase, p);
  }

  /**
   * The run-wide number of this generator's first user of population {@code p} in {@code phase}:
   * the whole phase's users are numbered population by population.
   */
  public int firstUser(Phase phase, int p) {
    int before = 0;
    for (int q = 0; q < p; q++) {
      before += wholeUsers(phase, q);
    }
    return before + shard.first(wholeUsers(phase, p));
  }

  /**
   * The one-run number of this generator's user {@code unit} of population {@code p} in {@code
   * phase}: as its {@link Model#user model} numbers them.
   */
  public int user(Phase phase, int p, int unit) {
    return model.user(this, phase, p, unit);
  }

  /**
   * The whole run's number of this generator's user or arrival {@code unit} of population {@code p}
   * in {@code phase} ({@link Model#wholeUnit}).
   */
  public long wholeUnit(Phase phase, int p, long unit) {
    return model.wholeUnit(this, phase, p, unit);
  }

  /** Whether one drive runs through all the plan's phases ({@link Model#runsThrough}). */
  public boolean runsThrough() {
    return model.runsThrough();
  }

  /**
   * When phase {@code index} begins on a plan that {@link #runsThrough}, in nanoseconds after the
   * first began: the lengths of the stages, or of the open-model phases' schedules, before it.
   */
  public long scheduledStartNanos(int index) {
    long at = 0;
    for (Phase p : phases.subList(0, index)) {
      at += model.scheduleNanos(this, p);
    }
    return at;
  }

  /**
   * The most users of population {@code p} this generator has in any phase: how many a drive that
   * {@link #runsThrough} the phases runs, each in the phases that have it.
   */
  public int usersOfRun(int p) {
    int most = 0;
    for (Phase phase : phases) {
      most = Math.max(most, users(phase, p));
    }
    return most;
  }

  /** This plan with load model {@code model}. */
  public LoadPlan withModel(Model model) {
    return new LoadPlan(threads, iterations, phases, requestNames, model, shard, populations);
  }

  /**
   * This plan with THREADS {@code n}: a phase that had all of THREADS (every open-model stage) has
   * all of {@code n}, the others their fraction of it. Populations with a number of users or a cap
   * of their own keep it.
   */
  public LoadPlan withThreads(int n) {
    List<Phase> scaled =
        phases.stream()
            .map(
                p ->
                    new Phase(
                        p.index(),
                        p.name(),
                        p.fraction(),
                        p.threads() == threads ? n : Phase.threadsFor(p.fraction(), n)))
            .toList();
    return new LoadPlan(n, iterations, scaled, requestNames, model, shard, populations);
  }

  /** This plan with these kinds of user. */
  public LoadPlan withPopulations(List<Population> p) {
    return new LoadPlan(threads, iterations, phases, requestNames, model, shard, p);
  }

  /** Shard {@code s} of this plan. */
  public LoadPlan sharded(Shard s) {
    return new LoadPlan(threads, iterations, phases, requestNames, model, s, populations);
  }

  /** The whole plan, of which this may be a shard. */
  public LoadPlan whole() {
    return shard.whole() ? this : sharded(Shard.WHOLE);
  }

  /** What its model's load is measured in ({@link Model#load}). */
  public Load load() {
    return model.load();
  }

  /** Whether the model schedules arrivals ({@link Model#schedulesArrivals}): the open model. */
  public boolean isOpen() {
    return model.schedulesArrivals();
  }

  /**
   * Population {@code p}'s arrivals (iterations) in one phase of the whole plan ({@link
   * Model#wholeArrivals}).
   */
  public long wholeArrivals(Phase phase, int p) {
    return model.wholeArrivals(this, phase, p);
  }

  /** Arrivals (iterations) in one phase of the whole plan, every population's. */
  public long wholeArrivals(Phase phase) {
    long sum = 0;
    for (int p = 0; p < populations.size(); p++) {
      sum += model.wholeIterations(this, phase, p);
    }
    return sum;
  }

  /**
   * Iterations this generator runs in one phase: the whole plan's or its shard's share, every
   * population's.
   */
  public long arrivals(Phase phase) {
    long sum = 0;
    for (int p = 0; p < populations.size(); p++) {
      sum += model.iterations(this, phase, p);
    }
    return sum;
  }

  /**
   * Population {@code p}'s rate in a phase of the whole plan, arrivals per second; 0 in the closed
   * model.
   */
  public double wholeRate(Phase phase, int p) {
    return model.wholeRate(this, phase, p);
  }

  /** The whole plan's rate for a phase, arrivals per second, every population's; 0 if closed. */
  public double wholeRate(Phase phase) {
    double sum = 0;
    for (int p = 0; p < populations.size(); p++) {
      sum += wholeRate(phase, p);
    }
    return sum;
  }

  /** This generator's rate for a phase: the whole plan's, or its shard's share of it. */
  public double rate(Phase phase) {
    return wholeRate(phase) / shard.count();
  }

  /** This generator's users {@code nanos} into {@code phase} ({@link Model#usersAt}). */
  public double usersAt(Phase phase, long nanos) {
    return model.usersAt(this, phase, nanos);
  }

  /**
   * The whole plan's schedule of population {@code p}'s arrivals in {@code phase}: what the pacer
   * spaces them by, and what {@link #rateAt} sums.
   */
  public Ramp ramp(Phase phase, int p) {
    return model.ramp(this, phase, p);
  }

  /**
   * This generator's rate {@code nanos} into {@code phase}: every population's {@link #ramp} at
   * that moment, its shard's share; 0 in the closed model.
   */
  public double rateAt(Phase phase, long nanos) {
    double sum = 0;
    for (int p = 0; p < populations.size(); p++) {
      sum += ramp(phase, p).at(nanos);
    }
    return sum / shard.count();
  }

  /**
   * The load this generator's model asks for {@code nanos} into {@code phase}: its {@link #rateAt
   * rate} when it schedules arrivals, its {@link #usersAt users} when its users run back to back.
   */
  public double loadAt(Phase phase, long nanos) {
    return model.schedulesArrivals() ? rateAt(phase, nanos) : usersAt(phase, nanos);
  }

  /**
   * What this generator runs of population {@code p} in {@code phase}: its users in the closed
   * model, its arrivals in the open model. The recording holds {@link #perUnit} slots for each.
   */
  public long units(Phase phase, int p) {
    return model.units(this, phase, p);
  }

  /**
   * The requests of one of population {@code p}'s {@link #units}: a closed-model user's setup,
   * ITERATIONS x its iteration and teardown; an open-model arrival's setup, iteration and teardown.
   */
  public int perUnit(int p) {
    return model.perUnit(this, p);
  }

  /** Requests this generator sends in one phase. */
  public long requests(Phase phase) {
    long sum = 0;
    for (int p = 0; p < populations.size(); p++) {
      sum += units(phase, p) * perUnit(p);
    }
    return sum;
  }

  /** The only population, of a plan that has one. */
  public Population population() {
    if (populations.size() != 1) {
      throw new IllegalStateException("the plan has " + populations.size() + " populations");
    }
    return populations.get(0);
  }

  /**
   * Requests this generator sends over the run; may exceed what one array can hold, see the
   * recorder.
   */
  public long totalRequests() {
    return phases.stream().mapToLong(this::requests).sum();
  }

  /**
   * The most requests this generator sends within any {@code seconds}, as far as the plan tells
   * before the run: a fixed rate's busiest phase over that long (and a second more, for a window's
   * edges), at most that phase's requests; every request of the run where the rate is not fixed (a
   * closed model's is the server's pace; stages change theirs).
   */
  public long mostRequestsWithin(double seconds) {
    if (!(model instanceof OpenPhases)) {
      return totalRequests();
    }
    long busiest = 0;
    for (Phase phase : phases) {
      double perArrival = (double) requests(phase) / Math.max(1, arrivals(phase));
      long window = (long) Math.ceil(rate(phase) * perArrival * (seconds + 1));
      busiest = Math.max(busiest, Math.min(requests(phase), window));
    }
    return Math.min(totalRequests(), busiest);
  }
}
