package io.phaseload.client.cli;

import io.phaseload.client.engine.EngineKind;
import io.phaseload.client.plan.ClosedStages;
import io.phaseload.client.plan.Durations;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.OpenStages;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.run.FailureLimit;
import io.phaseload.client.run.RunConfig;
import io.phaseload.client.run.StartAt;
import io.phaseload.common.ThreadMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the option groups a run and a sweep share into a checked {@link RunConfig}, one named step
 * per part: the target, the shard, the seed, the requests, the plan, the engine, the limits. Reads
 * the scenario or body file once per call; creates nothing.
 */
final class RunSetup {

  /** The seed shards share when --seed is not given. */
  static final long SHARD_SEED = 0;

  private final TargetOptions target;
  private final RequestOptions requests;
  private final LoadOptions load;

  RunSetup(TargetOptions target, RequestOptions requests, LoadOptions load) {
    this.target = target;
    this.requests = requests;
    this.load = load;
  }

  /** ITERATIONS left out of a run by time ({@code --for}): as many as the recording can hold. */
  static final int UNTIL_TIME = 0;

  /**
   * One run of {@code threads} x {@code iterations} with these options.
   *
   * @param hostPort empty, or HOST and PORT
   * @param shard the single run's --shard and --start-at; null for a sweep's runs
   */
  RunConfig config(int threads, int iterations, List<String> hostPort, ShardOptions shard)
      throws UsageException {
    Target to = target.target(hostPort);
    Shard share = shard(shard, to);
    Scenario scenario = scenario(to, share);
    try {
      LoadPlan plan =
          plan(threads, iterations, scenario)
              .withPopulations(scenario.populations())
              .sharded(share);
      if (scenario.data() != null) {
        scenario.data().checkEnough(plan.whole());
      }
      return RunConfig.builder(plan, scenario)
          .target(to, target.path())
          .timeouts(target.connectTimeout(), target.readTimeout())
          .engine(EngineKind.parse(load.engine), threadMode(), target.insecure)
          .keepAlive(!target.noKeepAlive)
          .protocol(target.protocol())
          .maxFailures(
              load.maxFailures == null
                  ? FailureLimit.UNLIMITED
                  : FailureLimit.parse(load.maxFailures, plan.totalRequests()))
          .duration(load.duration == null ? null : Durations.parse("--duration", load.duration))
          .ignoreFileLimit(load.ignoreFileLimit)
          .startAt(startAt(shard))
          .redaction(requests.redaction())
          .sparse(!plan.stages().isEmpty())
          .build();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private static Shard shard(ShardOptions shard, Target to) throws UsageException {
    if (shard == null || shard.shard == null) {
      return Shard.WHOLE;
    }
    if (to == null) {
      throw new UsageException(
          "--shard needs HOST PORT or --url: the shards of a plan test one server, not each its"
              + " own embedded one");
    }
    try {
      return Shard.parse(shard.shard);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * What an iteration sends. {@code --url} alone sends one GET, as every peer does with a URL it is
   * given; HOST PORT and the embedded server keep the contract they were made for.
   */
  private Scenario scenario(Target to, Shard share) throws UsageException {
    // Shards must draw from one seed (their variables and a poisson schedule are the one run's),
    // so without --seed they share a fixed one rather than each drawing its own.
    Long seed = requests.seed == null && !share.whole() ? Long.valueOf(SHARD_SEED) : requests.seed;
    if (requests.scenario != null && target.path != null) {
      throw new UsageException(
          "--path is the path of the contract or of the -X/-d request; a scenario's requests give"
              + " their own");
    }
    Target url = to != null && target.url != null ? to : null;
    return requests.flags(seed).scenario(to == null ? target.path() : to.pathAndQuery(), url);
  }

  private LoadPlan plan(int threads, int iterations, Scenario scenario) {
    if (load.forLength != null) {
      return timed(threads, iterations, scenario);
    }
    if (load.stages != null || scenario.stages() != null) {
      return staged(threads, iterations, scenario);
    }
    LoadPlan plan = LoadPlan.of(threads, iterations, fractions(load.phases), scenario.names());
    if (load.rate == null) {
      if (load.phaseSeconds != null || load.arrivals != null) {
        throw new IllegalArgumentException("--phase-seconds and --arrivals need --rate");
      }
      return plan;
    }
    if (load.phaseSeconds != null && !(load.phaseSeconds > 0)) {
      throw new IllegalArgumentException(
          "--phase-seconds must be positive, got " + load.phaseSeconds);
    }
    return plan.withModel(
        new OpenPhases(
            load.rate,
            load.phaseSeconds == null
                ? null
                : Duration.ofNanos(Math.round(load.phaseSeconds * 1e9)),
            load.arrivals == null ? Spacing.UNIFORM : Spacing.parse(load.arrivals)));
  }

  /**
   * The plan of {@code --for D}: one stage of D, THREADS users throughout (each running up to
   * {@code iterations}, or as many as the recording can hold when left out), or {@code --rate R}
   * arrivals a second throughout.
   */
  private LoadPlan timed(int threads, int iterations, Scenario scenario) {
    if (load.phases != null || load.stages != null || load.phaseSeconds != null) {
      throw new IllegalArgumentException(
          "--for is the run's length: no --phases, --stages or --phase-seconds beside it");
    }
    Duration length = Durations.parse("--for", load.forLength);
    Spacing spacing = load.arrivals == null ? Spacing.UNIFORM : Spacing.parse(load.arrivals);
    if (load.rate != null) {
      if (!(load.rate > 0)) {
        throw new IllegalArgumentException("--rate must be positive, got " + load.rate);
      }
      return OpenStages.plan(
          threads, List.of(new Stage(load.rate, load.rate, length)), spacing, scenario.names());
    }
    if (load.arrivals != null) {
      throw new IllegalArgumentException("--arrivals is for arrivals a second: give --rate R");
    }
    if (scenario.populations().size() > 1) {
      throw new IllegalArgumentException(
          "--for runs one population of users for now: give several populations --rate R");
    }
    List<Stage> held = List.of(new Stage(threads, threads, length));
    if (iterations != UNTIL_TIME) {
      return ClosedStages.plan(threads, iterations, held, scenario.names());
    }
    // The most iterations each user can run that the recording can address: each sends a request
    // at least, so no more than the recording's slots over the users.
    long slots = RecordLayout.MAX_REQUESTS;
    int low = 1;
    int high = (int) Math.max(1, Math.min(Integer.MAX_VALUE, slots / threads));
    while (low < high) {
      int mid = (int) (((long) low + high + 1) / 2);
      LoadPlan plan = ClosedStages.plan(threads, mid, held, scenario.names());
      if (plan.totalRequests() <= RecordLayout.MAX_REQUESTS) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    return ClosedStages.plan(threads, low, held, scenario.names());
  }

  private ThreadMode threadMode() {
    ThreadMode mode = ThreadMode.parse(load.threadMode);
    mode.resolve(); // refuses virtual threads on a JDK without them, before the run
    return mode;
  }

  private static Instant startAt(ShardOptions shard) {
    return shard == null || shard.startAt == null ? null : StartAt.parse(shard.startAt);
  }

  /**
   * The plan of {@code --stages}, one phase a stage: in the open model THREADS caps the arrivals in
   * flight in each; in the closed model it caps the users.
   */
  private LoadPlan staged(int threads, int iterations, Scenario scenario) {
    if (load.phases != null) {
      throw new IllegalArgumentException("--stages and --phases are two load shapes: give one");
    }
    if (load.rate != null && !(load.rate >= 0)) {
      throw new IllegalArgumentException("--rate must be 0 or more, got " + load.rate);
    }
    if (load.phaseSeconds != null) {
      throw new IllegalArgumentException("--stages give each stage its length: no --phase-seconds");
    }
    // --stages overrides the scenario file's stages:, as k6's options do its script's.
    // With --rate R the targets are arrivals per second, from R (k6's startRate).
    Stage.Shape shape =
        Stage.parse(load.stages != null ? load.stages : scenario.stages(), load.rate);
    if (!shape.rates()) {
      if (load.arrivals != null) {
        throw new IllegalArgumentException("--arrivals is for stages of arrivals (R/s)");
      }
      if (scenario.populations().size() > 1) {
        throw new IllegalArgumentException(
            "--stages of users run one population for now: give several populations stages of"
                + " arrivals (R/s)");
      }
      return ClosedStages.plan(threads, iterations, shape.stages(), scenario.names());
    }
    return OpenStages.plan(
        threads,
        shape.stages(),
        load.arrivals == null ? Spacing.UNIFORM : Spacing.parse(load.arrivals),
        scenario.names());
  }

  private static List<Double> fractions(String list) {
    if (list == null) {
      return LoadPlan.DEFAULT_FRACTIONS;
    }
    List<Double> out = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      try {
        out.add(Double.parseDouble(part.trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "--phases must be fractions like 0.1,0.5,1.0,0.25, got '" + list + "'");
      }
    }
    return out;
  }
}
