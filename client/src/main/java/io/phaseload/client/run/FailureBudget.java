package io.phaseload.client.run;

import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code --max-failures N|P%}: how many failed requests a run tolerates before it stops early. A
 * percentage is of the run's planned requests, rounded down (so {@code 1%} of 7,400 is 74). The run
 * stops when failures exceed the budget; exactly N failures still let it finish.
 *
 * <p>Thread-safe. {@link #spend} is called by user threads on failures only, so successful requests
 * never touch shared state.
 */
public final class FailureBudget {

  /** No limit: the default. */
  public static final FailureBudget UNLIMITED = new FailureBudget(Long.MAX_VALUE, "unlimited");

  private final long allowed;
  private final String spec;
  private final LongAdder failures = new LongAdder();

  private FailureBudget(long allowed, String spec) {
    this.allowed = allowed;
    this.spec = spec;
  }

  /**
   * Parses {@code N} (a count) or {@code P%} (0 to 100, of {@code plannedRequests}).
   *
   * @throws IllegalArgumentException with a one-line reason
   */
  public static FailureBudget parse(String spec, long plannedRequests) {
    String s = spec.trim();
    try {
      if (s.endsWith("%")) {
        double percent = Double.parseDouble(s.substring(0, s.length() - 1).trim());
        if (!(percent >= 0 && percent <= 100)) {
          throw new IllegalArgumentException(
              "--max-failures percentage must be between 0% and 100%, got " + spec);
        }
        return new FailureBudget((long) Math.floor(plannedRequests * percent / 100), s);
      }
      long n = Long.parseLong(s);
      if (n < 0) {
        throw new IllegalArgumentException("--max-failures must be 0 or more, got " + spec);
      }
      return new FailureBudget(n, s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--max-failures must be a count like 100 or a percentage like 1%, got '" + spec + "'");
    }
  }

  /** Failures allowed before the run stops. */
  public long allowed() {
    return allowed;
  }

  /** Counts one failure; true when this one exceeds the budget. */
  public boolean spend() {
    failures.increment();
    return allowed != Long.MAX_VALUE && failures.sum() > allowed;
  }

  /** Why the run stopped, for the report. */
  public String exceeded() {
    return String.format(
        Locale.ROOT, "more than %d failed requests (--max-failures %s)", allowed, spec);
  }
}
