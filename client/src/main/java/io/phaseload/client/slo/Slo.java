package io.phaseload.client.slo;

import java.util.List;
import java.util.Locale;

/**
 * One service-level objective: a statistic of the whole run or of one request name, a comparison
 * and a bound. Parsed from {@code [NAME:]STAT OP VALUE}, checked in the constructor. Immutable.
 *
 * <p>Forms: {@code p50 p90 p95 p99 p99.9 max mean} with a duration in {@code us}, {@code ms} or
 * {@code s} ({@code p99<50ms}, {@code p95<=0.2s}); {@code errors} with a percentage ({@code
 * errors<1%}: failed and not sent over all requests); {@code rate} with {@code /s} ({@code
 * rate>=1000/s}: successful requests per second of wall time); {@code drift.p50}, {@code
 * drift.p99}, {@code drift.rate} with a percentage ({@code drift.p99<20%}: the p99 of a steady
 * phase's last window at most 20 % over its first's; the rate at most 20 % under) and {@code
 * drift.errors} in percentage points, for the whole run only.
 *
 * @param expr the expression as written, without spaces
 * @param request the request name it is about, or null for the whole run
 * @param bound the bound in the statistic's base unit: nanoseconds, a fraction, or per second
 */
public record Slo(String expr, String request, Stat stat, Op op, double bound) {

  /** What an SLO measures. */
  public enum Stat {
    P50("p50"),
    P90("p90"),
    P95("p95"),
    P99("p99"),
    P999("p99.9"),
    MAX("max"),
    MEAN("mean"),
    ERRORS("errors"),
    RATE("rate"),
    DRIFT_P50("drift.p50"),
    DRIFT_P99("drift.p99"),
    DRIFT_ERRORS("drift.errors"),
    DRIFT_RATE("drift.rate");

    public final String label;

    Stat(String label) {
      this.label = label;
    }

    /** Whether it is a latency (measured in nanoseconds). */
    public boolean latency() {
      return this != ERRORS && this != RATE && !drift();
    }

    /**
     * Whether it is how much worse a steady phase got from its start to its end ({@code
     * stats.Drift}): in percent of the start, in percentage points for the error rate; the worst
     * phase's counts.
     */
    public boolean drift() {
      return name().startsWith("DRIFT_");
    }
  }

  /** The comparison: measured OP bound must hold. */
  public enum Op {
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    public final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public boolean holds(double measured, double bound) {
      return switch (this) {
        case LT -> measured < bound;
        case LE -> measured <= bound;
        case GT -> measured > bound;
        case GE -> measured >= bound;
      };
    }
  }

  public Slo {
    if (stat == null || op == null || expr == null) {
      throw new IllegalArgumentException("an SLO needs a statistic, a comparison and a bound");
    }
    if (!(bound >= 0) || Double.isInfinite(bound)) {
      throw new IllegalArgumentException("--slo '" + expr + "': the bound must be a number >= 0");
    }
    if (request != null && request.isBlank()) {
      throw new IllegalArgumentException("--slo '" + expr + "': the request name is empty");
    }
    if (request != null && stat.drift()) {
      throw new IllegalArgumentException(
          "--slo '" + expr + "': a drift is of the whole run: drop the request name");
    }
  }

  /**
   * Parses one expression.
   *
   * @throws IllegalArgumentException in one line naming the expression and what is wrong
   */
  public static Slo parse(String text) {
    String expr = text == null ? "" : text.replace(" ", "");
    String where = "--slo '" + expr + "': ";
    int opAt = indexOfOp(expr);
    if (opAt < 0) {
      throw new IllegalArgumentException(
          where + "expected [NAME:]STAT OP VALUE, e.g. p99<50ms, errors<1%, rate>=100/s");
    }
    String left = expr.substring(0, opAt);
    boolean orEqual = opAt + 1 < expr.length() && expr.charAt(opAt + 1) == '=';
    Op op = expr.charAt(opAt) == '<' ? (orEqual ? Op.LE : Op.LT) : (orEqual ? Op.GE : Op.GT);
    String right = expr.substring(opAt + (orEqual ? 2 : 1));
    int colon = left.lastIndexOf(':');
    String request = colon < 0 ? null : left.substring(0, colon);
    String statText = left.substring(colon + 1).toLowerCase(Locale.ROOT);
    Stat stat = null;
    for (Stat s : Stat.values()) {
      if (s.label.equals(statText)) {
        stat = s;
      }
    }
    if (stat == null) {
      throw new IllegalArgumentException(
          where
              + "unknown statistic '"
              + statText
              + "' (known: p50, p90, p95, p99, p99.9, max, mean, errors, rate,"
              + " drift.p50, drift.p99, drift.errors, drift.rate)");
    }
    int unitAt = 0;
    while (unitAt < right.length()
        && (Character.isDigit(right.charAt(unitAt)) || right.charAt(unitAt) == '.')) {
      unitAt++;
    }
    double number;
    try {
      number = Double.parseDouble(right.substring(0, unitAt));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where + "expected a number after " + op.symbol);
    }
    String unit = right.substring(unitAt).toLowerCase(Locale.ROOT);
    return new Slo(expr, request, stat, op, number * scale(where, stat, unit));
  }

  /** Checks that the request it names, if any, is one of {@code names}. */
  public Slo requireRequest(List<String> names) {
    if (request != null && !names.contains(request)) {
      throw new IllegalArgumentException(
          "--slo '"
              + expr
              + "': no request is named '"
              + request
              + "' (requests: "
              + String.join(", ", names)
              + ")");
    }
    return this;
  }

  /** The unit its measured value is shown in: ms, % or /s. */
  public String unit() {
    return stat.latency() ? "ms" : stat == Stat.ERRORS || stat.drift() ? "%" : "/s";
  }

  /** A measured value in the base unit, in the unit it is shown in. */
  public double shown(double measured) {
    return stat.latency() ? measured / 1e6 : stat == Stat.ERRORS ? measured * 100 : measured;
  }

  private static int indexOfOp(String expr) {
    int lt = expr.indexOf('<');
    int gt = expr.indexOf('>');
    return lt < 0 ? gt : gt < 0 ? lt : Math.min(lt, gt);
  }

  private static double scale(String where, Stat stat, String unit) {
    if (stat.latency()) {
      return switch (unit) {
        case "us" -> 1e3;
        case "ms" -> 1e6;
        case "s" -> 1e9;
        case "" ->
            throw new IllegalArgumentException(where + "the duration needs a unit: us, ms or s");
        default ->
            throw new IllegalArgumentException(
                where + "unknown unit '" + unit + "' (use us, ms or s)");
      };
    }
    String wanted = stat == Stat.ERRORS || stat.drift() ? "%" : "/s";
    if (!unit.equals(wanted)) {
      throw new IllegalArgumentException(
          where + stat.label + " needs a bound in " + wanted + ", e.g. " + example(stat));
    }
    return stat == Stat.ERRORS ? 0.01 : 1;
  }

  private static String example(Stat stat) {
    return stat.drift() ? "drift.p99<20%" : stat == Stat.ERRORS ? "errors<1%" : "rate>=1000/s";
  }
}
