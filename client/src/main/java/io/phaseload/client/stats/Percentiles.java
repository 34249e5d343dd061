package io.phaseload.client.stats;

import java.math.BigDecimal;
import java.math.RoundingMode;

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
}
