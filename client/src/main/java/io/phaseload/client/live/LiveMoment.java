package io.phaseload.client.live;

import io.phaseload.client.plan.Phase;
import io.phaseload.client.result.GeneratorLoad;

/**
 * A run's figures after one reading of its recording, as every live output is handed them: the
 * counts cumulative from the run's start, the rest of the moment. Immutable.
 *
 * @param elapsedNanos since the run began
 * @param phase the phase running; null before the first
 * @param done requests read so far, all outcomes
 * @param ok those that succeeded
 * @param failed those that did not, not sent ones included
 * @param late open model: arrivals begun late so far
 * @param arrivalsPerSecond open model: arrivals begun per second over the last reading's second
 * @param rateTarget open model: the phase's intended rate; 0 before the first phase
 * @param users the phase's user threads still sending (shown for the closed model); 0 before the
 *     first phase
 * @param usersTarget the phase's user threads (shown for the closed model); 0 before the first
 *     phase
 * @param generator the generator's own load in the phase so far; null before the first phase
 * @param over whether the run's threads are joined, so that these figures are its last, exact
 */
public record LiveMoment(
    long elapsedNanos,
    Phase phase,
    long done,
    long ok,
    long failed,
    long late,
    double arrivalsPerSecond,
    double rateTarget,
    int users,
    int usersTarget,
    GeneratorLoad generator,
    boolean over) {}
