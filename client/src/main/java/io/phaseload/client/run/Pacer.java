package io.phaseload.client.run;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Ramp;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.plan.Spacing;
import java.util.SplittableRandom;

/**
 * When each arrival of a phase is due, in nanoseconds after the phase's start: a pure function of
 * the arrival's index, never a sum of sleeps, so that pacing cannot drift and does not depend on
 * how the server answers. Immutable and thread-safe.
 */
public abstract class Pacer {

  /** Arrival {@code i}'s offset from the phase's start. */
  public abstract long offsetNanos(long i);

  /**
   * The schedule of population {@code population}'s arrivals in {@code phase} of an open-model
   * plan: the whole plan's (uniform, or poisson from {@code seed}, the phase and the population),
   * of which a shard takes its arrivals.
   */
  public static Pacer of(LoadPlan plan, Phase phase, int population, long seed) {
    Ramp ramp = plan.ramp(phase, population);
    long stream = (phase.index() + 1) + ((long) population << 32);
    Pacer whole =
        ramp.spacing() == Spacing.POISSON
            ? poisson(
                ramp.from(),
                ramp.to(),
                ramp.seconds(),
                seed ^ (0x9E3779B97F4A7C15L * stream),
                plan.wholeArrivals(phase, population))
            : ramp(ramp.from(), ramp.to(), ramp.seconds());
    return whole.shard(plan.shard());
  }

  /**
   * When the arrivals so far reach {@code x}, in seconds, for a rate that moves linearly from
   * {@code from} to {@code to} per second over {@code seconds}: the inverse of its integral, {@code
   * from t + (to - from) t^2 / (2 seconds)}, a closed form (written so that it stays exact where
   * the rate starts at 0, and where it falls).
   */
  static double secondsAt(double x, double from, double to, double seconds) {
    double a = (to - from) / (2 * seconds);
    if (a == 0) {
      return x / from;
    }
    return 2 * x / (from + Math.sqrt(Math.max(0, from * from + 4 * a * x)));
  }

  /**
   * Arrival i when the arrivals so far reach i, for a rate that moves linearly from {@code from} to
   * {@code to} per second over {@code seconds} (k6's ramping arrival rate); evenly at one rate when
   * they are equal.
   */
  public static Pacer ramp(double from, double to, double seconds) {
    if (from == to) {
      return uniform(from);
    }
    return new Pacer() {
      @Override
      public long offsetNanos(long i) {
        return (long) (secondsAt(i, from, to, seconds) * 1e9);
      }
    };
  }

  /** Shard {@code s}'s arrivals of this schedule: its arrival j is the schedule's s.arrival(j). */
  public Pacer shard(Shard s) {
    if (s.whole()) {
      return this;
    }
    Pacer whole = this;
    return new Pacer() {
      @Override
      public long offsetNanos(long j) {
        return whole.offsetNanos(s.arrival(j));
      }
    };
  }

  /** Arrival i at i / rate. */
  public static Pacer uniform(double perSecond) {
    return new Pacer() {
      @Override
      public long offsetNanos(long i) {
        return (long) (i * (1e9 / perSecond));
      }
    };
  }

  /**
   * Exponential gaps of mean 1 / rate (a Poisson process), drawn once from {@code seed}: the same
   * seed gives the same schedule. Holds 8 bytes per arrival.
   */
  public static Pacer poisson(double perSecond, long seed, long count) {
    return poisson(perSecond, perSecond, 1, seed, count);
  }

  /**
   * A Poisson process whose rate moves linearly from {@code from} to {@code to} per second over
   * {@code seconds}: a unit-rate process's arrival times, drawn once from {@code seed}, each mapped
   * through the inverse of the rate's integral ({@link #secondsAt}), so the gaps shorten and
   * lengthen with the rate. Holds 8 bytes per arrival.
   */
  public static Pacer poisson(double from, double to, double seconds, long seed, long count) {
    if (count > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many arrivals for one phase: " + count);
    }
    long[] at = new long[(int) count];
    SplittableRandom random = new SplittableRandom(seed);
    double x = 0;
    for (int i = 0; i < at.length; i++) {
      at[i] = (long) (secondsAt(x, from, to, seconds) * 1e9);
      x += -Math.log(1 - random.nextDouble());
    }
    return new Pacer() {
      @Override
      public long offsetNanos(long i) {
        return at[(int) i];
      }
    };
  }
}
