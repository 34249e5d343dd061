package io.phaseload.client.run;

import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.RecordingCursor;
import java.io.Console;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The progress line on a terminal's stderr, redrawn about once a second: phase, requests done of
 * the total, requests per second over the last second, errors, elapsed time.
 *
 * <p>It reads the recording from its own thread through a {@link RecordingCursor} and never touches
 * the hot path: only the slots recorded since the last redraw are read. The reads are racy by
 * design (a redraw may lag a request behind); the report after the run is exact.
 */
public final class LiveProgress implements PhaseListener, AutoCloseable {

  private final PrintStream err;
  private final long total;
  private final Thread thread;
  private final long startNanos = System.nanoTime();
  private final RecordingCursor cursor;
  private volatile Phase phase;
  private long done;
  private long errors;
  private volatile boolean running = true;

  LiveProgress(LatencyRecorder recorder, PrintStream err) {
    this.err = err;
    // A closed run by time's slots bound its users' iterations: it has no total to count toward.
    // An open one's are its schedule's arrivals, a count.
    this.total = recorder.sparse() && !recorder.hasIntendedStarts() ? -1 : recorder.capacity();
    this.cursor = new RecordingCursor(recorder);
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
              "\r\033[K%s %,d%s requests | %,.0f req/s | errors %,d | %.0f s",
              p == null ? "starting" : p.name(),
              done,
              total < 0 ? "" : String.format(Locale.ROOT, "/%,d", total),
              rate,
              errors,
              (now - startNanos) / 1e9);
          err.flush();
        }
      }
    }
  }

  /** Passes the slots recorded since the last scan, counting them and the errors among them. */
  void scan() {
    done +=
        cursor.advance(
            (k, startWord) -> {
              if (!Outcome.ok(RecordLayout.outcome(startWord))) {
                errors++;
              }
            });
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
