package io.phaseload.client.stats;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;

/**
 * The one percentile definition phaseload uses: <b>nearest rank</b>. For {@code n} sorted values
 * and {@code 0 < q <= 1}, the q-quantile is the value at 1-based rank {@code ceil(q x n)}; q = 0
 * gives the minimum. The median is the 0.5-quantile by this rule (for an even count, the lower of
 * the two middle values). Every reported value is one that was measured, never an interpolation.
 */
public final class Percentiles {

  private Percentiles() {}

  /** The 1-based nearest rank of quantile {@code q} in {@code n} values; {@code n >= 1}. */
  public static long rank(double q, long n) {
    if (n < 1) {
      throw new IllegalArgumentException("no values");
    }
    if (!(q >= 0 && q <= 1)) {
      throw new IllegalArgumentException("quantile must be in [0, 1], got " + q);
    }
    // Multiplying the decimal q exactly avoids ceil(0.95 * 100) = 96 from 95.00000000000001.
    long r =
        new BigDecimal(Double.toString(q))
            .multiply(BigDecimal.valueOf(n))
            .setScale(0, RoundingMode.CEILING)
            .longValueExact();
    return Math.max(1, Math.min(r, n));
  }

  /** The q-quantile of an ascending array, by nearest rank. */
  public static long of(long[] sorted, double q) {
    return sorted[(int) rank(q, sorted.length) - 1];
  }

  /**
   * The value of 1-based {@code rank} among {@code values[from, to)}, which it reorders so that the
   * value sits at {@code from + rank - 1} with none greater before it and none smaller after: the
   * same value sorting would put there, found in linear expected time (quickselect with a three-way
   * partition, falling back to sorting the rest if the pivots keep choosing badly).
   */
  public static long select(long[] values, int from, int to, long rank) {
    if (rank < 1 || rank > to - from) {
      throw new IllegalArgumentException("rank " + rank + " of " + (to - from) + " values");
    }
    int k = from + (int) rank - 1;
    int lo = from;
    int hi = to - 1;
    int rounds = 2 * (64 - Long.numberOfLeadingZeros(to - from)) + 8;
    while (hi > lo) {
      if (rounds-- == 0) {
        Arrays.sort(values, lo, hi + 1);
        return values[k];
      }
      long pivot = median(values[lo], values[(lo + hi) >>> 1], values[hi]);
      int lt = lo;
      int gt = hi;
      int i = lo;
      while (i <= gt) {
        long v = values[i];
        if (v < pivot) {
          values[i++] = values[lt];
          values[lt++] = v;
        } else if (v > pivot) {
          values[i] = values[gt];
          values[gt--] = v;
        } else {
          i++;
        }
      }
      if (k < lt) {
        hi = lt - 1;
      } else if (k > gt) {
        lo = gt + 1;
      } else {
        return values[k];
      }
    }
    return values[k];
  }

  private static long median(long a, long b, long c) {
    return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
  }
}
