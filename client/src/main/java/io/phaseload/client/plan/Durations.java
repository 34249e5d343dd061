package io.phaseload.client.plan;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people type them ({@code 90s}, {@code 10m}, {@code 1h30m}, {@code 500ms}). */
public final class Durations {

  private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h)");

  private Durations() {}

  /**
   * Parses one or more number-unit pairs: ms, s, m, h.
   *
   * @throws IllegalArgumentException naming the option and what was typed
   */
  public static Duration parse(String option, String text) {
    String s = text.trim().toLowerCase(Locale.ROOT);
    Matcher m = PART.matcher(s);
    Duration d = Duration.ZERO;
    int at = 0;
    while (at < s.length() && m.find(at) && m.start() == at) {
      long n = Long.parseLong(m.group(1));
      d =
          d.plus(
              switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
              });
      at = m.end();
    }
    if (s.isEmpty() || at != s.length()) {
      throw new IllegalArgumentException(
          option + " must be a duration like 90s, 10m or 1h30m, got '" + text + "'");
    }
    if (d.isZero()) {
      throw new IllegalArgumentException(option + " must be more than 0, got '" + text + "'");
    }
    return d;
  }

  /** The shortest exact form: 90s, 10m, 1h30m, 250ms. */
  public static String format(Duration d) {
    if (d.toMillisPart() != 0 || d.isZero()) {
      return d.toMillis() + "ms";
    }
    StringBuilder sb = new StringBuilder();
    if (d.toHours() > 0) {
      sb.append(d.toHours()).append('h');
    }
    if (d.toMinutesPart() > 0) {
      sb.append(d.toMinutesPart()).append('m');
    }
    if (d.toSecondsPart() > 0) {
      sb.append(d.toSecondsPart()).append('s');
    }
    return sb.toString();
  }
}
