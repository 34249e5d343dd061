package io.phaseload.client.run;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.record.LatencyRecorder;
import io.phaseload.client.request.Reasons;
import java.util.List;

/**
 * A finished (or stopped) run: the plan, what ran when, the recording of every request and the
 * messages behind its failure reasons. Everything a report needs besides the statistics.
 *
 * @param startEpochMillis wall-clock time the run began, for reports
 * @param wallNanos from the first phase's setup to the last phase's end: phases + setup + other
 * @param phases the phases that started, in order
 * @param reasons the messages of the failure reasons the recording refers to
 * @param stopReason null if the run completed; otherwise why it stopped early
 * @param seed the seed the requests' random variables drew from
 * @param seedPrinted whether any request drew from it, so that reports name it
 */
public record RunResult(
    LoadPlan plan,
    long startEpochMillis,
    long wallNanos,
    List<PhaseResult> phases,
    LatencyRecorder recording,
    Reasons reasons,
    String stopReason,
    long seed,
    boolean seedPrinted) {

  public RunResult {
    phases = List.copyOf(phases);
  }

  public boolean partial() {
    return stopReason != null;
  }

  /** Time in the phases themselves, from each start gate to its last thread's end. */
  public long phaseNanos() {
    return phases.stream().mapToLong(PhaseResult::durationNanos).sum();
  }

  /** Time before the phases' start gates: starting their threads and opening their sessions. */
  public long setupNanos() {
    return phases.stream().mapToLong(PhaseResult::setupNanos).sum();
  }

  /** The rest of the wall time: listeners and bookkeeping between phases. */
  public long otherNanos() {
    return wallNanos - phaseNanos() - setupNanos();
  }

  /** Names of the plan's phases that never started (a stopped run). */
  public List<String> phasesNotReached() {
    return plan.phases().subList(phases.size(), plan.phases().size()).stream()
        .map(p -> p.name())
        .toList();
  }
}
