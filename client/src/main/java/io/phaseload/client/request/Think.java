package io.phaseload.client.request;

import com.fasterxml.jackson.databind.JsonNode;
import io.phaseload.client.plan.Durations;
import java.time.Duration;

/**
 * A user's pause after a request before its next one, as {@code think:} writes it: a fixed time
 * ({@code think: 500ms}), uniform between two ({@code {min: 200ms, max: 2s}}), or exponential with
 * a mean ({@code {mean: 1s}}), drawn from the user's generator seeded from {@code --seed}. Not part
 * of any latency. Immutable and thread-safe; a draw uses the calling user's {@link Vars}.
 *
 * @param minNanos the shortest pause (the fixed one; 0 for exponential)
 * @param maxNanos the longest pause of a uniform one; equal to min for a fixed one
 * @param meanNanos the mean of an exponential one; 0 otherwise
 */
public record Think(long minNanos, long maxNanos, long meanNanos) {

  /** No pause. */
  public static final Think NONE = new Think(0, 0, 0);

  /** The longest pause one may ask for. */
  static final Duration MAX = Duration.ofHours(1);

  public Think {
    if (minNanos < 0 || maxNanos < minNanos || meanNanos < 0) {
      throw new IllegalArgumentException("think: min must not be above max");
    }
  }

  public static Think fixed(String text) {
    long n = nanos("think", text);
    return new Think(n, n, 0);
  }

  public static Think uniform(String min, String max) {
    long lo = nanos("think.min", min);
    long hi = nanos("think.max", max);
    if (hi < lo) {
      throw new IllegalArgumentException("think: min " + min + " is above max " + max);
    }
    return new Think(lo, hi, 0);
  }

  public static Think exponential(String mean) {
    return new Think(0, 0, nanos("think.mean", mean));
  }

  /**
   * A request's {@code think:} as a scenario file writes it: a duration, {@code {min, max}} or
   * {@code {mean}}; none if absent.
   *
   * @throws IllegalArgumentException saying what is wrong
   */
  public static Think of(JsonNode t) {
    if (t == null || t.isNull()) {
      return NONE;
    }
    if (t.isValueNode()) {
      return fixed(t.asText());
    }
    if (t.isObject() && t.size() == 2 && t.has("min") && t.has("max")) {
      return uniform(t.get("min").asText(), t.get("max").asText());
    }
    if (t.isObject() && t.size() == 1 && t.has("mean")) {
      return exponential(t.get("mean").asText());
    }
    throw new IllegalArgumentException(
        "think must be a duration (500ms), {min: 200ms, max: 2s} or {mean: 1s}");
  }

  private static long nanos(String what, String text) {
    Duration d = Durations.parse(what, text);
    if (d.compareTo(MAX) > 0) {
      throw new IllegalArgumentException(what + " must be at most 1h, got '" + text + "'");
    }
    return d.toNanos();
  }

  /** Whether there is a pause at all. */
  public boolean none() {
    return maxNanos == 0 && meanNanos == 0;
  }

  /** One pause, in nanoseconds, drawn from {@code vars}' generator when it varies. */
  public long draw(Vars vars) {
    if (meanNanos > 0) {
      return (long) (-Math.log(1.0 - vars.random.nextDouble()) * meanNanos);
    }
    return minNanos == maxNanos ? minNanos : vars.random.nextLong(minNanos, maxNanos + 1);
  }

  @Override
  public String toString() {
    if (meanNanos > 0) {
      return "mean " + Durations.format(Duration.ofNanos(meanNanos));
    }
    String min = Durations.format(Duration.ofNanos(minNanos));
    return minNanos == maxNanos ? min : min + ".." + Durations.format(Duration.ofNanos(maxNanos));
  }
}
