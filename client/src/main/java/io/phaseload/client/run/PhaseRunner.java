package io.phaseload.client.run;

import io.phaseload.client.engine.Drive;
import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.User;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.OpenedAhead;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.RunResult;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Runs a plan's phases back to back on one executor. Each phase's users are state machines, one
 * driver per load model ({@link ClosedUser}, {@link OpenUser}), which the engine drives ({@link
 * Engine#drive}: a thread each, or event loops) until each is done, recording every request into
 * its slot. Every class the hot path needs is loaded before the first phase ({@link
 * Engine#prepare}). A plan of stages of users runs as one drive instead, through which the same
 * users go on from stage to stage.
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
  private final SendGaps[] gaps;
  private final byte[][] phaseNames;
  private final Flow flow;
  private volatile long seed;
  private volatile boolean seedUsed;
  private volatile LongConsumer waiter = this::waitUntil;
  private volatile long aheadRoom = Long.MAX_VALUE;
  private final int connectionsPerUser;
  private OpenedAhead openedAhead;

  /**
   * @param scenario what each iteration sends: what its requests need of a user's session
   * @param reasons the table the engine's sessions fill, returned with the result
   */
  public PhaseRunner(
      LoadPlan plan,
      Scenario scenario,
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
    int users = plan.peakThreads();
    this.gaps = new SendGaps[plan.phases().size()];
    this.phaseNames = new byte[gaps.length][];
    for (int i = 0; i < gaps.length; i++) {
      gaps[i] = new SendGaps(Math.max(1, users));
      phaseNames[i] = plan.phases().get(i).name().getBytes(StandardCharsets.UTF_8);
    }
    this.flow = Flow.of(scenario, reasons);
    this.connectionsPerUser = 1 + scenario.origins().size();
  }

  /**
   * The closed model's gaps from a response to the user's next send in phase {@code index}: for a
   * {@link PhaseListener} to read when told the phase finished.
   */
  public SendGaps gaps(int index) {
    return gaps[index];
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

  /**
   * How many connections the open model may open before its clock starts, at most: what the
   * open-files limit leaves. Its users beyond that open theirs on their first request. Call before
   * {@link #run}.
   */
  public void openAheadAtMost(long connections) {
    this.aheadRoom = connections;
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
    listener.clockStarted(startEpochNanos);
    List<PhaseResult> results = new ArrayList<>();
    // How the phases are driven: one drive through them all, or each once its users are done.
    if (plan.runsThrough()) {
      runThrough(runStart, results);
    } else {
      for (Phase phase : plan.phases()) {
        if (stopped()) {
          break;
        }
        listener.phaseStarted(phase);
        PhaseResult result = runPhase(phase, runStart);
        results.add(result);
        listener.phaseFinished(result);
      }
    }
    long wall = nanoTime.getAsLong() - runStart;
    return new RunResult(
        plan,
        startEpochNanos,
        wall,
        results,
        recorder,
        reasons,
        stop.reason(),
        seed,
        seedUsed,
        List.of(),
        openedAhead);
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

  /** Runs one phase of the closed model: its users, until every one has run its iterations. */
  private PhaseResult runPhase(Phase phase, long runStart) throws InterruptedException {
    long usersBefore = 0;
    for (Phase p : plan.phases().subList(0, phase.index())) {
      for (int q = 0; q < plan.populations().size(); q++) {
        usersBefore += plan.wholeUsers(p, q);
      }
    }
    PhaseContext context = context(phase, runStart, usersBefore);
    User[] users = new User[plan.threads(phase)];
    int t = 0;
    for (int q = 0; q < plan.populations().size(); q++) {
      for (int u = 0; u < plan.users(phase, q); u++, t++) {
        users[t] = new ClosedUser(context, q, u, t);
      }
    }
    long setup = nanoTime.getAsLong();
    engine.drive(users, drive(null), context.start()::set);
    long start = context.start().at();
    long end = nanoTime.getAsLong();
    return new PhaseResult(
        phase,
        start - runStart,
        end - start,
        !stopped(),
        start - setup,
        null,
        gaps[phase.index()].thinks(),
        gaps[phase.index()].thinkNanos());
  }

  /**
   * Runs a plan that {@link LoadPlan#runsThrough} its phases as one drive: the same users go on
   * from phase to phase, the open model's arrivals keep one schedule, and this thread tells the
   * listener of each phase as the clock passes its start. A phase is finished once every user has
   * left it: an iteration belongs to the phase it began in.
   */
  private void runThrough(long runStart, List<PhaseResult> results) throws InterruptedException {
    List<Phase> phases = plan.phases();
    listener.phaseStarted(phases.get(0));
    PhaseContext context = context(phases.get(0), runStart, 0);
    int populations = plan.populations().size();
    // The drive's one question of its model: whether its users take scheduled arrivals (OpenUser,
    // connections opened ahead, arrival counts after the run) or run iterations (ClosedUser).
    boolean scheduled = plan.model().schedulesArrivals();
    Arrivals[][] arrivals = new Arrivals[scheduled ? populations : 0][];
    List<PhasedUser> users = new ArrayList<>();
    long ahead = scheduled ? aheadRoom / connectionsPerUser : 0;
    int opening = 0;
    for (int q = 0; q < populations; q++) {
      int made = plan.usersOfRun(q);
      if (scheduled) {
        List<Arrivals> runs = new ArrayList<>();
        long all = 0;
        for (Phase phase : phases) {
          runs.addAll(Arrivals.of(plan, phase, q, seed, context.firstArrival(phase.index(), q)));
          all += plan.units(phase, q);
        }
        arrivals[q] = runs.toArray(Arrivals[]::new);
        // The users the arrivals need, no more: each of these opens its connection ahead.
        made = (int) Math.min(made, all);
      }
      for (int u = 0; u < made; u++) {
        int t = users.size();
        boolean opens = opening < ahead;
        opening += opens ? 1 : 0;
        users.add(
            scheduled
                ? new OpenUser(context, q, u, t, arrivals[q], opens)
                : new ClosedUser(context, q, u, t));
      }
    }
    openedAhead =
        scheduled
            ? new OpenedAhead(
                (int) Math.min(Integer.MAX_VALUE, (long) opening * connectionsPerUser))
            : null;
    long setup = nanoTime.getAsLong();
    CountDownLatch started = new CountDownLatch(1);
    Throwable[] failed = new Throwable[1];
    boolean[] ran = new boolean[1];
    Thread driver =
        new Thread(
            () -> {
              try {
                engine.drive(
                    users.toArray(User[]::new),
                    drive(openedAhead),
                    at -> {
                      context.start().set(at);
                      long[] starts = new long[phases.size()];
                      for (int s = 0; s < starts.length; s++) {
                        starts[s] = at + plan.scheduledStartNanos(s);
                      }
                      for (Arrivals[] runs : arrivals) {
                        for (Arrivals run : runs) {
                          run.start(starts[run.phase]);
                        }
                      }
                      ran[0] = true;
                      started.countDown();
                    });
              } catch (InterruptedException | RuntimeException | Error e) {
                failed[0] = e;
              } finally {
                started.countDown();
              }
            },
            "phaseload-drive");
    driver.setDaemon(true);
    driver.start();
    try {
      started.await();
      long first = context.start().at();
      int last = phases.size() - 1;
      for (int s = 0; s <= last && ran[0]; s++) {
        Phase phase = phases.get(s);
        long from = first + plan.scheduledStartNanos(s);
        long to = s < last ? first + plan.scheduledStartNanos(s + 1) : Long.MAX_VALUE;
        if (s > 0) {
          awaitOrEnd(driver, from);
          if (stopped()) {
            break; // the run stopped before this phase began
          }
          listener.phaseStarted(phase);
        }
        awaitOrEnd(driver, to);
        while (driver.isAlive() && !left(users, s)) {
          driver.join(1);
        }
        // A phase lasts its schedule; the last until its users are done. Once every user is done,
        // or the run stopped, the phase ends there, and those after it last 0.
        long now = nanoTime.getAsLong();
        long begin = Math.min(from, now);
        PhaseResult result =
            new PhaseResult(
                phase,
                begin - runStart,
                Math.min(now, to) - begin,
                !stopped(),
                s == 0 ? first - setup : 0,
                null,
                gaps[s].thinks(),
                gaps[s].thinkNanos());
        results.add(result);
        listener.phaseFinished(result);
      }
      driver.join();
      if (scheduled && !recorder.released()) {
        // Counted once the run is over: a count over every arrival of a phase, as the next one
        // starts, would take a core from the event loops just then. A recording whose pages were
        // dropped once on disk is counted from the record instead (RunResult.readFrom).
        List<PhaseResult> counted = PhaseResult.counted(results, recorder, plan);
        results.clear();
        results.addAll(counted);
      }
    } catch (InterruptedException e) {
      stop("interrupted");
      engine.abort();
      driver.interrupt();
      driver.join();
      throw e;
    }
    if (failed[0] instanceof RuntimeException e) {
      throw e;
    }
    if (failed[0] instanceof Error e) {
      throw e;
    }
    if (failed[0] instanceof InterruptedException e) {
      throw e;
    }
  }

  /**
   * What the engine needs of the run to drive its users, and where it counts those opened ahead.
   */
  private Drive drive(OpenedAhead ahead) {
    return new Drive(executor, nanoTime, waiter, this::stop, this::stopped, ahead);
  }

  /** What {@code phase}'s users share, with a start not set yet. */
  private PhaseContext context(Phase phase, long runStart, long usersBefore) {
    return new PhaseContext(
        plan,
        phase,
        recorder,
        stop,
        gaps,
        flow,
        seed,
        runStart,
        usersBefore,
        new PhaseContext.Start(),
        phaseNames);
  }

  /** Waits until {@code at} on the run's clock or the drive's end: true if {@code at} came. */
  private boolean awaitOrEnd(Thread driver, long at) throws InterruptedException {
    for (long left = at - nanoTime.getAsLong(); left > 0; left = at - nanoTime.getAsLong()) {
      if (!driver.isAlive()) {
        return false;
      }
      driver.join(Math.max(1, left / 1_000_000));
    }
    return true;
  }

  /** Whether every user has left phase {@code s}: gone on to a later one, or finished. */
  private static boolean left(List<PhasedUser> users, int s) {
    for (PhasedUser u : users) {
      if (u.phaseNow() <= s) {
        return false;
      }
    }
    return true;
  }

  /**
   * Waits until {@code deadline} on the injected clock, or until the run stops: parks while far, at
   * most {@link #STOP_CHECK_NANOS} at a time, and spins for the last tens of microseconds, because
   * a park can overshoot by a few hundred.
   */
  private void waitUntil(long deadline) {
    for (long left = deadline - nanoTime.getAsLong(); left > 0 && !stopped(); ) {
      if (left > SPIN_NANOS) {
        LockSupport.parkNanos(Math.min(left - SPIN_NANOS, STOP_CHECK_NANOS));
      } else {
        Thread.onSpinWait();
      }
      left = deadline - nanoTime.getAsLong();
    }
  }

  /** The longest a waiting user thread parks before it looks whether the run stopped. */
  private static final long STOP_CHECK_NANOS = 100_000_000;

  /** How close to an arrival's time a thread stops parking and spins. */
  private static final long SPIN_NANOS = 50_000;
}
