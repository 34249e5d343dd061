package io.phaseload.client.run;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.function.BooleanSupplier;

/**
 * {@code --start-at}: the wall-clock time at which a generator starts its first phase, so that
 * shards on several machines start together (as together as their clocks agree). Stateless.
 */
public final class StartAt {

  /** How often a wait looks whether the run was stopped meanwhile. */
  private static final long POLL_MILLIS = 50;

  private StartAt() {}

  /**
   * Epoch milliseconds ({@code 1795430400000}) or an ISO-8601 instant ({@code
   * 2026-11-23T10:00:00Z}).
   */
  public static Instant parse(String s) {
    String t = s.trim();
    if (t.matches("\\d{1,15}")) {
      return Instant.ofEpochMilli(Long.parseLong(t));
    }
    try {
      return Instant.parse(t);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "--start-at must be epoch milliseconds or an ISO-8601 instant like"
              + " 2026-11-23T10:00:00Z, got '"
              + s
              + "'");
    }
  }

  /**
   * Sleeps until {@code at} on {@code clock}, or until {@code stopped} says so (Ctrl-C,
   * --duration).
   *
   * @return false if stopped first
   */
  public static boolean await(Instant at, Clock clock, BooleanSupplier stopped)
      throws InterruptedException {
    for (Duration left = Duration.between(clock.instant(), at);
        !left.isNegative() && !left.isZero();
        left = Duration.between(clock.instant(), at)) {
      if (stopped.getAsBoolean()) {
        return false;
      }
      Thread.sleep(Math.max(1, Math.min(POLL_MILLIS, left.toMillis())));
    }
    return !stopped.getAsBoolean();
  }
}
