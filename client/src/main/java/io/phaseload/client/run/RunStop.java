package io.phaseload.client.run;

import io.phaseload.client.request.Outcome;
import java.util.concurrent.atomic.LongAdder;

/**
 * Whether a run is stopping, and why: the first reason given is kept (Ctrl-C, the deadline, a
 * failure budget spent). Users read it before each request; failures are counted only when a budget
 * is set. Thread-safe: user threads and event loops count, any thread may stop.
 */
final class RunStop {

  private volatile String reason;
  private volatile FailureLimit limit = FailureLimit.UNLIMITED;

  /** The run's failures, counted only when a limit is set; touched on failures only. */
  private final LongAdder failures = new LongAdder();

  /** Stops the run once more requests than {@code max} allow have failed. */
  void limit(FailureLimit max) {
    this.limit = max;
  }

  FailureLimit limit() {
    return limit;
  }

  /** Asks the run to stop after the requests in flight; the first reason given is kept. */
  void stop(String why) {
    if (reason == null) {
      reason = why;
    }
  }

  boolean stopped() {
    return reason != null;
  }

  /** Why the run stopped, or null. */
  String reason() {
    return reason;
  }

  /** Counts a failure against {@code max} (only when there is one) and stops the run past it. */
  void count(int outcome, FailureLimit max) {
    if (!Outcome.ok(outcome) && !max.unlimited()) {
      failures.increment();
      if (max.exceededBy(failures.sum())) {
        stop(max.exceeded());
      }
    }
  }

  /** Links what counting needs, before the first request. */
  void prepare() {
    limit.exceededBy(failures.sum());
  }
}
