package io.phaseload.client.live;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.RecordingCursor;
import io.phaseload.client.result.RunView;

/**
 * Reads a run's recording once a second on a thread of its own and hands what was recorded since to
 * the run's live outputs, each request and then the moment's figures ({@link LiveOutput}): the hot
 * path only records, and this thread reads the user threads' slices through a {@link
 * RecordingCursor}, racily and without a lock. {@link #finish}, after the run's threads are joined,
 * reads what is left, so that the last figures are exact. The phase boundaries go to the outputs as
 * the run tells them.
 *
 * <p>A {@link PhaseListener} for the run's thread; {@link #finish} from the thread that ran the
 * run.
 */
final class LiveFeed implements PhaseListener {

  static final long TICK_NANOS = LiveSeries.SECOND;

  private final LoadPlan plan;
  private final LiveOutput outputs;
  private final Thread thread = new Thread(this::loop, "phaseload-live");
  private volatile RunView view;
  private volatile Phase phase;
  private volatile boolean running = true;
  private RecordingCursor cursor;
  private long startNanos;
  private long done;
  private long ok;
  private long failed;
  private long late;
  private long begun;

  /**
   * @param outputs handed each request read and each moment's figures, in turn
   */
  LiveFeed(LoadPlan plan, LiveOutput outputs) {
    this.plan = plan;
    this.outputs = outputs;
    thread.setDaemon(true);
  }

  @Override
  public void runStarted(RunView run) {
    startNanos = System.nanoTime();
    cursor = new RecordingCursor(run.recording());
    view = run;
    outputs.runStarted();
    thread.start();
  }

  @Override
  public void phaseStarted(Phase started) {
    phase = started;
    outputs.phaseStarted(started);
  }

  @Override
  public void phaseFinished(PhaseResult result) {
    outputs.phaseFinished(result);
  }

  private void loop() {
    long next = System.nanoTime() + TICK_NANOS;
    while (running) {
      long wait = next - System.nanoTime();
      if (wait > 0) {
        try {
          Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        } catch (InterruptedException e) {
          return;
        }
      }
      next += TICK_NANOS;
      if (running) {
        read(false);
      }
    }
  }

  /** Stops the thread and reads what is left; call after the run's threads are joined. */
  void finish() throws InterruptedException {
    running = false;
    if (view == null) {
      return; // the run never started
    }
    thread.interrupt();
    thread.join();
    read(true);
  }

  /**
   * One reading: the slots recorded since the last, each to the outputs, then the moment.
   *
   * @param over whether the run's threads are joined, so that this reading is its last
   */
  private void read(boolean over) {
    LatencyRecorder rec = cursor.recorder();
    long begunBefore = begun;
    done +=
        cursor.advance(
            (k, startWord) -> {
              int outcome = RecordLayout.outcome(startWord);
              long start = RecordLayout.start(startWord);
              int request = rec.request(k);
              if (Outcome.ok(outcome)) {
                ok++;
              } else {
                failed++;
              }
              // An arrival begins with its first request's send: late as ArrivalStats counts it.
              boolean lateArrival = false;
              if (rec.hasIntendedStarts() && request == 0 && Outcome.sent(outcome)) {
                begun++;
                lateArrival = start - rec.intendedNanos(k) > ArrivalStats.LATE_NANOS;
                if (lateArrival) {
                  late++;
                }
              }
              outputs.request(
                  request, outcome, start, rec.correctedNanos(k), rec.latencyNanos(k), lateArrival);
            });
    Phase p = phase;
    GeneratorLoad load = view.generator();
    // Every figure of the moment, each output shows those of its model: the rates are 0 where no
    // arrivals are scheduled (none begun with an intended start, a phase rate of 0).
    outputs.moment(
        new LiveMoment(
            System.nanoTime() - startNanos,
            p,
            done,
            ok,
            failed,
            late,
            p != null ? (begun - begunBefore) * 1e9 / TICK_NANOS : 0,
            p != null ? plan.rate(p) : 0,
            p != null ? cursor.slicesLeft(p.index()) : 0,
            p != null ? plan.threads(p) : 0,
            load,
            over));
  }
}
