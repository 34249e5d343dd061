package io.phaseload.client.plan;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How users come: the closed model (each thread runs its iterations back to back, so the server's
 * pace sets the load) or the open model (arrivals at a set rate, whatever the server does). A plan
 * has exactly one; code that differs per model asks which with {@code instanceof}. Immutable.
 */
public sealed interface Model {

  /** A short description for reports and plan checks ("closed", "open 100.0/s ..."). */
  String describe();

  /**
   * The closed model: each thread runs its ITERATIONS back to back, waiting for every response
   * before the next request. Immutable.
   *
   * @param stages the load shape in users, phase by phase ({@code --stages}): users start and stop
   *     spread over each phase, each iterating until its stage stops it (ITERATIONS at most); empty
   *     for phases whose users each run ITERATIONS
   */
  record Closed(List<Stage> stages) implements Model {

    /** The closed model of phases whose users each run ITERATIONS. */
    public static final Closed INSTANCE = new Closed(List.of());

    public Closed {
      stages = stages == null ? List.of() : List.copyOf(stages);
    }

    /** Whether the phases are stages ({@code --stages}). */
    public boolean staged() {
      return !stages.isEmpty();
    }

    @Override
    public String describe() {
      return "closed";
    }
  }

  /**
   * The open model: users arrive at a set rate whatever the server does, each running one
   * iteration. At 100% the rate is {@code rate} arrivals per second; a phase runs at its fraction
   * of it. Immutable.
   *
   * @param rate arrivals per second at 100%
   * @param phaseLength each phase's length, or null for the closed model's count of iterations
   *     (floor(f x THREADS) x ITERATIONS arrivals per phase)
   * @param arrivals how arrivals are spaced
   * @param stages the load shape, phase by phase ({@code --stages}): each phase's rate moves
   *     linearly over its length; empty for phases that hold their fraction of {@code rate}, which
   *     is then the stages' highest target
   */
  record Open(double rate, Duration phaseLength, Arrivals arrivals, List<Stage> stages)
      implements Model {

    /** Phases that hold their fraction of {@code rate}. */
    public Open(double rate, Duration phaseLength, Arrivals arrivals) {
      this(rate, phaseLength, arrivals, List.of());
    }

    /** The load shape {@code stages}, at the rate of their highest target at 100 %. */
    public static Open staged(List<Stage> stages, Arrivals arrivals) {
      double peak = 0;
      for (Stage s : stages) {
        peak = Math.max(peak, Math.max(s.from(), s.to()));
      }
      return new Open(peak, null, arrivals, stages);
    }

    /** Whether the phases are stages ({@code --stages}). */
    public boolean staged() {
      return !stages.isEmpty();
    }

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

    public Open {
      if (!(rate > 0) || Double.isInfinite(rate)) {
        throw new IllegalArgumentException("--rate must be a positive number, got " + rate);
      }
      if (phaseLength != null && (phaseLength.isNegative() || phaseLength.isZero())) {
        throw new IllegalArgumentException("--phase-seconds must be positive");
      }
      if (arrivals == null) {
        throw new IllegalArgumentException("arrivals must be uniform or poisson");
      }
      stages = stages == null ? List.of() : List.copyOf(stages);
      if (!stages.isEmpty() && phaseLength != null) {
        throw new IllegalArgumentException(
            "--stages give each phase its length: no --phase-seconds");
      }
    }

    @Override
    public String describe() {
      return "open " + this;
    }
  }
}
