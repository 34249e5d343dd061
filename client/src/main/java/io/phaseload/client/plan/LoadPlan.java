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
    List<Population> populations) {

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
      throw new IllegalArgumentException("a plan needs a model (Model.Closed.INSTANCE or open)");
    }
    for (Population p : populations) {
      if (p.share() instanceof Population.Users && model instanceof Model.Open) {
        throw new IllegalArgumentException(
            "population "
                + p.name()
                + ": threads: N alone is a number of users for the closed model; with --rate give"
                + " it rate: R/s (and threads: N as its cap)");
      }
      if (p.share() instanceof Population.Rate && !(model instanceof Model.Open)) {
        throw new IllegalArgumentException(
            "population "
                + p.name()
                + ": rate: R/s needs --rate (the open model); in the closed model give it threads:"
                + " N");
      }
    }
    if (model instanceof Model.Open) {
      for (Phase phase : phases) {
        for (int p = 0; p < populations.size(); p++) {
          int whole = wholeUsers(populations, phase, p);
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

  /**
   * The open-model plan of {@code stages}, one phase each, named STAGE1, STAGE2, ...: THREADS caps
   * the arrivals in flight in every one, and ITERATIONS is not used.
   */
  public static LoadPlan staged(
      int threads, List<Stage> stages, Model.Open.Arrivals arrivals, List<String> requestNames) {
    Model.Open open = Model.Open.staged(stages, arrivals);
    Phase[] phases = new Phase[stages.size()];
    for (int i = 0; i < phases.length; i++) {
      double fraction = Math.min(1, stages.get(i).meanRate() / open.rate());
      phases[i] = new Phase(i, "STAGE" + (i + 1), fraction, threads);
    }
    return new LoadPlan(threads, 1, List.of(phases), requestNames, open);
  }

  /**
   * The closed-model plan of {@code stages} of users, one phase each, named STAGE1, STAGE2, ...:
   * each stage's users start and stop spread over it ({@link Stage#startNanos}, {@link
   * Stage#stopNanos}), each running iterations until its stage stops it, ITERATIONS at most.
   *
   * @throws IllegalArgumentException if a stage wants more users than THREADS
   */
  public static LoadPlan stagedUsers(
      int threads, int iterations, List<Stage> stages, List<String> requestNames) {
    Phase[] phases = new Phase[stages.size()];
    for (int i = 0; i < phases.length; i++) {
      int users = stages.get(i).users();
      if (users > threads) {
        throw new IllegalArgumentException(
            "--stages: stage "
                + (i + 1)
                + " wants "
                + users
                + " users, more than THREADS ("
                + threads
                + "), which caps them");
      }
      phases[i] = new Phase(i, "STAGE" + (i + 1), users / (double) threads, users);
    }
    return new LoadPlan(
        threads, iterations, List.of(phases), requestNames, new Model.Closed(stages));
  }

  /** The plan's stages ({@code --stages}), a phase each; empty for a plan of phases. */
  public List<Stage> stages() {
    return model instanceof Model.Open open ? open.stages() : ((Model.Closed) model).stages();
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
    if (runsThrough()) {
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
    return wholeUsers(populations, phase, p);
  }

  private static int wholeUsers(List<Population> populations, Phase phase, int p) {
    Population.Share share = populations.get(p).share();
    if (share instanceof Population.Users u) {
      return u.users();
    }
    if (share instanceof Population.Rate r) {
      return r.cap();
    }
    return (int) split(populations, phase.threads(), p);
  }

  /**
   * Weighted population {@code p}'s part of {@code total}: each gets the floor of its share, and
   * what is left goes one each to the largest remainders (the first on ties), so the parts sum to
   * {@code total} exactly.
   */
  private static long split(List<Population> populations, long total, int p) {
    double sum = 0;
    for (Population q : populations) {
      if (q.share() instanceof Population.Weight w) {
        sum += w.weight();
      }
    }
    long given = 0;
    long[] floors = new long[populations.size()];
    double[] rests = new double[populations.size()];
    for (int q = 0; q < populations.size(); q++) {
      if (populations.get(q).share() instanceof Population.Weight w) {
        double exact = total * (w.weight() / sum);
        floors[q] = (long) Math.floor(exact);
        rests[q] = exact - floors[q];
        given += floors[q];
      } else {
        rests[q] = -1;
      }
    }
    // Population p gets one more if its remainder ranks among the total - given largest.
    long ahead = 0;
    for (int q = 0; q < populations.size(); q++) {
      if (rests[q] > rests[p] || (rests[q] == rests[p] && q < p)) {
        ahead++;
      }
    }
    return floors[p] + (rests[p] >= 0 && ahead < total - given ? 1 : 0);
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
   * Whether this is a plan of stages of users: one set of users runs through all its stages, each
   * user keeping its connection and session from one stage to the next.
   */
  public boolean stagesOfUsers() {
    return !isOpen() && !stages().isEmpty();
  }

  /**
   * The one-run number of this generator's user {@code unit} of population {@code p} in {@code
   * phase}. Stages of users are shared out by number, user k to shard k mod N, so that a user is on
   * the same shard in every stage; a phase's users in blocks ({@link Shard#first}).
   */
  public int user(Phase phase, int p, int unit) {
    return stagesOfUsers() ? shard.index() + unit * shard.count() : firstUser(phase, p) + unit;
  }

  /**
   * Whether one drive runs through all the plan's phases, its users going on from each to the next:
   * the open model's one schedule of arrivals, and stages of users. The closed model's phases run
   * back to back instead, each once its users are done.
   */
  public boolean runsThrough() {
    return isOpen() || stagesOfUsers();
  }

  /**
   * When phase {@code index} begins on a plan that {@link #runsThrough}, in nanoseconds after the
   * first began: the lengths of the stages, or of the open-model phases' schedules, before it.
   */
  public long scheduledStartNanos(int index) {
    long at = 0;
    for (Phase p : phases.subList(0, index)) {
      at += isOpen() ? (long) (phaseSeconds(p) * 1e9) : stages().get(p.index()).length().toNanos();
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

  /** This plan with arrivals at a set rate (the open model). */
  public LoadPlan withOpenModel(Model.Open model) {
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

  public boolean isOpen() {
    return model instanceof Model.Open;
  }

  /**
   * Arrivals in one phase of the whole plan for its weighted populations together: in the closed
   * model its threads x ITERATIONS; in the open model the same (so the phase lasts about THREADS x
   * ITERATIONS / rate), or rate x fraction x the phase length when one is given (at least 1).
   */
  private long weightedArrivals(Phase phase) {
    if (model instanceof Model.Open open && open.staged()) {
      return open.stages().get(phase.index()).arrivals();
    }
    if (model instanceof Model.Open open && open.phaseLength() != null) {
      double seconds = open.phaseLength().toNanos() / 1e9;
      return Math.max(1, Math.round(open.rate() * phase.fraction() * seconds));
    }
    return (long) phase.threads() * iterations;
  }

  /** How long an open-model phase's schedule lasts, in seconds. */
  private double phaseSeconds(Phase phase) {
    Model.Open open = (Model.Open) model;
    if (open.staged()) {
      return open.stages().get(phase.index()).seconds();
    }
    return weightedArrivals(phase) / (open.rate() * phase.fraction());
  }

  /**
   * Population {@code p}'s arrivals in one open-model phase of the whole plan: a weighted one's
   * exact share of the phase's arrivals, a fixed-rate one's rate x the phase's length (at least 1).
   */
  public long wholeArrivals(Phase phase, int p) {
    if (populations.get(p).share() instanceof Population.Rate r) {
      return Math.max(1, Math.round(r.perSecond() * phaseSeconds(phase)));
    }
    return split(populations, weightedArrivals(phase), p);
  }

  /** Arrivals (iterations) in one phase of the whole plan, every population's. */
  public long wholeArrivals(Phase phase) {
    if (!isOpen()) {
      long sum = 0;
      for (int p = 0; p < populations.size(); p++) {
        sum += (long) wholeUsers(phase, p) * iterations;
      }
      return sum;
    }
    long sum = 0;
    for (int p = 0; p < populations.size(); p++) {
      sum += wholeArrivals(phase, p);
    }
    return sum;
  }

  /**
   * Iterations this generator runs in one phase: the whole plan's or its shard's share, every
   * population's.
   */
  public long arrivals(Phase phase) {
    if (!isOpen()) {
      return (long) threads(phase) * iterations;
    }
    long sum = 0;
    for (int p = 0; p < populations.size(); p++) {
      sum += units(phase, p);
    }
    return sum;
  }

  /**
   * Population {@code p}'s rate in an open-model phase of the whole plan, arrivals per second: its
   * arrivals spread over the phase's length, or its fixed rate; 0 in the closed model.
   */
  public double wholeRate(Phase phase, int p) {
    if (!(model instanceof Model.Open open)) {
      return 0;
    }
    if (populations.get(p).share() instanceof Population.Rate r) {
      return r.perSecond();
    }
    double all =
        open.staged()
            ? open.stages().get(phase.index()).meanRate()
            : open.rate() * phase.fraction();
    return populations.size() == 1
        ? all
        : all * wholeArrivals(phase, p) / (double) weightedArrivals(phase);
  }

  /**
   * Population {@code p}'s part of the weighted populations' arrivals in {@code phase} (1 for a
   * plan's only population); 0 for a fixed-rate one.
   */
  public double weightShare(Phase phase, int p) {
    if (populations.get(p).share() instanceof Population.Rate) {
      return 0;
    }
    return populations.size() == 1 ? 1 : wholeArrivals(phase, p) / (double) weightedArrivals(phase);
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

  /**
   * This generator's users {@code nanos} into a closed-model stage: the stage's target at that
   * moment, its shard's share; the phase's threads for a plan of phases.
   */
  public double usersAt(Phase phase, long nanos) {
    Stage stage = stage(phase);
    if (stage == null || isOpen()) {
      return threads(phase);
    }
    return stage.at(nanos) / shard.count();
  }

  /**
   * This generator's rate {@code nanos} into {@code phase}: a stage's ramp at that moment (its
   * weighted populations' part, and every fixed-rate population's own), or the phase's one rate.
   */
  public double rateAt(Phase phase, long nanos) {
    Stage stage = stage(phase);
    if (stage == null || !isOpen()) {
      return rate(phase);
    }
    double sum = 0;
    boolean weighted = false;
    for (int p = 0; p < populations.size(); p++) {
      if (populations.get(p).share() instanceof Population.Rate r) {
        sum += r.perSecond();
      } else {
        weighted = true;
      }
    }
    if (weighted) {
      sum += stage.at(nanos);
    }
    return sum / shard.count();
  }

  /**
   * What this generator runs of population {@code p} in {@code phase}: its users in the closed
   * model, its arrivals in the open model. The recording holds {@link #perUnit} slots for each.
   */
  public long units(Phase phase, int p) {
    return isOpen() ? shard.arrivals(wholeArrivals(phase, p)) : users(phase, p);
  }

  /**
   * The requests of one of population {@code p}'s {@link #units}: a closed-model user's setup,
   * ITERATIONS x its iteration and teardown; an open-model arrival's setup, iteration and teardown.
   */
  public int perUnit(int p) {
    Population pop = populations.get(p);
    return (int) (isOpen() ? pop.size() : pop.requestsPerUser(iterations));
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
}
