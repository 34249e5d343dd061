package io.phaseload.client.live;

import io.phaseload.client.report.Millis;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Percentiles;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The live page's time series: requests per second by the second each started in, successful and
 * failed by kind, and the exact (nearest-rank, {@link Percentiles}) p50, p95 and p99 of each
 * second's successful latencies, as the final page draws them.
 *
 * <p>A second's latencies are kept while it is within {@link #WINDOW_SECONDS} of the newest second
 * seen, and its percentiles recomputed whenever a request of it is recorded; after that its list is
 * dropped and its percentiles stay as they were (a request slower than the window would leave them
 * out: the final report's are exact). That bounds the memory to the window's requests.
 *
 * <p>Not thread-safe: the feed's thread only.
 */
final class LiveSeries {

  static final long SECOND = 1_000_000_000L;

  /** Seconds of latencies kept for the percentiles. */
  static final int WINDOW_SECONDS = 30;

  private long[] sent = new long[16];
  private long[] ok = new long[16];
  private final long[][] failed = new long[Outcome.FAILURE_KINDS.size()][16];
  private long[] p50 = new long[16];
  private long[] p95 = new long[16];
  private long[] p99 = new long[16];
  private int seconds;

  /** Each second's successful latencies, while within the window; null before and after. */
  private long[][] latencies = new long[16][];

  private int[] filled = new int[16];
  private boolean[] dirty = new boolean[16];

  /** One recorded request, by when it started (ns since the run began). */
  void request(long startNanos, int outcome, long latencyNanos) {
    if (!Outcome.sent(outcome)) {
      int kind = Outcome.FAILURE_KINDS.indexOf(Outcome.kind(outcome));
      int s = second(startNanos);
      failed[kind][s]++;
      return;
    }
    int s = second(startNanos);
    sent[s]++;
    if (Outcome.ok(outcome)) {
      ok[s]++;
      if (s > seconds - 1 - WINDOW_SECONDS) {
        long[] values = latencies[s];
        int n = filled[s];
        if (values == null || n == values.length) {
          values = values == null ? new long[64] : Arrays.copyOf(values, n * 2);
          latencies[s] = values;
        }
        values[n] = latencyNanos;
        filled[s] = n + 1;
        dirty[s] = true;
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
      p50 = Arrays.copyOf(p50, n);
      p95 = Arrays.copyOf(p95, n);
      p99 = Arrays.copyOf(p99, n);
      for (int k = 0; k < failed.length; k++) {
        failed[k] = Arrays.copyOf(failed[k], n);
      }
      latencies = Arrays.copyOf(latencies, n);
      filled = Arrays.copyOf(filled, n);
      dirty = Arrays.copyOf(dirty, n);
    }
    seconds = Math.max(seconds, s + 1);
    return s;
  }

  /** Recomputes the percentiles of the seconds that changed; forgets those out of the window. */
  void settle() {
    for (int s = 0; s < seconds; s++) {
      if (dirty[s]) {
        // Selection, not a sort: three quickselects in place, each within the part the one before
        // left below its rank (the second's order is no matter), in linear time; a sort of about
        // 100,000 latencies a second was most of the live thread's work.
        long[] values = latencies[s];
        int n = filled[s];
        long r99 = Percentiles.rank(0.99, n);
        long r95 = Percentiles.rank(0.95, n);
        p99[s] = Percentiles.select(values, 0, n, r99);
        p95[s] = Percentiles.select(values, 0, (int) r99, r95);
        p50[s] = Percentiles.select(values, 0, (int) r95, Percentiles.rank(0.50, n));
        dirty[s] = false;
      }
    }
    for (int s = 0; s <= seconds - 1 - WINDOW_SECONDS; s++) {
      latencies[s] = null;
    }
  }

  /**
   * The page's {@code series}, in the shape the final page's charts read: bucket middles (s), sent
   * and ok counts, rates, percentiles (ms), the phases' spans; seconds up to the newest a request
   * started in, the last one's rates over its part up to {@code nowNanos}.
   */
  Map<String, Object> page(long nowNanos, List<Object> phases) {
    // Up to the newest second a request started in: a second just begun would read as a drop.
    int n = seconds;
    List<BigDecimal> x = new ArrayList<>();
    List<BigDecimal> okRate = new ArrayList<>();
    List<BigDecimal> failedRate = new ArrayList<>();
    List<BigDecimal> q50 = new ArrayList<>();
    List<BigDecimal> q95 = new ArrayList<>();
    List<BigDecimal> q99 = new ArrayList<>();
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
      q50.add(ok[s] == 0 ? null : Millis.of(p50[s]));
      q95.add(ok[s] == 0 ? null : Millis.of(p95[s]));
      q99.add(ok[s] == 0 ? null : Millis.of(p99[s]));
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
    m.put("p50", q50);
    m.put("p95", q95);
    m.put("p99", q99);
    m.put("phases", phases);
    m.put("failures", kinds);
    return m;
  }

  private static BigDecimal rate(long count, long nanos) {
    return BigDecimal.valueOf(count * 1e9 / nanos).setScale(1, RoundingMode.HALF_UP);
  }
}
