package io.phaseload.client.live;

import io.phaseload.client.stats.Percentiles;
import java.util.Arrays;

/**
 * One kind of latency of the live page, second by second: each second's successful latencies while
 * it is within {@link LiveSeries#WINDOW_SECONDS} of the newest second, and the exact (nearest-rank,
 * {@link Percentiles}) p50, p95 and p99 of them, recomputed when a second gained values. After the
 * window a second's values are dropped and its percentiles stay as they were.
 *
 * <p>Not thread-safe: the feed's thread only.
 */
final class LiveQuantiles {

  private long[] p50 = new long[16];
  private long[] p95 = new long[16];
  private long[] p99 = new long[16];

  /** Each second's latencies, while within the window; null before and after. */
  private long[][] latencies = new long[16][];

  private int[] filled = new int[16];
  private boolean[] dirty = new boolean[16];

  /** Room for {@code seconds} seconds. */
  void grow(int seconds) {
    if (seconds > p50.length) {
      p50 = Arrays.copyOf(p50, seconds);
      p95 = Arrays.copyOf(p95, seconds);
      p99 = Arrays.copyOf(p99, seconds);
      latencies = Arrays.copyOf(latencies, seconds);
      filled = Arrays.copyOf(filled, seconds);
      dirty = Arrays.copyOf(dirty, seconds);
    }
  }

  /** A latency of second {@code s}, which {@link #grow} made room for. */
  void add(int s, long nanos) {
    long[] values = latencies[s];
    int n = filled[s];
    if (values == null || n == values.length) {
      values = values == null ? new long[64] : Arrays.copyOf(values, n * 2);
      latencies[s] = values;
    }
    values[n] = nanos;
    filled[s] = n + 1;
    dirty[s] = true;
  }

  /** Recomputes the percentiles of the seconds that changed; forgets those before {@code kept}. */
  void settle(int seconds, int kept) {
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
    for (int s = 0; s < kept; s++) {
      latencies[s] = null;
    }
  }

  long p50(int s) {
    return p50[s];
  }

  long p95(int s) {
    return p95[s];
  }

  long p99(int s) {
    return p99[s];
  }
}
