package io.phaseload.server;

import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a task once its delay is up, without a thread per waiting task: one thread waits on every
 * deadline, and each due task runs on the server's worker threads, not on that one thread. A {@code
 * /work} answer is Jersey's response processing and Grizzly's write; run on the timer thread, every
 * answer queued behind the others on one core (JFR of server.jar under 10,000 requests in flight at
 * 10,000/s: 41 % of the server's samples were answers, all on the timer thread). Thread-safe.
 */
final class WorkTimer implements AutoCloseable {

  private final ScheduledExecutorService clock =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "phaseload-work-timer");
            t.setDaemon(true);
            return t;
          });

  private final Executor workers;

  /**
   * @param workers where due tasks run; it must accept every task it is given while the timer runs
   */
  WorkTimer(Executor workers) {
    this.workers = workers;
  }

  /** Runs {@code task} on a worker no sooner than {@code ms} milliseconds from now. */
  void after(int ms, Runnable task) {
    at(ms, () -> workers.execute(task));
  }

  /**
   * Runs {@code task} on the timer's own thread no sooner than {@code ms} milliseconds from now:
   * for a task of a few microseconds, which a hand-off to a worker would cost more than.
   */
  void at(int ms, Runnable task) {
    clock.schedule(task, ms, TimeUnit.MILLISECONDS);
  }

  /** Drops the tasks still waiting; they never run. */
  @Override
  public void close() {
    clock.shutdownNow();
  }
}
