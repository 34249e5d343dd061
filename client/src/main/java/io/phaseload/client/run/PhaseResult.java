package io.phaseload.client.run;

import io.phaseload.client.plan.Phase;

/**
 * When a phase ran, in nanoseconds since the run began.
 *
 * @param completed false if the run was stopped before the phase's threads finished
 */
public record PhaseResult(Phase phase, long startNanos, long durationNanos, boolean completed) {}
