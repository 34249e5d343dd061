package io.phaseload.client.plan;

/**
 * A rate that moves linearly from {@code from} to {@code to} arrivals per second over {@code nanos}
 * (k6's ramping arrival rate), holding when they are equal, with its arrivals spaced as {@code
 * spacing} says: one population's schedule in one phase of the whole plan. The pacer spaces its
 * arrivals by it, and the charts' target line reads its rate {@link #at} a moment, so the two
 * cannot differ. Immutable.
 *
 * @param nanos how long the rate takes to move (1 s for a rate that holds)
 * @param spacing how the arrivals are spaced; null when none are scheduled (the closed model)
 */
public record Ramp(double from, double to, long nanos, Spacing spacing) {

  private static final long SECOND = 1_000_000_000L;

  /** A rate that holds. */
  static Ramp flat(double rate, Spacing spacing) {
    return new Ramp(rate, rate, SECOND, spacing);
  }

  /** Stage {@code stage}'s rate, scaled by {@code share}. */
  static Ramp of(Stage stage, double share, Spacing spacing) {
    return new Ramp(stage.from() * share, stage.to() * share, stage.length().toNanos(), spacing);
  }

  public double seconds() {
    return nanos / 1e9;
  }

  /**
   * The rate {@code at} nanoseconds into the phase: moved linearly from {@code from} to {@code to}.
   */
  public double at(long at) {
    double along = Math.max(0, Math.min(1, at / (double) nanos));
    return from + (to - from) * along;
  }
}
