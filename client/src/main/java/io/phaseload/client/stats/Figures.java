package io.phaseload.client.stats;

/**
 * The one definition of each figure derived from a run's counts, which every output shows as it is:
 * the text report, the JSON and the page, compare, sweep, the SLOs. {@link Group} and {@link
 * Analysis} apply them to a run's groups; a side read back from a JSON summary, and the blocks a
 * comparison resamples, apply them to their own counts. Stateless.
 *
 * <ul>
 *   <li><b>Throughput</b>: successful requests per second of a span (the wall time for the run or a
 *       request name, a phase's own duration for a phase); 0 for a span of no time.
 *   <li><b>Error rate</b>: the share of the requests recorded that did not succeed, requests not
 *       sent (skipped ones included) counted as errors: (failed + not sent) / (sent + not sent); 0
 *       when none was recorded. A request that never left the client is a request the load did not
 *       get, so it counts against the run (as {@code errors<P%} and compare's {@code errors} have
 *       always counted it).
 *   <li><b>Failed share</b>: failed / sent, requests not sent left out; not the error rate, but the
 *       share of the requests sent that failed (what a sweep's {@code failed %} shows beside its
 *       {@code not sent} count); 0 when none was sent.
 * </ul>
 */
public final class Figures {

  private Figures() {}

  /** Successful requests per second of {@code seconds}; 0 when {@code seconds} is not positive. */
  public static double throughput(long ok, double seconds) {
    return seconds > 0 ? ok / seconds : 0;
  }

  /**
   * The error rate, 0 to 1: {@code errors} (failed and not sent) over {@code recorded} (sent and
   * not sent); 0 when none was recorded.
   */
  public static double errorRate(long errors, long recorded) {
    return recorded == 0 ? 0 : (double) errors / recorded;
  }

  /** The share of the requests sent that failed, 0 to 1; 0 when none was sent. */
  public static double failedShare(long failed, long sent) {
    return sent == 0 ? 0 : (double) failed / sent;
  }
}
