package io.phaseload.client.cli;

import io.phaseload.client.run.RunSession;
import io.phaseload.client.stats.Analysis;
import java.util.function.Consumer;

/**
 * The run a command has in progress, as Ctrl-C and tests see it: {@link #interrupt} and {@link
 * #abort} reach whichever session is attached, and every finished run is handed to the observer.
 * Thread-safe: the interrupt comes from the shutdown hook's thread.
 */
final class RunControl {

  private volatile Consumer<Analysis> observer = finished -> {};
  private volatile RunSession session;
  private volatile boolean interrupted;

  void observe(Consumer<Analysis> runObserver) {
    this.observer = runObserver;
  }

  /** Makes {@code s} the session Ctrl-C stops; stops it at once if Ctrl-C came first. */
  void attach(RunSession s) {
    session = s;
    if (interrupted) {
      s.interrupt();
    }
  }

  void detach() {
    session = null;
  }

  void interrupt() {
    interrupted = true;
    RunSession s = session;
    if (s != null) {
      s.interrupt();
    }
  }

  void abort() {
    RunSession s = session;
    if (s != null) {
      s.abort();
    }
  }

  boolean interrupted() {
    return interrupted;
  }

  void finished(Analysis finished) {
    observer.accept(finished);
  }
}
