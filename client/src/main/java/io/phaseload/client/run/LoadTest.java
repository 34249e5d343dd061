package io.phaseload.client.run;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.record.LatencyRecorder;
import io.phaseload.client.record.RecordLayout;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Vars;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Runs a plan's phases back to back on one executor. In each phase every thread opens a session,
 * waits at a start gate until all its peers are ready, then does ITERATIONS x the iteration's
 * requests, recording each into its own slice. A phase ends when all its threads have finished.
 * Every class the hot path needs is loaded before the first phase ({@link Engine#prepare}).
 *
 * <p>{@link #run} is called once, by one thread; {@link #stop} may be called from any thread (a
 * signal handler, a failure budget) and makes every user thread finish its current request and
 * stop.
 */
public final class LoadTest {

  /** Told of phase boundaries, on the thread that called {@link #run}. */
  public interface Listener {
    default void phaseStarted(Phase phase) {}

    default void phaseFinished(PhaseResult result) {}
  }

  private final LoadPlan plan;
  private final Engine engine;
  private final ExecutorService executor;
  private final LatencyRecorder recorder;
  private final Reasons reasons;
  private final Listener listener;
  private final LongSupplier nanoTime;
  private volatile FailureLimit limit = FailureLimit.UNLIMITED;
  private volatile long seed;
  private volatile boolean seedUsed;

  /** This run's failures, counted only when a limit is set; touched on failures only. */
  private final LongAdder failures = new LongAdder();

  private volatile String stopReason;

  /**
   * @param reasons the table the engine's sessions fill, returned with the result
   */
  public LoadTest(
      LoadPlan plan,
      Engine engine,
      ExecutorService executor,
      LatencyRecorder recorder,
      Reasons reasons,
      Listener listener,
      LongSupplier nanoTime) {
    this.plan = plan;
    this.engine = engine;
    this.executor = executor;
    this.recorder = recorder;
    this.reasons = reasons;
    this.listener = listener;
    this.nanoTime = nanoTime;
  }

  /**
   * Stops the run once more requests than {@code max} allow have failed. Call before {@link #run}.
   */
  public void limitFailures(FailureLimit max) {
    this.limit = max;
  }

  /**
   * The seed the requests' random variables draw from, and whether any does. Call before {@link
   * #run}.
   */
  public void seed(long runSeed, boolean used) {
    this.seed = runSeed;
    this.seedUsed = used;
  }

  /** Asks the run to stop after the requests in flight; the first reason given is kept. */
  public void stop(String reason) {
    if (stopReason == null) {
      stopReason = reason;
    }
  }

  public boolean stopped() {
    return stopReason != null;
  }

  /**
   * Runs every phase, or as many as start before {@link #stop}.
   *
   * @throws InterruptedException if the calling thread is interrupted while waiting for a phase
   */
  public RunResult run() throws InterruptedException {
    prepare();
    long startMillis = System.currentTimeMillis();
    long runStart = nanoTime.getAsLong();
    List<PhaseResult> results = new ArrayList<>();
    for (Phase phase : plan.phases()) {
      if (stopped()) {
        break;
      }
      listener.phaseStarted(phase);
      PhaseResult result = runPhase(phase, runStart);
      results.add(result);
      listener.phaseFinished(result);
    }
    long wall = nanoTime.getAsLong() - runStart;
    return new RunResult(
        plan, startMillis, wall, results, recorder, reasons, stopReason, seed, seedUsed);
  }

  /**
   * Loads and links everything the user threads touch per request, before the first phase: a class
   * first loaded mid-run needs a file descriptor to read it, just when a run at its open-files
   * limit has none left, and its loading would be timed as latency.
   */
  private void prepare() {
    engine.prepare();
    long start = RecordLayout.packStart(1, Outcome.of(Outcome.OK, 200));
    long time = RecordLayout.packTime(1, 0, 0);
    if (RecordLayout.latency(time) != 1 || !Outcome.ok(RecordLayout.outcome(start))) {
      throw new IllegalStateException("the record layout does not read back what it packed");
    }
    limit.exceededBy(failures.sum());
  }

  private PhaseResult runPhase(Phase phase, long runStart) throws InterruptedException {
    int threads = phase.threads();
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch gate = new CountDownLatch(1);
    List<Future<?>> tasks = new ArrayList<>(threads);
    long setup = nanoTime.getAsLong();
    try {
      for (int t = 0; t < threads; t++) {
        int thread = t;
        int slice = recorder.sliceStart(phase.index(), t);
        tasks.add(
            executor.submit(
                () -> {
                  user(phase, thread, slice, runStart, ready, gate);
                  return null;
                }));
      }
    } catch (RuntimeException | Error e) {
      // No more threads (out of memory for stacks, a process limit): run no further, report what
      // ran. The threads never started will never count down, so count down for them.
      stop("could not start thread " + (tasks.size() + 1) + " of " + threads + ": " + e);
      for (int t = tasks.size(); t < threads; t++) {
        ready.countDown();
      }
    }
    try {
      ready.await();
    } finally {
      // Open the gate even if waiting was interrupted, so that no started thread waits forever.
      gate.countDown();
    }
    long start = nanoTime.getAsLong();
    for (Future<?> task : tasks) {
      try {
        task.get();
      } catch (ExecutionException e) {
        stop("a user thread failed: " + e.getCause());
      }
    }
    long end = nanoTime.getAsLong();
    return new PhaseResult(phase, start - runStart, end - start, !stopped(), start - setup);
  }

  /** One user thread's work: its slice of the phase, in order. */
  private void user(
      Phase phase, int thread, int slice, long runStart, CountDownLatch ready, CountDownLatch gate)
      throws InterruptedException {
    int phaseIndex = phase.index();
    int iterations = plan.iterations();
    int requests = plan.requestNames().size();
    FailureLimit max = limit;
    Vars vars = new Vars(thread, phase.name(), phaseIndex, seed);
    boolean readied = false;
    try (Engine.Session session = engine.open()) {
      ready.countDown();
      readied = true;
      gate.await();
      int k = slice;
      for (int i = 0; i < iterations; i++) {
        vars.iteration(i);
        for (int r = 0; r < requests; r++) {
          if (stopReason != null) {
            return;
          }
          long t0 = nanoTime.getAsLong();
          int outcome = session.execute(r, vars);
          long t1 = nanoTime.getAsLong();
          recorder.record(k++, t0 - runStart, t1 - t0, phaseIndex, r, outcome);
          if (!Outcome.ok(outcome) && !max.unlimited()) {
            failures.increment();
            if (max.exceededBy(failures.sum())) {
              stop(max.exceeded());
            }
          }
        }
      }
    } finally {
      if (!readied) {
        ready.countDown();
      }
    }
  }
}
