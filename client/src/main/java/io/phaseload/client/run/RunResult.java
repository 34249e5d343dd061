package io.phaseload.client.run;

import io.phaseload.client.record.LatencyRecorder;
import java.util.List;

/**
 * A finished (or stopped) run: what ran when, and the recording of every request.
 *
 * @param startEpochMillis wall-clock time the run began, for reports
 * @param wallNanos from the first phase's start to the last phase's end
 * @param phases the phases that started, in order
 * @param stopReason null if the run completed; otherwise why it stopped early
 */
public record RunResult(
    long startEpochMillis,
    long wallNanos,
    List<PhaseResult> phases,
    LatencyRecorder recorder,
    String stopReason) {

  public RunResult {
    phases = List.copyOf(phases);
  }

  public boolean partial() {
    return stopReason != null;
  }
}
