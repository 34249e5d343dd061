package io.phaseload.client.stats;

/**
 * Latency of one group of requests, in nanoseconds; percentiles by {@link Percentiles nearest
 * rank}. A group with no requests has count 0 and every other field 0.
 */
public record LatencyStats(
    long count,
    long min,
    double mean,
    long p50,
    long p90,
    long p95,
    long p99,
    long p999,
    long max) {

  /** The quantiles reported for every group, in the order of the fields above. */
  public static final double[] QUANTILES = {0.50, 0.90, 0.95, 0.99, 0.999};

  public static final LatencyStats EMPTY = new LatencyStats(0, 0, 0, 0, 0, 0, 0, 0, 0);

  /** From an ascending array of latencies. */
  public static LatencyStats ofSorted(long[] sorted) {
    if (sorted.length == 0) {
      return EMPTY;
    }
    return new LatencyStats(
        sorted.length,
        sorted[0],
        ExactRanks.mean(sorted),
        Percentiles.of(sorted, 0.50),
        Percentiles.of(sorted, 0.90),
        Percentiles.of(sorted, 0.95),
        Percentiles.of(sorted, 0.99),
        Percentiles.of(sorted, 0.999),
        sorted[sorted.length - 1]);
  }

  /** The ranks of {@link #QUANTILES} among {@code n} values, in that order. */
  static long[] ranks(long n) {
    long[] ranks = new long[QUANTILES.length];
    for (int i = 0; i < ranks.length; i++) {
      ranks[i] = Percentiles.rank(QUANTILES[i], n);
    }
    return ranks;
  }

  /** Group {@code g} of {@code counted}, whose values at {@link #ranks} are {@code quantiles}. */
  static LatencyStats of(ExactRanks counted, int g, long[] quantiles) {
    if (counted.count(g) == 0) {
      return EMPTY;
    }
    return new LatencyStats(
        counted.count(g),
        counted.min(g),
        counted.mean(g),
        quantiles[0],
        quantiles[1],
        quantiles[2],
        quantiles[3],
        quantiles[4],
        counted.max(g));
  }
}
