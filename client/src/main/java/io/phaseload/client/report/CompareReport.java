package io.phaseload.client.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.compare.Comparison;
import io.phaseload.client.compare.Metric;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A comparison's table (base -> new, change, interval, verdict per name and metric) and its JSON.
 * Stateless.
 */
public final class CompareReport {

  /** The JSON document's schema and version. */
  public static final String SCHEMA = "phaseload-compare/1";

  private static final String ROW = "%-12s %-10s %12s %12s %9s %21s  %s%n";

  private CompareReport() {}

  public static void print(Comparison c, PrintStream out) {
    if (c.noise()) {
      out.printf(
          Locale.ROOT,
          "Method: block bootstrap, %d replicates of both runs' time blocks (%d and %d blocks of"
              + " up to 1 s), %.0f%% interval of the change, a verdict where it lies beyond"
              + " +-%s%% (the noise floor); exact values from every request%n",
          Comparison.REPLICATES,
          c.baseBlocks(),
          c.newBlocks(),
          Comparison.CONFIDENCE * 100,
          BigDecimal.valueOf(c.noiseFloor()).stripTrailingZeros().toPlainString());
    } else {
      out.println("Method: exact values only; no noise estimate (a JSON summary holds no blocks)");
    }
    out.printf(
        Locale.ROOT, ROW, "REQUEST", "METRIC", "BASE", "NEW", "CHANGE", "INTERVAL", "VERDICT");
    for (Comparison.Row r : c.rows()) {
      out.printf(
          Locale.ROOT,
          ROW,
          r.name(),
          r.metric().label + " " + r.metric().unit,
          String.format(Locale.ROOT, "%.3f", r.base()),
          String.format(Locale.ROOT, "%.3f", r.next()),
          Double.isNaN(r.change()) ? "-" : String.format(Locale.ROOT, "%+.1f%%", r.change()),
          Double.isNaN(r.low())
              ? "-"
              : String.format(Locale.ROOT, "[%+.1f%%, %+.1f%%]", r.low(), r.high()),
          verdict(r));
    }
  }

  static String verdict(Comparison.Row r) {
    boolean errors = r.metric() == Metric.ERRORS;
    return switch (r.verdict()) {
      case WORSE -> errors ? "more errors" : "slower";
      case BETTER -> errors ? "fewer errors" : "faster";
      case SAME -> "no significant change";
      case NONE -> "no interval";
    };
  }

  /**
   * The comparison as JSON: the method, what differs between the plans, and every row; a value with
   * no meaning (no interval, a change from 0) is null.
   *
   * @param failOn {@code --fail-on-regression}'s percentage, or null
   */
  public static void writeJson(
      Comparison c, String base, String next, List<String> differences, Double failOn, Writer out)
      throws IOException {
    new ObjectMapper()
        .writerWithDefaultPrettyPrinter()
        .writeValue(out, document(c, base, next, differences, failOn));
  }

  /** The JSON's document, which the {@code --html} page also embeds. */
  static Map<String, Object> document(
      Comparison c, String base, String next, List<String> differences, Double failOn) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("schema", SCHEMA);
    doc.put("base", base);
    doc.put("new", next);
    Map<String, Object> method = new LinkedHashMap<>();
    method.put("kind", c.noise() ? "block-bootstrap" : "exact");
    if (c.noise()) {
      method.put("replicates", Comparison.REPLICATES);
      method.put("confidence", Comparison.CONFIDENCE);
      method.put("baseBlocks", c.baseBlocks());
      method.put("newBlocks", c.newBlocks());
      method.put("noiseFloorPercent", c.noiseFloor());
    }
    doc.put("method", method);
    doc.put("planDifferences", differences);
    doc.put("failOnRegressionPercent", failOn);
    List<Map<String, Object>> regressions = new ArrayList<>();
    if (failOn != null) {
      c.regressions(failOn).forEach(r -> regressions.add(key(r)));
    }
    doc.put("regressions", failOn == null ? null : regressions);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Comparison.Row r : c.rows()) {
      Map<String, Object> j = key(r);
      j.put("unit", r.metric().unit);
      j.put("base", number(r.base()));
      j.put("new", number(r.next()));
      j.put("changePercent", number(r.change()));
      j.put("low", number(r.low()));
      j.put("high", number(r.high()));
      j.put("verdict", r.verdict().name().toLowerCase(Locale.ROOT));
      rows.add(j);
    }
    doc.put("rows", rows);
    return doc;
  }

  private static Map<String, Object> key(Comparison.Row r) {
    Map<String, Object> j = new LinkedHashMap<>();
    j.put("request", r.name());
    j.put("metric", r.metric().label);
    return j;
  }

  private static Double number(double d) {
    return Double.isNaN(d) || Double.isInfinite(d) ? null : d;
  }
}
