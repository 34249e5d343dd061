package io.phaseload.client.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One stage of an open-model load shape, as k6's {@code stages} and Gatling's {@code
 * rampUsersPerSec} give it: the arrival rate moves linearly from {@code from} to {@code to} per
 * second over {@code length}; when they are equal, it holds. A run's stages follow one another,
 * each from where the last one ended, the first from 0. Immutable.
 *
 * @param from arrivals per second at the stage's start
 * @param to arrivals per second at its end
 * @param length how long it lasts
 */
public record Stage(double from, double to, Duration length) {

  public Stage {
    if (!(from >= 0) || !(to >= 0) || Double.isInfinite(from) || Double.isInfinite(to)) {
      throw new IllegalArgumentException("a stage's rates must be 0 or more per second");
    }
    if (length == null || length.isNegative() || length.isZero()) {
      throw new IllegalArgumentException("a stage's length must be positive");
    }
  }

  public double seconds() {
    return length.toNanos() / 1e9;
  }

  /** Arrivals of the whole plan in the stage: the rate's integral over it, rounded. */
  public long arrivals() {
    return Math.round((from + to) / 2 * seconds());
  }

  /** The mean rate the stage's arrivals come at. */
  public double meanRate() {
    return arrivals() / seconds();
  }

  /** As reports say it: "5s 0/s to 400/s", "10s at 400/s". */
  public String text() {
    String d = Durations.format(length);
    return from == to ? d + " at " + rate(to) : d + " " + rate(from) + " to " + rate(to);
  }

  private static String rate(double r) {
    return (r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r)) + "/s";
  }

  /**
   * Reads {@code --stages D:T,D:T,...}: each stage moves the rate from the last one's target to T
   * arrivals per second ({@code 200/s}) over D ({@code 30s}, {@code 2m}), from 0.
   *
   * @throws IllegalArgumentException in one line, naming the stage that is wrong
   */
  public static List<Stage> parse(String text) {
    List<Stage> out = new ArrayList<>();
    double from = 0;
    String[] items = text.split(",", -1);
    for (String item : items) {
      String s = item.strip();
      int colon = s.indexOf(':');
      if (colon < 0) {
        throw new IllegalArgumentException(
            "--stages: '" + s + "' is not DURATION:TARGET, e.g. 30s:200/s");
      }
      Duration length = Durations.parse("--stages '" + s + "'", s.substring(0, colon).strip());
      String target = s.substring(colon + 1).strip().toLowerCase(Locale.ROOT);
      if (!target.endsWith("/s")) {
        throw new IllegalArgumentException(
            "--stages '"
                + s
                + "': give its target as arrivals per second, e.g. 200/s (stages of users, for"
                + " the closed model, are not built yet)");
      }
      double to;
      try {
        to = Double.parseDouble(target.substring(0, target.length() - 2).strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "--stages '" + s + "': the target must be a number of arrivals per second, e.g. 200/s");
      }
      if (!(to >= 0) || Double.isInfinite(to)) {
        throw new IllegalArgumentException(
            "--stages '" + s + "': the target must be 0 or more per second");
      }
      Stage stage = new Stage(from, to, length);
      if (stage.arrivals() == 0) {
        throw new IllegalArgumentException(
            "--stages '" + s + "': no arrival falls in it (" + stage.text() + ")");
      }
      out.add(stage);
      from = to;
    }
    return out; // the plan refuses more stages than it has phases for
  }
}
