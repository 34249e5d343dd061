package io.phaseload.client.run;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The longest a run may take: every request of the longest thread, in every phase, waiting its full
 * connect and read timeouts, plus a margin. A run still going then is stopped and its connections
 * aborted, so that no target, however broken, can make phaseload hang.
 *
 * <p>Started once per run and closed when the run ends; thread-safe.
 */
public final class RunDeadline implements AutoCloseable {

  /** Added to the bound for thread start-up and the report. */
  static final Duration MARGIN = Duration.ofSeconds(5);

  private final ScheduledExecutorService timer;

  private RunDeadline(ScheduledExecutorService timer) {
    this.timer = timer;
  }

  /**
   * The bound for a plan: in the closed model, phases x ITERATIONS x requests per iteration x
   * (connect + read timeout), plus a margin. In the open model each phase also lasts its schedule,
   * and a thread may run more iterations than ITERATIONS (arrivals / threads, rounded up, when
   * every arrival waits its full timeouts), and its connections are opened before its clock starts,
   * once more the two timeouts.
   */
  public static Duration bound(LoadPlan plan, Duration connectTimeout, Duration readTimeout) {
    long perRequestMillis = connectTimeout.toMillis() + readTimeout.toMillis();
    int requests = plan.requestNames().size();
    // Scheduled arrivals' connections are opened ahead, each within these timeouts, all at once.
    long millis = plan.model().schedulesArrivals() ? perRequestMillis : 0;
    try {
      for (Phase phase : plan.phases()) {
        int threads = plan.threads(phase);
        if (threads == 0) {
          continue; // a shard with no thread in this phase skips it
        }
        // ITERATIONS each in the closed model; in the open model as many as its arrivals need.
        long iterations = (plan.arrivals(phase) + threads - 1) / threads;
        millis = Math.addExact(millis, Math.multiplyExact(iterations * requests, perRequestMillis));
        millis += plan.model().scheduleMillis(plan, phase);
      }
    } catch (ArithmeticException e) {
      millis = Long.MAX_VALUE / 2;
    }
    return Duration.ofMillis(millis).plus(MARGIN);
  }

  /** After {@code bound}, runs {@code onExpiry} (once) on a daemon timer thread. */
  public static RunDeadline start(Duration bound, Runnable onExpiry) {
    ScheduledExecutorService timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "phaseload-deadline");
              t.setDaemon(true);
              return t;
            });
    timer.schedule(onExpiry, bound.toMillis(), TimeUnit.MILLISECONDS);
    return new RunDeadline(timer);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
