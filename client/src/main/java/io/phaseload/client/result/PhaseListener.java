package io.phaseload.client.result;

import io.phaseload.client.plan.Phase;

/**
 * Told of a run's phase boundaries as they happen, on the thread that runs the phases: the live
 * phase lines and the progress line listen. Implementations must not block.
 */
public interface PhaseListener {
  default void phaseStarted(Phase phase) {}

  default void phaseFinished(PhaseResult result) {}
}
