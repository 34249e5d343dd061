package io.phaseload.client.run;

import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.PhaseResult;
import java.io.Console;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The progress line on a terminal's stderr, redrawn about once a second: phase, requests done of
 * the total, requests per second over the last second, errors, elapsed time.
 *
 * <p>It reads the recording from its own thread and never touches the hot path: each user thread
 * fills its slice in order, so the requests it has done are the slice's leading recorded slots,
 * found by a binary search, and only the slots recorded since the last redraw are scanned for
 * errors. The reads are racy by design (a redraw may lag a request behind); the report after the
 * run is exact.
 */
public final class LiveProgress implements PhaseListener, AutoCloseable {

  private final LatencyRecorder recorder;
  private final PrintStream err;
  private final long total;
  private final Thread thread;
  private final long startNanos = System.nanoTime();
  private final int[] cursor;
  private volatile Phase phase;
  private long done;
  private long errors;
  private volatile boolean running = true;

  LiveProgress(LatencyRecorder recorder, PrintStream err) {
    this.recorder = recorder;
    this.err = err;
    this.total = recorder.capacity();
    int slices = 0;
    for (int p = 0; p < recorder.phaseCount(); p++) {
      slices += recorder.threads(p);
    }
    this.cursor = new int[slices];
    this.thread = new Thread(this::loop, "phaseload-progress");
    thread.setDaemon(true);
  }

  /** Starts the progress line; call {@link #close} when the run is over. */
  public static LiveProgress start(LatencyRecorder recorder, PrintStream err) {
    LiveProgress progress = new LiveProgress(recorder, err);
    progress.thread.start();
    return progress;
  }

  /** Whether stderr is (as far as the JDK can tell) an interactive terminal. */
  public static boolean onTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      // JDK 22+ returns a console even when redirected; isTerminal() tells the truth there.
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true; // JDK 17-21: a console exists only when attached to a terminal
    }
  }

  @Override
  public void phaseStarted(Phase started) {
    phase = started;
    clear();
  }

  @Override
  public void phaseFinished(PhaseResult result) {
    clear();
  }

  private synchronized void clear() {
    err.print("\r\033[K");
    err.flush();
  }

  private void loop() {
    long lastDone = 0;
    long lastNanos = System.nanoTime();
    while (running) {
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        return;
      }
      scan();
      long now = System.nanoTime();
      double rate = (done - lastDone) / ((now - lastNanos) / 1e9);
      lastDone = done;
      lastNanos = now;
      Phase p = phase;
      synchronized (this) {
        if (running) {
          err.printf(
              Locale.ROOT,
              "\r\033[K%s %,d/%,d requests | %,.0f req/s | errors %,d | %.0f s",
              p == null ? "starting" : p.name(),
              done,
              total,
              rate,
              errors,
              (now - startNanos) / 1e9);
          err.flush();
        }
      }
    }
  }

  /** Advances every slice's cursor to its first unrecorded slot, counting errors passed. */
  void scan() {
    int slice = 0;
    for (int p = 0; p < recorder.phaseCount(); p++) {
      // Closed model: a slice per thread, filled in order. Open model: one per phase, whose
      // arrivals are taken in order (finished nearly in order; the line may lag a little).
      int slices = recorder.open() ? 1 : recorder.threads(p);
      for (int t = 0; t < slices; t++, slice++) {
        int start = recorder.open() ? recorder.phaseStart(p) : recorder.sliceStart(p, t);
        int end = start + (recorder.open() ? recorder.phaseSlots(p) : recorder.requestsPerThread());
        int from = Math.max(cursor[slice], start);
        int lo = from;
        int hi = end;
        while (lo < hi) { // first unrecorded slot in [from, end)
          int mid = (lo + hi) >>> 1;
          if (recorder.reached(mid)) {
            lo = mid + 1;
          } else {
            hi = mid;
          }
        }
        for (int k = from; k < lo; k++) {
          if (!Outcome.ok(recorder.outcome(k))) {
            errors++;
          }
        }
        done += lo - from;
        cursor[slice] = lo;
      }
    }
  }

  /** Requests recorded as of the last {@link #scan}. */
  long done() {
    return done;
  }

  /** Failed requests among them. */
  long errors() {
    return errors;
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    clear();
  }
}
