package io.phaseload.client.run;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.loop.LoopEngine;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.RunResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
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
public final class PhaseRunner {

  private final LoadPlan plan;
  private final Engine engine;
  private final ExecutorService executor;
  private final LatencyRecorder recorder;
  private final Reasons reasons;
  private final PhaseListener listener;
  private final LongSupplier nanoTime;
  private final RunStop stop = new RunStop();
  private final SendGaps gaps;
  private volatile long seed;
  private volatile boolean seedUsed;
  private volatile LongConsumer waiter = this::waitUntil;

  /**
   * @param reasons the table the engine's sessions fill, returned with the result
   */
  public PhaseRunner(
      LoadPlan plan,
      Engine engine,
      ExecutorService executor,
      LatencyRecorder recorder,
      Reasons reasons,
      PhaseListener listener,
      LongSupplier nanoTime) {
    this.plan = plan;
    this.engine = engine;
    this.executor = executor;
    this.recorder = recorder;
    this.reasons = reasons;
    this.listener = listener;
    this.nanoTime = nanoTime;
    this.gaps = new SendGaps(Math.max(1, plan.peakThreads()));
  }

  /**
   * The closed model's gaps from a response to the user's next send, of the phase last finished:
   * for a {@link PhaseListener} to read when told the phase finished.
   */
  public SendGaps gaps() {
    return gaps;
  }

  /**
   * Stops the run once more requests than {@code max} allow have failed. Call before {@link #run}.
   */
  public void limitFailures(FailureLimit max) {
    stop.limit(max);
  }

  /**
   * The seed the requests' random variables draw from, and whether any does. Call before {@link
   * #run}.
   */
  public void seed(long runSeed, boolean used) {
    this.seed = runSeed;
    this.seedUsed = used;
  }

  /**
   * How a user thread waits for an arrival's time on the clock this test was given: parking and
   * spinning by default; tests with a clock of their own pass one that advances it. Call before
   * {@link #run}.
   */
  public void waitWith(LongConsumer untilNanos) {
    this.waiter = untilNanos;
  }

  /** Asks the run to stop after the requests in flight; the first reason given is kept. */
  public void stop(String reason) {
    stop.stop(reason);
  }

  public boolean stopped() {
    return stop.stopped();
  }

  /**
   * Runs every phase, or as many as start before {@link #stop}.
   *
   * @throws InterruptedException if the calling thread is interrupted while waiting for a phase
   */
  public RunResult run() throws InterruptedException {
    prepare();
    Instant startInstant = Instant.now();
    long runStart = nanoTime.getAsLong();
    long startEpochNanos = startInstant.getEpochSecond() * 1_000_000_000L + startInstant.getNano();
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
        plan, startEpochNanos, wall, results, recorder, reasons, stop.reason(), seed, seedUsed);
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
    stop.prepare();
  }

  /**
   * An open-model phase's shared state: its schedule, the next arrival, and lateness per thread.
   */
  private static final class Arrivals {
    final Pacer pacer;
    final long count;
    final AtomicLong next = new AtomicLong();
    final long[] late;
    final long[] maxLate;
    final long[] started;
    final long[] lastStart;

    /** When the phase's start gate opened; written before the gate opens, read after. */
    volatile long start;

    Arrivals(Pacer pacer, long count, int threads) {
      this.pacer = pacer;
      this.count = count;
      this.late = new long[threads];
      this.maxLate = new long[threads];
      this.started = new long[threads];
      this.lastStart = new long[threads];
    }

    ArrivalStats stats(double rate) {
      long l = 0;
      long m = 0;
      long s = 0;
      long last = 0;
      for (int t = 0; t < late.length; t++) {
        l += late[t];
        m = Math.max(m, maxLate[t]);
        s += started[t];
        last = Math.max(last, lastStart[t]);
      }
      return new ArrivalStats(count, s, l, m, rate, last - start);
    }
  }

  private PhaseResult runPhase(Phase phase, long runStart) throws InterruptedException {
    gaps.clear();
    if (engine instanceof LoopEngine loops) {
      LoopRun run = new LoopRun(plan, loops, recorder, nanoTime, stop, seed, gaps);
      return plan.isOpen()
          ? new LoopArrivals(run).run(phase, runStart)
          : new LoopPhase(run).run(phase, runStart);
    }
    int threads = plan.threads(phase);
    Arrivals arrivals = null;
    if (plan.isOpen()) {
      arrivals = new Arrivals(Pacer.of(plan, phase, seed), plan.arrivals(phase), threads);
    }
    Arrivals open = arrivals;
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
                  user(phase, thread, slice, open, runStart, ready, gate);
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
    long start;
    try {
      ready.await();
    } finally {
      start = nanoTime.getAsLong();
      if (open != null) {
        open.start = start;
      }
      // Open the gate even if waiting was interrupted, so that no started thread waits forever.
      gate.countDown();
    }
    for (Future<?> task : tasks) {
      try {
        task.get();
      } catch (ExecutionException e) {
        stop("a user thread failed: " + e.getCause());
      }
    }
    long end = nanoTime.getAsLong();
    return new PhaseResult(
        phase,
        start - runStart,
        end - start,
        !stopped(),
        start - setup,
        open == null ? null : open.stats(plan.rate(phase)));
  }

  /**
   * One user thread: opens its session, waits at the start gate with its peers, then runs its share
   * of the phase: its own slice of iterations (closed model) or the next arrivals (open).
   */
  private void user(
      Phase phase,
      int thread,
      int slice,
      Arrivals open,
      long runStart,
      CountDownLatch ready,
      CountDownLatch gate)
      throws InterruptedException {
    // One-run thread numbers: a shard's threads draw and render what the same threads of one
    // generator would, so that the shards together send what one run sends.
    Vars vars = new Vars(plan.firstThread(phase) + thread, phase.name(), phase.index(), seed);
    boolean readied = false;
    try (Engine.Session session = engine.open()) {
      ready.countDown();
      readied = true;
      gate.await();
      if (open == null) {
        iterations(phase.index(), thread, slice, session, vars, runStart);
      } else {
        arrivals(phase.index(), thread, open, session, vars, runStart);
      }
    } finally {
      if (!readied) {
        ready.countDown();
      }
    }
  }

  /**
   * The closed model: ITERATIONS x the iteration's requests, back to back, into its slice; the gaps
   * from each response to the next send summed in locals, and left in {@link #gaps} at the end.
   */
  private void iterations(
      int phase, int thread, int slice, Engine.Session session, Vars vars, long runStart) {
    int requests = plan.requestNames().size();
    FailureLimit max = stop.limit();
    int k = slice;
    long answered = 0;
    long gapSum = 0;
    long gapCount = 0;
    long gapMax = 0;
    try {
      for (int i = 0; i < plan.iterations(); i++) {
        vars.iteration(i);
        for (int r = 0; r < requests; r++) {
          if (stop.stopped()) {
            return;
          }
          long t0 = nanoTime.getAsLong();
          if (k > slice) {
            long gap = t0 - answered;
            gapSum += gap;
            gapCount++;
            gapMax = Math.max(gapMax, gap);
          }
          int outcome = session.execute(r, vars);
          long t1 = nanoTime.getAsLong();
          recorder.record(k, t0 - runStart, t1 - t0, phase, r, outcome);
          recorder.recordConnection(k, session);
          k++;
          stop.count(outcome, max);
          answered = t1;
        }
      }
    } finally {
      gaps.put(thread, gapSum, gapCount, gapMax);
    }
  }

  /**
   * The open model: take the next arrival, wait for its time, run its iteration, until the phase's
   * arrivals are all taken. An arrival begun after its time is late, and its first request's
   * latency still counts from its time.
   */
  private void arrivals(
      int phase, int thread, Arrivals open, Engine.Session session, Vars vars, long runStart) {
    int requests = plan.requestNames().size();
    FailureLimit max = stop.limit();
    long start = open.start;
    for (long i = open.next.getAndIncrement();
        i < open.count && !stop.stopped();
        i = open.next.getAndIncrement()) {
      long due = start + open.pacer.offsetNanos(i);
      long now = nanoTime.getAsLong();
      if (now > due) {
        if (now - due > ArrivalStats.LATE_NANOS) {
          open.late[thread]++;
        }
        open.maxLate[thread] = Math.max(open.maxLate[thread], now - due);
      } else {
        waiter.accept(due);
      }
      open.started[thread]++;
      open.lastStart[thread] = Math.max(due, now);
      vars.iteration((int) Math.min(plan.shard().arrival(i), Integer.MAX_VALUE));
      int k = recorder.arrivalStart(phase, i);
      long intended = due;
      for (int r = 0; r < requests; r++) {
        if (stop.stopped()) {
          return;
        }
        long t0 = nanoTime.getAsLong();
        int outcome = session.execute(r, vars);
        long t1 = nanoTime.getAsLong();
        recorder.recordOpen(k, intended - runStart, t0 - runStart, t1 - t0, phase, r, outcome);
        recorder.recordConnection(k, session);
        k++;
        // The user sends the next request when this one ends: that is its intended time.
        intended = t1;
        stop.count(outcome, max);
      }
    }
  }

  /**
   * Waits until {@code deadline} on the injected clock: parks while far, spins for the last tens of
   * microseconds, because a park can overshoot by a few hundred.
   */
  private void waitUntil(long deadline) {
    for (long left = deadline - nanoTime.getAsLong(); left > 0; ) {
      if (left > SPIN_NANOS) {
        LockSupport.parkNanos(left - SPIN_NANOS);
      } else {
        Thread.onSpinWait();
      }
      left = deadline - nanoTime.getAsLong();
    }
  }

  /** How close to an arrival's time a thread stops parking and spins. */
  private static final long SPIN_NANOS = 50_000;
}
