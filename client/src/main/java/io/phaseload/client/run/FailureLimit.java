package io.phaseload.client.run;

import java.util.Locale;

/**
 * {@code --max-failures N|P%}: how many failed requests a run tolerates before it stops early. A
 * percentage is of the run's planned requests, rounded down (so {@code 1%} of 7,400 is 74). The run
 * stops when failures exceed the limit; exactly N failures still let it finish. Pure data: each run
 * counts its own failures against it.
 *
 * @param allowed failures allowed before the run stops; {@link Long#MAX_VALUE} for no limit
 * @param spec what the user typed, for the report
 */
public record FailureLimit(long allowed, String spec) {

  /** No limit: the default. */
  public static final FailureLimit UNLIMITED = new FailureLimit(Long.MAX_VALUE, "unlimited");

  public FailureLimit {
    if (allowed < 0) {
      throw new IllegalArgumentException("--max-failures must be 0 or more, got " + allowed);
    }
  }

  /**
   * Parses {@code N} (a count) or {@code P%} (0 to 100, of {@code plannedRequests}).
   *
   * @throws IllegalArgumentException with a one-line reason
   */
  public static FailureLimit parse(String spec, long plannedRequests) {
    String s = spec.trim();
    try {
      if (s.endsWith("%")) {
        double percent = Double.parseDouble(s.substring(0, s.length() - 1).trim());
        if (!(percent >= 0 && percent <= 100)) {
          throw new IllegalArgumentException(
              "--max-failures percentage must be between 0% and 100%, got " + spec);
        }
        return new FailureLimit((long) Math.floor(plannedRequests * percent / 100), s);
      }
      long n = Long.parseLong(s);
      if (n < 0) {
        throw new IllegalArgumentException("--max-failures must be 0 or more, got " + spec);
      }
      return new FailureLimit(n, s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--max-failures must be a count like 100 or a percentage like 1%, got '" + spec + "'");
    }
  }

  public boolean unlimited() {
    return allowed == Long.MAX_VALUE;
  }

  /** Whether {@code failures} so far are more than the limit allows. */
  public boolean exceededBy(long failures) {
    return !unlimited() && failures > allowed;
  }

  /** Why the run stopped, for the report. */
  public String exceeded() {
    return String.format(
        Locale.ROOT, "more than %d failed requests (--max-failures %s)", allowed, spec);
  }
}
