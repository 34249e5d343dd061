package io.phaseload.client.plan;

import java.time.Duration;
import java.util.Locale;

/**
 * The open model: users arrive at a set rate whatever the server does, each running one iteration.
 * At 100% the rate is {@code rate} arrivals per second; a phase runs at its fraction of it.
 * Immutable.
 *
 * @param rate arrivals per second at 100%
 * @param phaseLength each phase's length, or null for the closed model's count of iterations
 *     (floor(f x THREADS) x ITERATIONS arrivals per phase)
 * @param arrivals how arrivals are spaced
 */
public record OpenModel(double rate, Duration phaseLength, Arrivals arrivals) {

  /** How arrivals are spaced in time. */
  public enum Arrivals {
    /** Evenly: arrival i at start + i / rate. */
    UNIFORM,
    /** Exponential gaps of mean 1 / rate, from the run's seed. */
    POISSON;

    public static Arrivals parse(String s) {
      return switch (s.trim().toLowerCase(Locale.ROOT)) {
        case "uniform" -> UNIFORM;
        case "poisson" -> POISSON;
        default ->
            throw new IllegalArgumentException(
                "--arrivals must be uniform or poisson, got '" + s + "'");
      };
    }

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public OpenModel {
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw new IllegalArgumentException("--rate must be a positive number, got " + rate);
    }
    if (phaseLength != null && (phaseLength.isNegative() || phaseLength.isZero())) {
      throw new IllegalArgumentException("--phase-seconds must be positive");
    }
    if (arrivals == null) {
      throw new IllegalArgumentException("arrivals must be uniform or poisson");
    }
  }
}
