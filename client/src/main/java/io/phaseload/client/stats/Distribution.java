package io.phaseload.client.stats;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One group's latencies as the outputs draw them: their count, extremes and exact moments, and the
 * value at every rank an output reads, which the count alone decides:
 *
 * <ul>
 *   <li>the reported quantiles ({@link LatencyStats#QUANTILES}) and the marked ones ({@link
 *       #MARKED});
 *   <li>the spectrum's curve: a point every {@value #POINTS_PER_DECADE}th of a decade of {@code
 *       log10(1/(1-q))} up to one request in n, then the maximum ({@link #curveX});
 *   <li>the levels of an {@code .hgrm} file, as HdrHistogram's percentile iterator steps them with
 *       {@value #TICKS_PER_HALF_DISTANCE} ticks per half distance ({@link #nextLevel}).
 * </ul>
 *
 * <p>Found once, in the passes of {@link ExactRanks}, by nearest rank: the values sorting would
 * give, without holding the latencies. Immutable.
 */
public final class Distribution {

  /** Points of the spectrum's curve per decade: enough that nearest-rank steps read as a curve. */
  public static final int POINTS_PER_DECADE = 20;

  /** The quantiles marked on the spectrum, named by {@link #MARK_NAMES}. */
  public static final double[] MARKED = {0.50, 0.90, 0.99, 0.999, 0.9999};

  public static final String[] MARK_NAMES = {"p50", "p90", "p99", "p99.9", "p99.99"};

  /** Rows per halving of the distance to 100%, as wrk2 and HdrHistogram's examples print them. */
  public static final int TICKS_PER_HALF_DISTANCE = 5;

  public static final Distribution EMPTY =
      new Distribution(0, 0, 0, 0, 0, new long[0], new long[0], new long[0]);

  private final long count;
  private final long min;
  private final long max;
  private final double mean;
  private final double deviation;
  private final long[] ranks;
  private final long[] values;
  private final long[] atOrBelow;
  private final int curveEnd;

  private Distribution(
      long count,
      long min,
      long max,
      double mean,
      double deviation,
      long[] ranks,
      long[] values,
      long[] atOrBelow) {
    this.count = count;
    this.min = min;
    this.max = max;
    this.mean = mean;
    this.deviation = deviation;
    this.ranks = ranks;
    this.values = values;
    this.atOrBelow = atOrBelow;
    this.curveEnd = curveX(count).length - 1;
  }

  /**
   * Group {@code g} of {@code counted}, whose ranks {@link #ranks}{@code (count)} were asked for
   * (in that order) and {@code found}.
   */
  static Distribution of(ExactRanks counted, int g, ExactRanks.Found found) {
    long n = counted.count(g);
    if (n == 0) {
      return EMPTY;
    }
    return new Distribution(
        n,
        counted.min(g),
        counted.max(g),
        counted.mean(g),
        counted.deviation(g),
        ranks(n),
        found.at()[g],
        found.atOrBelow()[g]);
  }

  /** The distribution of {@code sorted}, ascending: what the passes find, read off the array. */
  public static Distribution of(long[] sorted) {
    int n = sorted.length;
    if (n == 0) {
      return EMPTY;
    }
    ExactRanks counted = ExactRanks.count(1, sink -> each(sorted, sink));
    long[] ranks = ranks(n);
    long[] values = new long[ranks.length];
    long[] atOrBelow = new long[ranks.length];
    for (int i = 0; i < ranks.length; i++) {
      int index = (int) ranks[i] - 1;
      values[i] = sorted[index];
      int end = index + 1;
      while (end < n && sorted[end] == values[i]) {
        end++;
      }
      atOrBelow[i] = end;
    }
    return new Distribution(
        n,
        sorted[0],
        sorted[n - 1],
        counted.mean(0),
        counted.deviation(0),
        ranks,
        values,
        atOrBelow);
  }

  private static void each(long[] values, ExactRanks.Sink sink) {
    for (long v : values) {
      sink.add(0, v);
    }
  }

  /** The ranks the outputs read of {@code n} values, ascending, each once; none if n is 0. */
  public static long[] ranks(long n) {
    if (n == 0) {
      return new long[0];
    }
    Set<Long> ranks = new LinkedHashSet<>();
    ranks.add(1L);
    ranks.add(n);
    for (double q : LatencyStats.QUANTILES) {
      ranks.add(Percentiles.rank(q, n));
    }
    for (double q : MARKED) {
      ranks.add(Percentiles.rank(q, n));
    }
    int points = curveX(n).length - 1;
    for (int i = 0; i < points; i++) {
      ranks.add(Percentiles.rank(curveQuantile(i), n));
    }
    double level = 0;
    while (true) {
      long r = levelRank(level, n);
      ranks.add(r);
      if (r == n) {
        break;
      }
      level = nextLevel(level);
    }
    return ranks.stream().mapToLong(Long::longValue).sorted().toArray();
  }

  public long count() {
    return count;
  }

  public long min() {
    return min;
  }

  public long max() {
    return max;
  }

  /** The exact mean; 0 for no values. */
  public double mean() {
    return mean;
  }

  /** The population standard deviation, from exact sums; 0 for no values. */
  public double deviation() {
    return deviation;
  }

  /** The statistics every group reports, of these values. */
  public LatencyStats stats() {
    if (count == 0) {
      return LatencyStats.EMPTY;
    }
    double[] q = LatencyStats.QUANTILES;
    return new LatencyStats(
        count, min, mean, at(q[0]), at(q[1]), at(q[2]), at(q[3]), at(q[4]), max);
  }

  /** The value at quantile {@code q} by nearest rank; the maximum for q = 1. */
  public long at(double q) {
    return atRank(Percentiles.rank(q, count));
  }

  /** The value at 1-based rank {@code r}, one of {@link #ranks}. */
  public long atRank(long r) {
    return values[index(r)];
  }

  /** How many values are at or below the value at rank {@code r}, one of {@link #ranks}. */
  public long atOrBelow(long r) {
    return atOrBelow[index(r)];
  }

  private int index(long r) {
    int i = Arrays.binarySearch(ranks, r);
    if (i < 0) {
      throw new IllegalArgumentException("rank " + r + " of " + count + " was not found");
    }
    return i;
  }

  /**
   * Where the spectrum's curve has its points, on its x axis {@code log10(1/(1-q))}: every {@link
   * #POINTS_PER_DECADE}th of a decade below {@code log10(n)}, then {@code log10(n)}, where every q
   * above {@code 1 - 1/n} is the maximum by nearest rank, so the curve ends there. Empty for n 0.
   */
  public static double[] curveX(long n) {
    if (n == 0) {
      return new double[0];
    }
    double end = Math.log10(n);
    int points = 0;
    while (points < POINTS_PER_DECADE * end) {
      points++;
    }
    double[] x = new double[points + 1];
    for (int i = 0; i < points; i++) {
      x[i] = (double) i / POINTS_PER_DECADE;
    }
    x[points] = end;
    return x;
  }

  /** The curve's value at point {@code i} of {@link #curveX}{@code (count)}. */
  public long curve(int i) {
    return i == curveEnd ? max : at(curveQuantile(i));
  }

  /** The quantile of the curve's point {@code i} below its end: {@code 1 - 10^(-i/20)}. */
  private static double curveQuantile(int i) {
    return 1 - Math.pow(10, -((double) i / POINTS_PER_DECADE));
  }

  /**
   * The {@code .hgrm} level after {@code level} (percent): 100 / (ticks x 2^(floor(log2(100 / (100
   * - level))) + 1)) further on, as HdrHistogram's percentile iterator steps.
   */
  public static double nextLevel(double level) {
    long ticks =
        TICKS_PER_HALF_DISTANCE
            * (long) Math.pow(2, (long) (Math.log(100.0 / (100.0 - level)) / Math.log(2)) + 1);
    return level + 100.0 / ticks;
  }

  /**
   * The rank at which {@code level} (percent) is reached: the least count c, at least 1, with
   * {@code 100.0 * c / n >= level}, in the doubles HdrHistogram's iterator compares.
   */
  public static long levelRank(double level, long n) {
    long c = Math.max(1, Math.min(n, (long) Math.ceil(level * n / 100.0)));
    while (c > 1 && 100.0 * (c - 1) / n >= level) {
      c--;
    }
    while (c < n && 100.0 * c / n < level) {
      c++;
    }
    return c;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Distribution d
        && count == d.count
        && min == d.min
        && max == d.max
        && Double.compare(mean, d.mean) == 0
        && Double.compare(deviation, d.deviation) == 0
        && Arrays.equals(ranks, d.ranks)
        && Arrays.equals(values, d.values)
        && Arrays.equals(atOrBelow, d.atOrBelow);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(count) * 31 + Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return "Distribution[" + count + " values, " + min + " to " + max + "]";
  }
}
