package io.phaseload.client.run;

import io.phaseload.client.engine.Alpn;
import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.EngineSettings;
import io.phaseload.client.engine.Protocol;
import io.phaseload.client.engine.Tls;
import io.phaseload.client.plan.Durations;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.SlotWords;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Owns the running of load tests against one target: choosing the target (starting the embedded
 * server when none is given), checking it can be reached, and for each run the checks before it,
 * the engine, the executor, the deadline, the live progress and the interrupt state. Returns each
 * finished run with its statistics; printing and exit codes are the caller's.
 *
 * <p>{@link #run} is called by one thread at a time; {@link #interrupt} and {@link #abort} may be
 * called from any thread (a signal handler). {@link #close} stops the embedded server.
 */
public final class RunSession implements AutoCloseable {

  private final Target target;
  private final PhaseloadServer embedded;
  private final Protocol protocol;
  private volatile PhaseRunner active;
  private volatile Engine activeEngine;
  private volatile boolean interrupted;
  private volatile List<GeneratorLoad> generator = List.of();

  private RunSession(Target target, PhaseloadServer embedded, Protocol protocol) {
    this.target = target;
    this.embedded = embedded;
    this.protocol = protocol;
  }

  /**
   * Opens a session on the config's target: checks the run fits this process, starts the embedded
   * server if the config names no target, and connects once to make sure the target answers.
   *
   * @throws RunRefusedException if the run cannot fit the heap or the open-files limit
   * @throws UnreachableException if the target accepts no connection
   * @throws IOException if the embedded server cannot start
   */
  public static RunSession open(RunConfig config)
      throws RunRefusedException, UnreachableException, IOException {
    preflight(config);
    PhaseloadServer server = null;
    Target target = config.target();
    if (target == null) {
      ServerConfig sc = ServerConfig.ephemeral();
      server =
          PhaseloadServer.start(
              config.embeddedWorkers() == null ? sc : sc.withWorkers(config.embeddedWorkers()));
      target = Target.of("127.0.0.1", server.port(), config.path());
    }
    try {
      Reachability.require(target, config.connectTimeout());
      for (Target other : config.scenario().origins()) {
        Reachability.require(other, config.connectTimeout());
      }
    } catch (UnreachableException e) {
      if (server != null) {
        server.close();
      }
      throw e;
    }
    Protocol spoken = Alpn.spoken(config.protocol(), target, tls(config));
    return new RunSession(target, server, spoken);
  }

  private static Tls tls(RunConfig config) {
    return config.insecure() ? Tls.insecure() : Tls.system();
  }

  /**
   * The protocol the run speaks: as asked, but HTTP/1.1 where HTTP/2 was asked on https without
   * insisting and the server chose HTTP/1.1 by ALPN.
   */
  public Protocol protocol() {
    return protocol;
  }

  /**
   * The checks made before anything starts: the recording fits the heap, and the busiest phase's
   * connections fit the open-files limit (unless the config says to go ahead).
   *
   * @return the limit as read, if the platform tells it
   */
  public static Optional<FileLimit> preflight(RunConfig config) throws RunRefusedException {
    HeapCheck.require(config, 0);
    long connections = connections(config);
    Optional<FileLimit> limit = FileLimit.ofThisProcess();
    if (!config.ignoreFileLimit() && limit.isPresent() && !limit.get().fits(connections)) {
      throw new RunRefusedException(limit.get().refusal(connections));
    }
    return limit;
  }

  /** Sockets the run holds at once: one per user thread, twice that with the embedded server. */
  private static long connections(RunConfig config) {
    long peak = config.plan().peakThreads();
    return config.target() == null ? 2 * peak : peak;
  }

  public Target target() {
    return target;
  }

  /** The embedded server, if this session started one. */
  public Optional<PhaseloadServer> embedded() {
    return Optional.ofNullable(embedded);
  }

  /**
   * Runs {@code config}'s plan against this session's target and computes its statistics. Honours
   * {@link #interrupt}, the failure limit, {@code --duration} and the run deadline.
   *
   * @param listener told of phase boundaries
   * @param live where to draw the live progress line; null for none
   * @throws RunRefusedException if the run cannot fit this process
   */
  public RunResult run(RunConfig config, PhaseListener listener, PrintStream live)
      throws RunRefusedException, InterruptedException {
    Optional<FileLimit> fileLimit = preflight(config);
    LoadPlan plan = config.plan();
    Reasons reasons = new Reasons(config.redaction());
    long connections = connections(config);
    fileLimit.ifPresent(
        l ->
            reasons.explain(
                Reasons.OUT_OF_FILES, "out of file descriptors: " + l.describe(connections)));
    SlotWords words = config.slotWords(protocol);
    LatencyRecorder recorder =
        config.sparse()
            ? LatencyRecorder.sparse(plan, words)
            : LatencyRecorder.allocate(plan, words);
    if (config.sparse()) {
      int pages = HeapCheck.pages(plan, words, 0);
      recorder.limitPages(
          pages,
          () ->
              stop(
                  String.format(
                      Locale.ROOT,
                      "the recording filled the heap's room for it (%,d MiB): raise -Xmx, or run"
                          + " shorter",
                      (long) pages * LatencyRecorder.pageBytes(plan, words) >> 20)));
    }
    if (config.startAt() != null) {
      // Shards on other machines start at the same instant; waiting is no part of the run (no
      // deadline, no live progress yet), and Ctrl-C ends it (the run then stops at once).
      StartAt.await(config.startAt(), Clock.systemUTC(), () -> interrupted);
    }
    RunResult result;
    LiveProgress progress = live == null ? null : LiveProgress.start(recorder, live);
    EngineSettings settings =
        new EngineSettings(
            config.engine(),
            config.scenario(),
            target,
            Math.max(1, plan.peakThreads()),
            config.connectTimeout(),
            config.readTimeout(),
            tls(config),
            config.keepAlive(),
            reasons,
            protocol);
    GeneratorWatch watch = GeneratorWatch.start();
    listener.runStarted(watch.view(recorder, reasons));
    // The engine closes first: its event loops, if it has any, are tasks of the executor.
    try (ExecutorCloser executor =
            new ExecutorCloser(
                UserThreads.create(config.effectiveThreadMode(), Math.max(1, plan.peakThreads())));
        Engine engine = Engines.create(settings, executor.service)) {
      PhaseRunner test =
          new PhaseRunner(
              plan,
              config.scenario(),
              engine,
              executor.service,
              recorder,
              reasons,
              PhaseListener.both(
                  watch, progress == null ? listener : PhaseListener.both(progress, listener)),
              System::nanoTime);
      watch.gaps(test::gaps);
      test.limitFailures(config.maxFailures());
      // With --ignore-file-limit a run may need more files than it has: it opens ahead only the
      // connections that fit, each with the embedded server's end of it when that runs here.
      fileLimit.ifPresent(
          l -> test.openAheadAtMost(l.mostConnections() / (embedded == null ? 1 : 2)));
      test.seed(config.scenario().seed(), config.scenario().usesRandom());
      activeEngine = engine;
      active = test;
      if (interrupted) {
        test.stop("interrupted");
      }
      Duration bound = RunDeadline.bound(plan, config.connectTimeout(), config.readTimeout());
      boolean byDuration = config.duration() != null && config.duration().compareTo(bound) < 0;
      Duration limit = byDuration ? config.duration() : bound;
      String why =
          byDuration
              ? "--duration " + Durations.format(limit) + " reached"
              : "the run deadline of " + bound.toSeconds() + " s passed";
      RunDeadline deadline =
          RunDeadline.start(
              limit,
              () -> {
                test.stop(why);
                engine.abort();
              });
      try {
        result = test.run();
      } finally {
        deadline.close();
      }
    } finally {
      watch.close();
      generator = watch.phases();
      active = null;
      activeEngine = null;
      if (progress != null) {
        progress.close();
      }
    }
    return result;
  }

  /** How hard the generator worked in each phase of the last run: whether it limited the run. */
  public List<GeneratorLoad> generator() {
    return generator;
  }

  /** Stops the run in progress (Ctrl-C), and any later one: the report covers what ran. */
  public void interrupt() {
    interrupted = true;
    PhaseRunner test = active;
    if (test != null) {
      test.stop("interrupted");
    }
  }

  /** Stops the run in progress with {@code reason}, as the failure limit would. */
  public void stop(String reason) {
    PhaseRunner test = active;
    if (test != null) {
      test.stop(reason);
    }
  }

  public boolean interrupted() {
    return interrupted;
  }

  /** Closes the run's connections at once, so that threads blocked on a silent target return. */
  public void abort() {
    Engine engine = activeEngine;
    if (engine != null) {
      engine.abort();
    }
  }

  @Override
  public void close() {
    if (embedded != null) {
      embedded.close();
    }
  }
}
