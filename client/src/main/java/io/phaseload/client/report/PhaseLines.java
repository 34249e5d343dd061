package io.phaseload.client.report;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.PhaseResult;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints a line as each phase starts and ends, in the wording the seeds' scripts grep for ("PEAK
 * phase complete: Time 1.234 seconds"). Used by the thread that runs the phases.
 */
public final class PhaseLines implements PhaseListener {
  private final PrintStream out;
  private final LoadPlan plan;

  /** Lines for a run of {@code plan}, which counts this generator's threads (a shard's share). */
  public PhaseLines(PrintStream out, LoadPlan plan) {
    this.out = out;
    this.plan = plan;
  }

  @Override
  public void phaseStarted(Phase phase) {
    out.println(phase.name() + " phase: All threads(" + plan.threads(phase) + ") running....");
    out.flush();
  }

  @Override
  public void phaseFinished(PhaseResult result) {
    out.println(
        String.format(
            Locale.ROOT,
            "%s phase %s: Time %.3f seconds",
            result.phase().name(),
            result.completed() ? "complete" : "stopped",
            result.durationNanos() / 1e9));
    out.flush();
  }
}
