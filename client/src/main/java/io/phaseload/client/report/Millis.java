package io.phaseload.client.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Nanoseconds as every report prints them: milliseconds (or seconds) with three decimals, rounded
 * half up, so that the text, JSON, CSV and sweep agree to the digit. Stateless.
 */
public final class Millis {

  private Millis() {}

  /** Milliseconds with microsecond resolution. */
  public static BigDecimal of(long nanos) {
    return BigDecimal.valueOf(nanos).movePointLeft(6).setScale(3, RoundingMode.HALF_UP);
  }

  /** A mean (a fraction of a nanosecond) in milliseconds with microsecond resolution. */
  public static BigDecimal of(double nanos) {
    return BigDecimal.valueOf(nanos / 1e6).setScale(3, RoundingMode.HALF_UP);
  }

  /** Seconds with millisecond resolution. */
  public static BigDecimal seconds(long nanos) {
    return BigDecimal.valueOf(nanos).movePointLeft(9).setScale(3, RoundingMode.HALF_UP);
  }

  /** "12.345" */
  public static String text(long nanos) {
    return of(nanos).toPlainString();
  }

  /** "12.345" */
  public static String text(double nanos) {
    return of(nanos).toPlainString();
  }
}
