package io.phaseload.client.live;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.report.Millis;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.RecordLayout;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;

/**
 * The live page's time series: requests per second by the second each started in, successful and
 * failed by kind, and the exact (nearest-rank) p50, p95 and p99 of each second's successful
 * latencies, as the final page draws them: in the open model from the intended send, with the
 * service time's beside them.
 *
 * <p>A second's latencies are kept while it is within {@link #WINDOW_SECONDS} of the newest second
 * seen, and its percentiles recomputed whenever a request of it is recorded; after that its list is
 * dropped and its percentiles stay as they were (a request slower than the window would leave them
 * out: the final report's are exact). That bounds the memory to the window's requests.
 *
 * <p>A request is recorded when it ends, so a second is drawn only once its requests have had time
 * to end: see {@link #page}.
 *
 * <p>Not thread-safe: the feed's thread only.
 */
final class LiveSeries {

  static final long SECOND = 1_000_000_000L;

  /** Seconds of latencies kept for the percentiles. */
  static final int WINDOW_SECONDS = 30;

  /**
   * Heap a latency kept for the window may take: its 8 bytes, in an array that doubles as it fills
   * (the old and the new copy, 24 bytes, while it does).
   */
  static final int BYTES_PER_KEPT_VALUE = 24;

  /**
   * The most heap the window's latencies may take in a run of {@code plan}: every request's, in a
   * closed run, whose rate is not known before; a fixed-rate open run's for {@link #WINDOW_SECONDS}
   * and one of its busiest phase, with its service times beside them.
   */
  static long windowBytes(LoadPlan plan) {
    long kept = plan.mostRequestsWithin(WINDOW_SECONDS);
    // Intended starts give each latency a service time beside it.
    return kept * BYTES_PER_KEPT_VALUE * (RecordLayout.keepsIntendedStarts(plan) ? 2 : 1);
  }

  /**
   * The most a second waits, after a later request was recorded, for requests still in flight
   * before it is drawn: a request slower than this (a timeout) is drawn late rather than hold the
   * page back with it.
   */
  static final long MAX_HOLD_NANOS = 5 * SECOND;

  private long[] sent = new long[16];
  private long[] ok = new long[16];
  private final long[][] failed = new long[Outcome.FAILURE_KINDS.size()][16];
  private int seconds;
  private final LiveQuantiles latency = new LiveQuantiles();

  /** The service time's, in the open model; null in the closed model, where it is the latency. */
  private final LiveQuantiles service;

  /** The latest start of a request recorded: the recording's clock as far as it was read. */
  private long newestStart;

  /** The longest a request recorded so far was in flight, from its send to its end. */
  private long longestInFlight;

  /**
   * @param open whether latencies count from the intended send, with service time apart
   */
  LiveSeries(boolean open) {
    service = open ? new LiveQuantiles() : null;
  }

  /**
   * One recorded request, by when it was sent (ns since the run began).
   *
   * @param latencyNanos from the intended send in the open model
   * @param serviceNanos from the actual send
   */
  void request(long startNanos, int outcome, long latencyNanos, long serviceNanos) {
    int s = second(startNanos);
    newestStart = Math.max(newestStart, startNanos);
    if (!Outcome.sent(outcome)) {
      failed[Outcome.FAILURE_KINDS.indexOf(Outcome.kind(outcome))][s]++;
      return;
    }
    longestInFlight = Math.max(longestInFlight, serviceNanos);
    sent[s]++;
    if (Outcome.ok(outcome)) {
      ok[s]++;
      if (s > seconds - 1 - WINDOW_SECONDS) {
        latency.add(s, latencyNanos);
        if (service != null) {
          service.add(s, serviceNanos);
        }
      }
    } else {
      failed[Outcome.FAILURE_KINDS.indexOf(Outcome.kind(outcome))][s]++;
    }
  }

  private int second(long startNanos) {
    int s = (int) (Math.max(0, startNanos) / SECOND);
    if (s >= sent.length) {
      int n = Math.max(s + 1, sent.length * 2);
      sent = Arrays.copyOf(sent, n);
      ok = Arrays.copyOf(ok, n);
      for (int k = 0; k < failed.length; k++) {
        failed[k] = Arrays.copyOf(failed[k], n);
      }
      latency.grow(n);
      if (service != null) {
        service.grow(n);
      }
    }
    seconds = Math.max(seconds, s + 1);
    return s;
  }

  /** Recomputes the percentiles of the seconds that changed; forgets those out of the window. */
  void settle() {
    int kept = Math.max(0, seconds - WINDOW_SECONDS);
    latency.settle(seconds, kept);
    if (service != null) {
      service.settle(seconds, kept);
    }
  }

  /**
   * The seconds whose requests have all been recorded, as far as the recording tells: those that
   * ended before the newest start read, by more than the longest any request was in flight (at most
   * {@link #MAX_HOLD_NANOS}). A request of such a second still in flight would be slower than any
   * yet; a second drawn sooner would miss the requests still in flight, a dip that is not the
   * run's.
   */
  int complete() {
    long ended = newestStart - Math.min(longestInFlight, MAX_HOLD_NANOS);
    return (int) Math.max(0, Math.min(seconds, ended / SECOND));
  }

  /**
   * The page's {@code series}, in the shape the final page's charts read: bucket middles (s), sent
   * and ok counts, rates, percentiles (ms), in the open model the service time's p50 and p99, the
   * phases' spans; the {@link #complete} seconds while the run goes, every second once it is over
   * (the last one's rates over its part up to {@code nowNanos}).
   *
   * @param over whether the run is over and every request recorded
   */
  Map<String, Object> page(long nowNanos, List<Object> phases, boolean over) {
    int n = over ? seconds : complete();
    List<BigDecimal> x = new ArrayList<>();
    List<BigDecimal> okRate = new ArrayList<>();
    List<BigDecimal> failedRate = new ArrayList<>();
    List<Object> kinds = new ArrayList<>();
    List<List<BigDecimal>> kindRates = new ArrayList<>();
    for (int k = 0; k < failed.length; k++) {
      kindRates.add(new ArrayList<>());
    }
    for (int s = 0; s < n; s++) {
      long length = Math.max(1, Math.min(SECOND, nowNanos - s * SECOND));
      x.add(Millis.seconds(s * SECOND + length / 2));
      okRate.add(rate(ok[s], length));
      failedRate.add(rate(sent[s] - ok[s], length));
      for (int k = 0; k < failed.length; k++) {
        kindRates.get(k).add(rate(failed[k][s], length));
      }
    }
    for (int k = 0; k < failed.length; k++) {
      long total = 0;
      for (int s = 0; s < n; s++) {
        total += failed[k][s];
      }
      Map<String, Object> kind = new LinkedHashMap<>();
      kind.put("kind", Outcome.kindName(Outcome.FAILURE_KINDS.get(k)));
      kind.put("count", total);
      kind.put("perSecond", kindRates.get(k));
      kinds.add(kind);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("bucketSeconds", 1);
    m.put("bucket", "1 s");
    m.put("x", x);
    m.put("sent", Arrays.copyOf(sent, n));
    m.put("ok", Arrays.copyOf(ok, n));
    m.put("okPerSecond", okRate);
    m.put("failedPerSecond", failedRate);
    m.put("p50", millis(n, latency::p50));
    m.put("p95", millis(n, latency::p95));
    m.put("p99", millis(n, latency::p99));
    if (service != null) {
      m.put("serviceP50", millis(n, service::p50));
      m.put("serviceP99", millis(n, service::p99));
    }
    m.put("phases", phases);
    m.put("failures", kinds);
    return m;
  }

  /** Each of the first {@code n} seconds' {@code nanos} in ms; null for one with no success. */
  private List<BigDecimal> millis(int n, IntToLongFunction nanos) {
    List<BigDecimal> ms = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      ms.add(ok[s] == 0 ? null : Millis.of(nanos.applyAsLong(s)));
    }
    return ms;
  }

  private static BigDecimal rate(long count, long nanos) {
    return BigDecimal.valueOf(count * 1e9 / nanos).setScale(1, RoundingMode.HALF_UP);
  }
}
