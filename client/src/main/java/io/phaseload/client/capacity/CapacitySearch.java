package io.phaseload.client.capacity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Finds the highest rate a service holds under its SLOs: steps at rising rates, doubling from a
 * start rate until a step breaks, then bisecting between the highest rate that held and the lowest
 * that broke until they are within {@link Settings#resolution} of each other. It stops at the
 * resolution, at the max rate, when the generator falls behind (its CPU, or its cap on iterations
 * in flight once that cannot be raised: a step held back by the cap is run again with more), after
 * a bounded number of steps, or before a step would run past the time budget. Runs its steps one
 * after another on the calling thread; not thread-safe.
 */
public final class CapacitySearch {

  /** Runs one step: the service at {@code rate} arrivals per second for {@code length}. */
  public interface Steps {
    /**
     * @param judged false for the warm-up, whose step is not part of the answer
     */
    Step run(double rate, Duration length, boolean judged) throws Exception;

    /**
     * Raises the cap on iterations in flight after {@code limited}, a step the client's THREADS
     * held back, so that the next step at its rate can be offered in full; false when the machine
     * allows no more (the open-files limit, or {@code --max-threads}). None by default.
     */
    default boolean raiseThreads(Step limited) {
      return false;
    }
  }

  /**
   * How the search runs.
   *
   * @param startRate the first step's rate, arrivals per second
   * @param maxRate the highest rate it tries (infinity for none)
   * @param step each step's length
   * @param warmUp a step at the start rate first, not judged (zero for none)
   * @param resolution stop when (broke - held) is at most this share of held
   * @param maxSteps the most judged steps
   * @param budget the longest the whole search may take, warm-up included; null for none
   */
  public record Settings(
      double startRate,
      double maxRate,
      Duration step,
      Duration warmUp,
      double resolution,
      int maxSteps,
      Duration budget) {

    public Settings {
      if (!(startRate > 0)) {
        throw new IllegalArgumentException("--start-rate must be positive, got " + startRate);
      }
      if (!(maxRate >= startRate)) {
        throw new IllegalArgumentException(
            "--max-rate must be at least the start rate " + startRate + ", got " + maxRate);
      }
      if (step.isNegative() || step.isZero()) {
        throw new IllegalArgumentException("--step-seconds must be positive");
      }
      if (!(resolution > 0 && resolution < 1) || maxSteps < 1) {
        throw new IllegalArgumentException("a search needs a resolution in (0, 1) and a step");
      }
    }
  }

  /** Why a search ended. */
  public enum Stop {
    RESOLUTION("held and broke within the resolution"),
    MAX_RATE("the max rate held"),
    GENERATOR("the generator fell behind"),
    THREADS("the client's cap on requests in flight was reached while the service kept its time"),
    MAX_STEPS("the most steps were run"),
    BUDGET("the next step would run past --duration"),
    RAMP("a window of the ramp did not hold"),
    INTERRUPTED("interrupted");

    public final String text;

    Stop(String text) {
      this.text = text;
    }
  }

  /**
   * What a search found.
   *
   * @param held the highest-rate step that held, or null if none did
   * @param broke the lowest-rate step that broke (or the generator's), or null if none did
   */
  public record Result(Settings settings, List<Step> steps, Step held, Step broke, Stop stop) {

    public Result {
      steps = List.copyOf(steps);
    }

    /** The capacity: the highest rate that held, 0 if none did. */
    public double rate() {
      return held == null ? 0 : held.offered();
    }
  }

  private CapacitySearch() {}

  /**
   * Searches.
   *
   * @param nanoTime the clock the budget is measured on
   * @param interrupted whether to stop before the next step
   */
  public static Result search(
      Settings s, Steps steps, LongSupplier nanoTime, BooleanSupplier interrupted)
      throws Exception {
    long begin = nanoTime.getAsLong();
    List<Step> done = new ArrayList<>();
    if (!s.warmUp().isZero()) {
      steps.run(s.startRate(), s.warmUp(), false);
    }
    Step held = null;
    Step broke = null;
    double rate = s.startRate();
    while (true) {
      if (interrupted.getAsBoolean()) {
        return new Result(s, done, held, broke, Stop.INTERRUPTED);
      }
      if (done.size() >= s.maxSteps()) {
        return new Result(s, done, held, broke, Stop.MAX_STEPS);
      }
      if (s.budget() != null
          && nanoTime.getAsLong() - begin + s.step().toNanos() > s.budget().toNanos()) {
        return new Result(s, done, held, broke, Stop.BUDGET);
      }
      Step step = steps.run(rate, s.step(), true);
      done.add(step);
      if (step.verdict() == Step.Verdict.GENERATOR) {
        return new Result(s, done, held, step, Stop.GENERATOR);
      }
      if (step.verdict() == Step.Verdict.THREADS) {
        // The service was not measured at this rate: offer it again with room for what is in
        // flight, or end with the client's limit as the answer's reason, never as the service's.
        if (steps.raiseThreads(step)) {
          continue;
        }
        return new Result(s, done, held, step, Stop.THREADS);
      }
      if (step.verdict() == Step.Verdict.HELD) {
        held = step;
      } else {
        broke = step;
      }
      if (broke == null) {
        if (rate >= s.maxRate()) {
          return new Result(s, done, held, null, Stop.MAX_RATE);
        }
        rate = round(Math.min(2 * rate, s.maxRate()));
        continue;
      }
      double lo = held == null ? 0 : held.offered();
      double hi = broke.offered();
      double next = round((lo + hi) / 2);
      if (held != null && hi - lo <= s.resolution() * lo || next <= lo || next >= hi) {
        return new Result(s, done, held, broke, Stop.RESOLUTION);
      }
      rate = next;
    }
  }

  /** Whole arrivals per second from 20 up, tenths below: rates a person reads and types again. */
  static double round(double rate) {
    return rate >= 20 ? Math.round(rate) : Math.max(0.1, Math.round(rate * 10) / 10.0);
  }
}
