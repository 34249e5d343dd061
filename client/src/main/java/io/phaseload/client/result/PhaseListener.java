package io.phaseload.client.result;

import io.phaseload.client.plan.Phase;

/**
 * Told of a run's phase boundaries as they happen, on the thread that runs the phases: the live
 * phase lines, the progress line and the live page listen. Implementations must not block.
 */
public interface PhaseListener {

  /** Told once, before the first phase, of what the run records into. */
  default void runStarted(RunView run) {}

  /**
   * Told once, as the run's clock starts (before the first phase's setup): the instant its time
   * axis begins, nanoseconds since the epoch, as the result will say.
   */
  default void clockStarted(long startEpochNanos) {}

  default void phaseStarted(Phase phase) {}

  /**
   * Told once every user has left the phase; an open-model phase's arrivals are not counted yet.
   */
  default void phaseFinished(PhaseResult result) {}

  /** Both listeners, {@code first} told first. */
  static PhaseListener both(PhaseListener first, PhaseListener second) {
    return new PhaseListener() {
      @Override
      public void runStarted(RunView run) {
        first.runStarted(run);
        second.runStarted(run);
      }

      @Override
      public void clockStarted(long startEpochNanos) {
        first.clockStarted(startEpochNanos);
        second.clockStarted(startEpochNanos);
      }

      @Override
      public void phaseStarted(Phase phase) {
        first.phaseStarted(phase);
        second.phaseStarted(phase);
      }

      @Override
      public void phaseFinished(PhaseResult result) {
        first.phaseFinished(result);
        second.phaseFinished(result);
      }
    };
  }
}
