package io.phaseload.client.slo;

/**
 * One SLO's verdict on a finished run. Immutable.
 *
 * @param measured the statistic in the SLO's base unit (nanoseconds, a fraction, per second); NaN
 *     when there was nothing to measure (no successful request for a latency, no request at all)
 * @param pass whether the SLO held; never with nothing measured
 */
public record SloResult(Slo slo, double measured, boolean pass) {

  /** The measured value in the unit the SLO is shown in (ms, %, /s); NaN when none. */
  public double shown() {
    return slo.shown(measured);
  }
}
