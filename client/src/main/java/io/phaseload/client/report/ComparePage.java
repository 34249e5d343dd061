package io.phaseload.client.report;

import io.phaseload.client.compare.Comparison;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Summary;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code compare --html FILE}: a comparison as one self-contained page through {@link HtmlPage}:
 * the verdict, the method and the two sides, the table of every row (the JSON's own document, so
 * the figures are the JSON's), and, where both sides are records, both runs overlaid: their latency
 * distributions and their percentiles over time. Stateless.
 */
public final class ComparePage {

  static final List<String> SECTIONS =
      List.of("compareVerdict", "compareSetup", "compareTable", "compareOverlay");

  private ComparePage() {}

  /**
   * One side of the comparison as the page draws it.
   *
   * @param run the record's run, or null for a JSON summary (nothing to overlay)
   * @param summary the run's summary, or null with {@code run}
   */
  public record Side(String label, RunResult run, Summary summary) {}

  /**
   * Writes the page.
   *
   * @param differences what differs between the plans, one line each
   * @param failOn {@code --fail-on-regression}'s percentage, or null
   */
  public static void write(
      Comparison c,
      Side base,
      Side next,
      List<String> differences,
      Double failOn,
      String commandLine,
      Writer out)
      throws IOException {
    String title = "phaseload compare: " + base.label() + " -> " + next.label();
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("kind", "compare");
    doc.put("title", title);
    doc.put("sections", SECTIONS);
    doc.put("commandLine", commandLine);
    doc.put("compare", CompareReport.document(c, base.label(), next.label(), differences, failOn));
    List<String> verdicts = new ArrayList<>();
    for (Comparison.Row r : c.rows()) {
      verdicts.add(CompareReport.verdict(r));
    }
    doc.put("verdictText", verdicts);
    if (base.run() != null && next.run() != null) {
      Map<String, Object> overlay = new LinkedHashMap<>();
      overlay.put("base", side(base));
      overlay.put("new", side(next));
      doc.put("overlay", overlay);
    }
    HtmlPage.write(title, doc, out);
  }

  private static Map<String, Object> side(Side s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("distribution", PageSeries.distribution(s.summary(), null));
    m.put("series", PageSeries.of(s.run(), null));
    return m;
  }
}
