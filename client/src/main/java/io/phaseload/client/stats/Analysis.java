package io.phaseload.client.stats;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RunResult;

/**
 * A finished run and its statistics, computed once from its recording: what every report, verdict
 * and exit code reads. Immutable.
 *
 * @param summary the headline figures: latency from intended times in the open model
 * @param serviceTime the same groups over service time (from the actual send) in the open model;
 *     null in the closed model, where the two are the same
 */
public record Analysis(RunResult result, Summary summary, Summary serviceTime) {

  /** A run (or a merge of shards' runs) with its statistics computed from its recording. */
  public static Analysis of(RunResult result) {
    LoadPlan plan = result.plan();
    LatencyRecorder recording = result.recording();
    Summary summary = Summary.of(recording, plan.phaseNames(), plan.requestNames());
    Summary service =
        plan.isOpen() ? Summary.of(recording, plan.phaseNames(), plan.requestNames(), false) : null;
    return new Analysis(result, summary, service);
  }

  /** Whether every request left the client and succeeded, and the run was not stopped early. */
  public boolean clean() {
    return summary.total().failed() == 0 && summary.total().notSent() == 0 && !result.partial();
  }
}
