package io.phaseload.client.plan;

import java.util.Locale;

/** How the open model's arrivals are spaced in time ({@code --arrivals}). */
public enum Spacing {
  /** Evenly: arrival i at start + i / rate. */
  UNIFORM,
  /** Exponential gaps of mean 1 / rate, from the run's seed. */
  POISSON;

  public static Spacing parse(String s) {
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
