package io.phaseload.client.run;

import io.phaseload.client.engine.EngineKind;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Scenario;
import io.phaseload.common.ThreadMode;
import java.time.Duration;
import java.time.Instant;

/**
 * Everything one run needs to know, checked: pure data, touched by nothing while it is built.
 *
 * @param scenario what each iteration sends; requests without a URL of their own go to the target
 * @param target null to start the embedded server and target it
 * @param path the path on the embedded server
 * @param threadMode how user threads are made, as asked (auto resolves per JDK)
 * @param insecure whether https targets are trusted without checking their certificate
 * @param maxFailures how many failed requests stop the run early
 * @param duration the longest the whole run may take; null for no bound but the run deadline
 * @param ignoreFileLimit run even if the open-files limit is too low for the busiest phase
 * @param embeddedWorkers the embedded server's worker threads; null for its default
 * @param startAt when to start the first phase ({@code --start-at}); null to start at once
 * @param timeSeries whether latencies are grouped by time after the run ({@code --json}, {@code
 *     --charts}), which the heap must hold besides the recording
 */
public record RunConfig(
    LoadPlan plan,
    Scenario scenario,
    Target target,
    String path,
    Duration connectTimeout,
    Duration readTimeout,
    EngineKind engine,
    ThreadMode threadMode,
    boolean insecure,
    FailureLimit maxFailures,
    Duration duration,
    boolean ignoreFileLimit,
    Integer embeddedWorkers,
    Instant startAt,
    boolean timeSeries) {

  public RunConfig {
    if (plan == null || engine == null || threadMode == null || maxFailures == null) {
      throw new IllegalArgumentException(
          "a run needs a plan, an engine, a thread mode and a limit");
    }
    if (scenario == null || !scenario.names().equals(plan.requestNames())) {
      throw new IllegalArgumentException("the plan's requests must be the scenario's");
    }
    if (connectTimeout.isNegative() || connectTimeout.isZero()) {
      throw new IllegalArgumentException("--connect-timeout must be positive");
    }
    if (readTimeout.isNegative() || readTimeout.isZero()) {
      throw new IllegalArgumentException("--read-timeout must be positive");
    }
    if (duration != null && (duration.isNegative() || duration.isZero())) {
      throw new IllegalArgumentException("--duration must be positive, got " + duration);
    }
  }

  /**
   * The thread mode the run uses: as asked, with auto resolved for this JDK; except that the open
   * model's auto is platform threads, because its pacing parks every thread until each arrival's
   * time, and timed parks on virtual threads wake late (10,000 arrivals/s against nginx, JDK 25:
   * 490 late of 30,000 on virtual threads, 40 on platform threads; after warm-up 59 against 0).
   */
  public ThreadMode effectiveThreadMode() {
    if (threadMode == ThreadMode.AUTO && plan.isOpen()) {
      return ThreadMode.PLATFORM;
    }
    return threadMode.resolve();
  }

  /** This configuration against an embedded server with {@code workers} threads. */
  public RunConfig withEmbeddedWorkers(Integer workers) {
    return new RunConfig(
        plan,
        scenario,
        target,
        path,
        connectTimeout,
        readTimeout,
        engine,
        threadMode,
        insecure,
        maxFailures,
        duration,
        ignoreFileLimit,
        workers,
        startAt,
        timeSeries);
  }
}
