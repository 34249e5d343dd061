package io.phaseload.client.run;

import io.phaseload.client.engine.EngineKind;
import io.phaseload.client.engine.Protocol;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Redaction;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.result.SlotWords;
import io.phaseload.common.ThreadMode;
import java.time.Duration;
import java.time.Instant;

/**
 * Everything one run needs to know, checked: pure data, touched by nothing while it is built.
 *
 * @param scenario what each iteration sends; requests without a URL of their own go to the target
 * @param target null to start the embedded server and target it
 * @param path the path on the embedded server
 * @param threadMode how user threads are made, as asked (auto resolves per JDK)
 * @param insecure whether https targets are trusted without checking their certificate
 * @param keepAlive whether connections carry request after request; false ({@code --no-keepalive})
 *     for a new connection per request, its opening timed apart
 * @param maxFailures how many failed requests stop the run early
 * @param duration the longest the whole run may take; null for no bound but the run deadline
 * @param ignoreFileLimit run even if the open-files limit is too low for the busiest phase
 * @param embeddedWorkers the embedded server's worker threads; null for its default
 * @param startAt when to start the first phase ({@code --start-at}); null to start at once
 * @param redaction what the outputs hide, failure excerpts included ({@code --redact-header},
 *     {@code --no-redact})
 * @param sparse whether the recording allocates its pages as it fills them, within the heap's room,
 *     with no room set aside for the whole plan: a run of stages ({@code --for}, {@code --stages}),
 *     whose length is time, in either model (a closed one's users' iterations are then a bound, not
 *     a count)
 * @param protocol which HTTP the run speaks ({@code --http2}), and how HTTP/2 shares connections
 */
public record RunConfig(
    LoadPlan plan,
    Scenario scenario,
    Target target,
    String path,
    Duration connectTimeout,
    Duration readTimeout,
    EngineKind engine,
    ThreadMode threadMode,
    boolean insecure,
    boolean keepAlive,
    FailureLimit maxFailures,
    Duration duration,
    boolean ignoreFileLimit,
    Integer embeddedWorkers,
    Instant startAt,
    Redaction redaction,
    boolean sparse,
    Protocol protocol) {

  public RunConfig {
    if (plan == null || engine == null || threadMode == null || maxFailures == null) {
      throw new IllegalArgumentException(
          "a run needs a plan, an engine, a thread mode and a limit");
    }
    if (protocol == null) {
      throw new IllegalArgumentException("a run needs a protocol (Protocol.HTTP_1_1)");
    }
    protocol.check(engine, keepAlive);
    if (redaction == null) {
      throw new IllegalArgumentException("a run needs a redaction (Redaction.DEFAULT)");
    }
    if (scenario == null || !scenario.names().equals(plan.requestNames())) {
      throw new IllegalArgumentException("the plan's requests must be the scenario's");
    }
    if (connectTimeout.isNegative() || connectTimeout.isZero()) {
      throw new IllegalArgumentException("--connect-timeout must be positive");
    }
    if (readTimeout.isNegative() || readTimeout.isZero()) {
      throw new IllegalArgumentException("--read-timeout must be positive");
    }
    if (duration != null && (duration.isNegative() || duration.isZero())) {
      throw new IllegalArgumentException("--duration must be positive, got " + duration);
    }
  }

  /**
   * The thread mode the run uses: as asked, with auto resolved for this JDK; except that the open
   * model's auto is platform threads, because its pacing parks every thread until each arrival's
   * time, and timed parks on virtual threads wake late (10,000 arrivals/s against nginx, JDK 25:
   * 490 late of 30,000 on virtual threads, 40 on platform threads; after warm-up 59 against 0). The
   * event-loop engine's pool is always platform threads: it runs the loops, each of which blocks in
   * its selector for the whole run, and {@code --thread-mode} is for the engines that give each
   * user a thread.
   */
  public ThreadMode effectiveThreadMode() {
    // Scheduled arrivals are taken by a pool of threads, never a thread per user.
    if (engine == EngineKind.LOOP || threadMode == ThreadMode.AUTO && plan.isOpen()) {
      return ThreadMode.PLATFORM;
    }
    return threadMode.resolve();
  }

  /**
   * The words the run's recording keeps for each request after its own when it speaks {@code
   * spoken} (the protocol asked, or HTTP/1.1 where an https server chose it): the connection times
   * of a run that opens a connection per request, the stream wait of a run over HTTP/2.
   */
  public SlotWords slotWords(Protocol spoken) {
    return new SlotWords(!keepAlive, spoken.http2());
  }

  /** This configuration against an embedded server with {@code workers} threads. */
  public RunConfig withEmbeddedWorkers(Integer workers) {
    return toBuilder().embeddedWorkers(workers).build();
  }

  /** A run of {@code plan}, each iteration sending {@code scenario}; the rest in named steps. */
  public static Builder builder(LoadPlan plan, Scenario scenario) {
    return new Builder(plan, scenario);
  }

  /** This configuration with another plan of the same requests (a capacity search's steps). */
  public RunConfig withPlan(LoadPlan other) {
    return toBuilder(other).build();
  }

  private Builder toBuilder() {
    return toBuilder(plan);
  }

  private Builder toBuilder(LoadPlan plan) {
    return builder(plan, scenario)
        .target(target, path)
        .timeouts(connectTimeout, readTimeout)
        .engine(engine, threadMode, insecure)
        .keepAlive(keepAlive)
        .maxFailures(maxFailures)
        .duration(duration)
        .ignoreFileLimit(ignoreFileLimit)
        .embeddedWorkers(embeddedWorkers)
        .startAt(startAt)
        .redaction(redaction)
        .sparse(sparse)
        .protocol(protocol);
  }

  /**
   * Builds a {@link RunConfig} step by step, each step naming what it sets; {@link #build} checks
   * the whole. Defaults: the embedded server at /sayHello, 5 s to connect, 30 s to read, the raw
   * engine on auto threads, no failure limit, no duration. Not thread-safe.
   */
  public static final class Builder {
    private final LoadPlan plan;
    private final Scenario scenario;
    private Target target;
    private String path = "/sayHello";
    private Duration connectTimeout = Duration.ofSeconds(5);
    private Duration readTimeout = Duration.ofSeconds(30);
    private EngineKind engine = EngineKind.LOOP;
    private ThreadMode threadMode = ThreadMode.AUTO;
    private boolean insecure;
    private Protocol protocol = Protocol.HTTP_1_1;
    private boolean keepAlive = true;
    private FailureLimit maxFailures = FailureLimit.UNLIMITED;
    private Duration duration;
    private boolean ignoreFileLimit;
    private Integer embeddedWorkers;
    private Instant startAt;
    private Redaction redaction = Redaction.DEFAULT;
    private boolean sparse;

    private Builder(LoadPlan plan, Scenario scenario) {
      this.plan = plan;
      this.scenario = scenario;
    }

    /** The target (null: the embedded server) and the path on the embedded server. */
    public Builder target(Target target, String path) {
      this.target = target;
      this.path = path;
      return this;
    }

    public Builder timeouts(Duration connect, Duration read) {
      this.connectTimeout = connect;
      this.readTimeout = read;
      return this;
    }

    public Builder engine(EngineKind kind, ThreadMode mode, boolean insecure) {
      this.engine = kind;
      this.threadMode = mode;
      this.insecure = insecure;
      return this;
    }

    /** Whether connections are kept for the next request; false: one per request. */
    public Builder keepAlive(boolean keepAlive) {
      this.keepAlive = keepAlive;
      return this;
    }

    public Builder maxFailures(FailureLimit limit) {
      this.maxFailures = limit;
      return this;
    }

    /** The longest the whole run may take; null for no bound but the run deadline. */
    public Builder duration(Duration duration) {
      this.duration = duration;
      return this;
    }

    public Builder ignoreFileLimit(boolean ignore) {
      this.ignoreFileLimit = ignore;
      return this;
    }

    /** The embedded server's worker threads; null for its default. */
    public Builder embeddedWorkers(Integer workers) {
      this.embeddedWorkers = workers;
      return this;
    }

    /** When the first phase starts; null to start at once. */
    public Builder startAt(Instant startAt) {
      this.startAt = startAt;
      return this;
    }

    /**
     * Whether the plan's iterations are a bound (a run by time): the recording fills as it goes.
     */
    public Builder sparse(boolean sparse) {
      this.sparse = sparse;
      return this;
    }

    /** Which HTTP the run speaks; HTTP/1.1 unless set. */
    public Builder protocol(Protocol protocol) {
      this.protocol = protocol;
      return this;
    }

    /** What the outputs hide; {@link Redaction#DEFAULT} unless set. */
    public Builder redaction(Redaction redaction) {
      this.redaction = redaction;
      return this;
    }

    /**
     * The configuration.
     *
     * @throws IllegalArgumentException with a message for a person, if the parts do not fit
     */
    public RunConfig build() {
      return new RunConfig(
          plan,
          scenario,
          target,
          path,
          connectTimeout,
          readTimeout,
          engine,
          threadMode,
          insecure,
          keepAlive,
          maxFailures,
          duration,
          ignoreFileLimit,
          embeddedWorkers,
          startAt,
          redaction,
          sparse,
          protocol);
    }
  }
}
