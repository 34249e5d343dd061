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
 * @param model how users come: {@link Model.Closed} (each thread runs its iterations back to back)
 *     or {@link Model.Open} (arrivals at a set rate)
 * @param shard the share of the plan this generator runs ({@link Shard#WHOLE} for all of it): the
 *     thread counts of {@link #phases} are the whole plan's, {@link #threads(Phase)} and {@link
 *     #arrivals(Phase)} this shard's
 * @param population which of the requests a user sends once before its iterations (setup) and once
 *     after them (teardown)
 */
public record LoadPlan(
    int threads,
    int iterations,
    List<Phase> phases,
    List<String> requestNames,
    Model model,
    Shard shard,
    Population population) {

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
    if (population == null) {
      population = Population.iterationOf(requestNames.size());
    }
    if (population.first() != 0 || population.end() != requestNames.size()) {
      throw new IllegalArgumentException(
          "the population's requests must be the plan's " + requestNames.size() + " requests");
    }
    if (shard == null) {
      throw new IllegalArgumentException("a plan needs a shard (Shard.WHOLE for the whole plan)");
    }
    if (model == null) {
      throw new IllegalArgumentException("a plan needs a model (Model.Closed.INSTANCE or open)");
    }
    if (model instanceof Model.Open) {
      for (Phase phase : phases) {
        if (shard.share(phase.threads()) == 0) {
          throw new IllegalArgumentException(
              "in the open model every shard needs a thread in every phase, but "
                  + phase.name()
                  + " has "
                  + phase.threads()
                  + " for "
                  + shard.count()
                  + " shards: raise THREADS or use fewer shards");
        }
      }
    }
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
    return new LoadPlan(threads, iterations, List.of(phases), requestNames, Model.Closed.INSTANCE);
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
   * The largest thread count of any phase on this generator: what the connection pool must hold (0
   * for a shard with no thread in any phase).
   */
  public int peakThreads() {
    return phases.stream().mapToInt(this::threads).max().orElseThrow();
  }

  /** This generator's threads in {@code phase}: all of them, or its shard's share (maybe 0). */
  public int threads(Phase phase) {
    return shard.share(phase.threads());
  }

  /** The one-run number of this generator's first thread in {@code phase}. */
  public int firstThread(Phase phase) {
    return shard.first(phase.threads());
  }

  /** This plan with arrivals at a set rate (the open model). */
  public LoadPlan withOpenModel(Model.Open model) {
    return new LoadPlan(threads, iterations, phases, requestNames, model, shard, population);
  }

  /** This plan with its users sending {@code p}'s setup and teardown. */
  public LoadPlan withPopulation(Population p) {
    return new LoadPlan(threads, iterations, phases, requestNames, model, shard, p);
  }

  /** Shard {@code s} of this plan. */
  public LoadPlan sharded(Shard s) {
    return new LoadPlan(threads, iterations, phases, requestNames, model, s, population);
  }

  /** The whole plan, of which this may be a shard. */
  public LoadPlan whole() {
    return shard.whole() ? this : sharded(Shard.WHOLE);
  }

  public boolean isOpen() {
    return model instanceof Model.Open;
  }

  /**
   * Iterations in one phase of the whole plan: in the closed model its threads x ITERATIONS; in the
   * open model the same (so the phase lasts about THREADS x ITERATIONS / rate), or rate x fraction
   * x the phase length when one is given (at least 1).
   */
  public long wholeArrivals(Phase phase) {
    if (model instanceof Model.Open open && open.phaseLength() != null) {
      double seconds = open.phaseLength().toNanos() / 1e9;
      return Math.max(1, Math.round(open.rate() * phase.fraction() * seconds));
    }
    return (long) phase.threads() * iterations;
  }

  /** Iterations this generator runs in one phase: the whole plan's or its shard's share. */
  public long arrivals(Phase phase) {
    return isOpen() ? shard.arrivals(wholeArrivals(phase)) : (long) threads(phase) * iterations;
  }

  /** The whole plan's rate for a phase, arrivals per second; 0 in the closed model. */
  public double wholeRate(Phase phase) {
    return model instanceof Model.Open open ? open.rate() * phase.fraction() : 0;
  }

  /** This generator's rate for a phase: the whole plan's, or its shard's share of it. */
  public double rate(Phase phase) {
    return wholeRate(phase) / shard.count();
  }

  /** Requests this generator sends in one phase. */
  public long requests(Phase phase) {
    return isOpen() ? arrivals(phase) * requestNames.size() : threads(phase) * requestsPerUser();
  }

  /**
   * Requests one closed-model user sends: its setup, ITERATIONS x its iteration, its teardown. In
   * the open model each arrival sends all of the plan's requests once.
   */
  public long requestsPerUser() {
    return population.requestsPerUser(iterations);
  }

  /**
   * Requests this generator sends over the run; may exceed what one array can hold, see the
   * recorder.
   */
  public long totalRequests() {
    return phases.stream().mapToLong(this::requests).sum();
  }
}
