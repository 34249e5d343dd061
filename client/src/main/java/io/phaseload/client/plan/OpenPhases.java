package io.phaseload.client.plan;

import java.time.Duration;
import java.util.Locale;

/**
 * The open model's phases ({@code --rate}): each phase holds its fraction of {@code rate}. Its
 * arrivals are the closed model's count of iterations, floor(f x THREADS) x ITERATIONS, or {@code
 * rate} x f x {@code phaseLength} when one is given. Immutable.
 *
 * @param rate arrivals per second at 100%
 * @param phaseLength each phase's length, or null for the closed model's count of iterations
 * @param arrivals how arrivals are spaced
 */
public record OpenPhases(double rate, Duration phaseLength, Spacing arrivals) implements OpenModel {

  public OpenPhases {
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

  @Override
  public String describe() {
    return String.format(
        Locale.ROOT, "open, %.1f arrivals/s at 100%% (%s)", rate, arrivals.label());
  }

  /** Its rate and arrivals drive it; THREADS caps what is in flight. */
  @Override
  public String title(Crowd plan) {
    long all = 0;
    boolean whole = true;
    for (Phase p : plan.phases()) {
      for (int q = 0; q < plan.populations().size(); q++) {
        all += wholeIterations(plan, p, q);
      }
      whole &= p.fraction() == 1;
    }
    return "open model, "
        + Words.number(rate)
        + " arrivals/s"
        + (whole ? "" : " at 100 %")
        + ", "
        + all
        + (all == 1 ? " arrival" : " arrivals")
        + ", "
        + Words.threads(plan.threads());
  }

  /**
   * Its threads x ITERATIONS, so the phase lasts about THREADS x ITERATIONS / rate, or rate x
   * fraction x the phase length when one is given (at least 1).
   */
  @Override
  public long weightedArrivals(Crowd plan, Phase phase) {
    if (phaseLength != null) {
      double seconds = phaseLength.toNanos() / 1e9;
      return Math.max(1, Math.round(rate * phase.fraction() * seconds));
    }
    return (long) phase.threads() * plan.iterations();
  }

  /** Its arrivals at its rate. */
  @Override
  public double seconds(Crowd plan, Phase phase) {
    return weightedArrivals(plan, phase) / (rate * phase.fraction());
  }

  @Override
  public double weightedRate(Phase phase) {
    return rate * phase.fraction();
  }

  /** The population's rate, all through the phase. */
  @Override
  public Ramp ramp(Crowd plan, Phase phase, int p) {
    return Ramp.flat(wholeRate(plan, phase, p), arrivals);
  }
}
