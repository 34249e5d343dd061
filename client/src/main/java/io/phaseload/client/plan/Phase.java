package io.phaseload.client.plan;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * One phase of a run: a name, the fraction of THREADS it uses and the resulting thread count.
 *
 * @param index position in the plan, from 0
 * @param name what reports call it (WARMUP, LOADING, PEAK, COOLDOWN for the default plan)
 * @param fraction the share of THREADS, in (0, 1]
 * @param threads floor(fraction x THREADS), at least 1
 */
public record Phase(int index, String name, double fraction, int threads) {

  public Phase {
    if (index < 0) {
      throw new IllegalArgumentException("phase index must be at least 0, got " + index);
    }
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("phase name must not be empty");
    }
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException(
          "phase fraction must be in (0, 1], got " + fraction + " for " + name);
    }
    if (threads < 1) {
      throw new IllegalArgumentException(
          "phase threads must be at least 1, got " + threads + " for " + name);
    }
  }

  /** floor(fraction x total), at least 1; exact for the decimal fractions people type. */
  public static int threadsFor(double fraction, int totalThreads) {
    // BigDecimal avoids 0.1 x 20 = 1.9999... rounding down to 1.
    long t =
        new BigDecimal(Double.toString(fraction))
            .multiply(BigDecimal.valueOf(totalThreads))
            .setScale(0, RoundingMode.FLOOR)
            .longValueExact();
    return (int) Math.max(1, t);
  }
}
