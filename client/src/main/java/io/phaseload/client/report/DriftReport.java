package io.phaseload.client.report;

import io.phaseload.client.compare.Comparison;
import io.phaseload.client.compare.DriftNoise;
import io.phaseload.client.compare.Metric;
import io.phaseload.client.stats.Drift;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The drift verdict of each steady phase, as the text report and the JSON give it: its first window
 * against its last on p50, p99, errors and throughput, each change with its noise band and verdict
 * ({@link DriftNoise}). Stateless.
 */
public final class DriftReport {

  /** What a drift is judged on, in the order shown. */
  public static final List<Metric> METRICS =
      List.of(Metric.P50, Metric.P99, Metric.ERRORS, Metric.THROUGHPUT);

  private DriftReport() {}

  /** The drift section of the text report: nothing when no phase was long enough. */
  public static void print(List<DriftNoise> drifts, PrintStream out) {
    if (drifts.isEmpty()) {
      return;
    }
    out.println();
    out.println(
        "Drift (each steady phase's first window against its last, beyond the run's noise):");
    for (DriftNoise d : drifts) {
      String window = seconds(d.drift().windowNanos());
      for (Metric m : METRICS) {
        Comparison.Row r = d.row(m);
        out.println(
            String.format(
                Locale.ROOT,
                "%-9s %s %s from %s %s in the first %s to %s %s in the last: %s",
                d.drift().phase(),
                m.label,
                r.next() > r.base() ? "rose" : r.next() < r.base() ? "fell" : "held",
                number(r.base()),
                m.unit,
                window,
                number(r.next()),
                m.unit,
                verdict(r)));
      }
    }
  }

  /** The JSON's {@code drift}: per judged phase, its windows and each metric's change. */
  public static List<Object> json(List<DriftNoise> drifts) {
    List<Object> all = new ArrayList<>();
    for (DriftNoise d : drifts) {
      Drift drift = d.drift();
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("phase", drift.phase());
      m.put("windowSeconds", Millis.seconds(drift.windowNanos()));
      m.put("firstFromSeconds", Millis.seconds(drift.startFrom()));
      m.put("lastFromSeconds", Millis.seconds(drift.endFrom()));
      Map<String, Object> metrics = new LinkedHashMap<>();
      for (Metric metric : METRICS) {
        Comparison.Row r = d.row(metric);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("first", round(r.base()));
        row.put("last", round(r.next()));
        row.put("changePercent", round(r.change()));
        row.put("lowPercent", round(r.low()));
        row.put("highPercent", round(r.high()));
        row.put("verdict", r.verdict().name().toLowerCase(Locale.ROOT));
        metrics.put(metric.label, row);
      }
      m.put("metrics", metrics);
      all.add(m);
    }
    return all;
  }

  private static String verdict(Comparison.Row r) {
    String band =
        Double.isNaN(r.low())
            ? ""
            : String.format(
                Locale.ROOT, " (%+.1f %%, %+.1f to %+.1f)", r.change(), r.low(), r.high());
    return switch (r.verdict()) {
      case WORSE -> "worse, beyond the run's noise" + band;
      case BETTER -> "better, beyond the run's noise" + band;
      case SAME -> "within the run's noise" + band;
      case NONE -> "no noise band (too few requests to resample)";
    };
  }

  private static String seconds(long nanos) {
    double s = nanos / 1e9;
    return s >= 120
        ? String.format(Locale.ROOT, "%.0f min", s / 60)
        : String.format(Locale.ROOT, "%.1f s", s);
  }

  private static String number(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  private static BigDecimal round(double v) {
    return Double.isNaN(v) || Double.isInfinite(v)
        ? null
        : BigDecimal.valueOf(v).setScale(3, RoundingMode.HALF_UP);
  }
}
