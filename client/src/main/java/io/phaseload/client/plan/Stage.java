package io.phaseload.client.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One stage of a load shape, as k6's {@code stages} give it: the load moves linearly from {@code
 * from} to {@code to} over {@code length}; when they are equal, it holds. In the open model the
 * load is arrivals per second; in the closed model it is users. A run's stages follow one another,
 * each from where the last one ended, the first from 0. Immutable.
 *
 * @param from the load at the stage's start: arrivals per second, or users
 * @param to the load at its end
 * @param length how long it lasts
 */
public record Stage(double from, double to, Duration length) {

  public Stage {
    if (!(from >= 0) || !(to >= 0) || Double.isInfinite(from) || Double.isInfinite(to)) {
      throw new IllegalArgumentException("a stage's targets must be 0 or more");
    }
    if (length == null || length.isNegative() || length.isZero()) {
      throw new IllegalArgumentException("a stage's length must be positive");
    }
  }

  /** A load shape as {@code --stages} gives it: its stages, and whether they are rates or users. */
  public record Shape(List<Stage> stages, boolean rates) {}

  public double seconds() {
    return length.toNanos() / 1e9;
  }

  /** Arrivals of the whole plan in an open-model stage: the rate's integral over it, rounded. */
  public long arrivals() {
    return Math.round((from + to) / 2 * seconds());
  }

  /** The mean rate an open-model stage's arrivals come at. */
  public double meanRate() {
    return arrivals() / seconds();
  }

  /** The stage's load {@code nanos} into it: moved linearly from {@code from} toward {@code to}. */
  public double at(long nanos) {
    double along = Math.max(0, Math.min(1, nanos / (double) length.toNanos()));
    return from + (to - from) * along;
  }

  /** The most users a closed-model stage runs at once. */
  public int users() {
    return (int) Math.max(from, to);
  }

  /**
   * When a closed-model stage's user {@code k} (0-based) starts, in nanoseconds after the stage's
   * start: users beyond the stage's first {@code from} start evenly over a rising stage, so that
   * {@code from + (to - from) t / length} run at t.
   */
  public long startNanos(int k) {
    return to > from && k >= from ? (long) ((k - from) / (to - from) * length.toNanos()) : 0;
  }

  /**
   * When a closed-model stage's user {@code k} stops starting iterations, in nanoseconds after the
   * stage's start: at the stage's end, or, over a falling stage, evenly, the last users first, so
   * that {@code from - (from - to) t / length} run at t. A user stopped finishes the iteration it
   * is in.
   */
  public long stopNanos(int k) {
    return from > to && k >= to
        ? (long) ((from - k) / (from - to) * length.toNanos())
        : length.toNanos();
  }

  /** As reports say it: "5s 0/s to 400/s", "10s at 40 users". */
  public String text(boolean rates) {
    String d = Durations.format(length);
    return from == to
        ? d + " at " + load(to, rates)
        : d + " " + load(from, rates) + " to " + load(to, rates);
  }

  private static String load(double r, boolean rates) {
    String n = r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r);
    return rates ? n + "/s" : n + (r == 1 ? " user" : " users");
  }

  /**
   * Reads {@code --stages D:T,D:T,...}: each stage moves the load from the last one's target (from
   * 0) to T over D ({@code 30s}, {@code 2m}): arrivals per second when every T is written {@code
   * R/s}, users when none is.
   *
   * @throws IllegalArgumentException in one line, naming the stage that is wrong
   */
  public static Shape parse(String text) {
    return parse(text, null);
  }

  /**
   * Reads {@code --stages} given with {@code --rate R}: every target is arrivals per second,
   * written {@code R/s} or not, and the first stage starts from {@code startRate}, as k6's ramping
   * arrival rate starts from its {@code startRate}; {@link #parse(String)} when it is null.
   */
  public static Shape parse(String text, Double startRate) {
    List<Stage> out = new ArrayList<>();
    Boolean rates = startRate == null ? null : Boolean.TRUE;
    double from = startRate == null ? 0 : startRate;
    for (String item : text.split(",", -1)) {
      String s = item.strip();
      int colon = s.indexOf(':');
      if (colon < 0) {
        throw new IllegalArgumentException(
            "--stages: '" + s + "' is not DURATION:TARGET, e.g. 30s:40 (users) or 30s:200/s");
      }
      String where = "--stages '" + s + "'";
      Duration length = Durations.parse(where, s.substring(0, colon).strip());
      String target = s.substring(colon + 1).strip().toLowerCase(Locale.ROOT);
      boolean rate = target.endsWith("/s") || startRate != null;
      if (rates != null && rates != rate) {
        throw new IllegalArgumentException(
            where + ": every target is arrivals per second (R/s) or every one is users, not both");
      }
      rates = rate;
      double to;
      try {
        to =
            Double.parseDouble(
                target.endsWith("/s") ? target.substring(0, target.length() - 2).strip() : target);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            where + ": the target must be users (40) or arrivals per second (200/s)");
      }
      if (!(to >= 0) || Double.isInfinite(to) || (!rate && to != Math.rint(to))) {
        throw new IllegalArgumentException(
            where + ": the target must be " + (rate ? "0/s or more" : "a whole number of users"));
      }
      Stage stage = new Stage(from, to, length);
      if (rate ? stage.arrivals() == 0 : stage.users() == 0) {
        throw new IllegalArgumentException(
            where
                + ": "
                + (rate ? "no arrival falls in it" : "no user runs in it")
                + " ("
                + stage.text(rate)
                + ")");
      }
      out.add(stage);
      from = to;
    }
    return new Shape(out, rates); // the plan refuses more stages than it has phases for
  }
}
