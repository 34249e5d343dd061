package io.phaseload.client.run;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Model;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Shard;
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
    double rate = plan.wholeRate(phase, population);
    long stream = (phase.index() + 1) + ((long) population << 32);
    Pacer whole =
        plan.model() instanceof Model.Open open && open.arrivals() == Model.Open.Arrivals.POISSON
            ? poisson(
                rate, seed ^ (0x9E3779B97F4A7C15L * stream), plan.wholeArrivals(phase, population))
            : uniform(rate);
    return whole.shard(plan.shard());
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
    if (count > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many arrivals for one phase: " + count);
    }
    long[] at = new long[(int) count];
    SplittableRandom random = new SplittableRandom(seed);
    double t = 0;
    for (int i = 0; i < at.length; i++) {
      at[i] = (long) t;
      t += -Math.log(1 - random.nextDouble()) * (1e9 / perSecond);
    }
    return new Pacer() {
      @Override
      public long offsetNanos(long i) {
        return at[(int) i];
      }
    };
  }
}
