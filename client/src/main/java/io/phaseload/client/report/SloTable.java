package io.phaseload.client.report;

import io.phaseload.client.result.RunResult;
import io.phaseload.client.slo.SloResult;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The SLO verdicts that end a report: a table of each SLO, what was measured and whether it held,
 * and their JSON form. Stateless.
 */
public final class SloTable {

  private SloTable() {}

  /** Prints the table; nothing when no SLO was given. */
  public static void print(List<SloResult> results, RunResult run, PrintStream out) {
    if (results.isEmpty()) {
      return;
    }
    long failed = results.stream().filter(r -> !r.pass()).count();
    out.println();
    out.println(
        "SLOs: "
            + (failed == 0
                ? "all " + results.size() + " passed"
                : failed + " of " + results.size() + " FAILED")
            + (run.recording().hasIntendedStarts() ? " (latency from intended times)" : "")
            + (run.partial() ? " (PARTIAL run: measured on what ran)" : ""));
    int width = "SLO".length();
    for (SloResult r : results) {
      width = Math.max(width, r.slo().expr().length());
    }
    String row = "%-" + width + "s %14s  %s%n";
    out.printf(Locale.ROOT, row, "SLO", "MEASURED", "VERDICT");
    for (SloResult r : results) {
      out.printf(Locale.ROOT, row, r.slo().expr(), measured(r), r.pass() ? "pass" : "FAIL");
    }
  }

  /** The JSON array's entries: expr, measured (in unit), unit, pass. */
  public static List<Map<String, Object>> json(List<SloResult> results) {
    return results.stream()
        .map(
            r -> {
              Map<String, Object> m = new LinkedHashMap<>();
              m.put("expr", r.slo().expr());
              m.put("measured", Double.isNaN(r.measured()) ? null : number(r.shown()));
              m.put("unit", r.slo().unit());
              m.put("pass", r.pass());
              return m;
            })
        .toList();
  }

  /** "12.345 ms", "0.250 %", "1234.5 /s", or "none" when there was nothing to measure. */
  public static String measured(SloResult r) {
    if (Double.isNaN(r.measured())) {
      return "none";
    }
    return number(r.shown()).toPlainString() + " " + r.slo().unit();
  }

  private static BigDecimal number(double shown) {
    return BigDecimal.valueOf(shown).setScale(3, RoundingMode.HALF_UP);
  }
}
