package io.phaseload.client.report;

import io.phaseload.client.capacity.CapacitySearch;
import io.phaseload.client.result.RunInfo;
import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code capacity --html FILE}: a capacity search as one self-contained page through {@link
 * HtmlPage}: the answer, what ran, every step (the JSON's own {@code capacity} object, so the
 * figures are the JSON's), and the curves against the offered rate: latency percentiles from
 * intended times and service time (the "hockey stick"), and achieved against offered rate.
 * Stateless.
 */
public final class CapacityPage {

  static final List<String> SECTIONS =
      List.of("capacityVerdict", "capacitySetup", "capacitySteps", "capacityCurve");

  private CapacityPage() {}

  /**
   * Writes the page.
   *
   * @param unit what a rate counts, as the headline says it ("requests/s")
   */
  public static void write(
      CapacitySearch.Result r, String unit, String target, String commandLine, Writer out)
      throws IOException {
    String title = "phaseload capacity of " + target;
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("kind", "capacity");
    doc.put("title", title);
    doc.put("sections", SECTIONS);
    doc.put("commandLine", commandLine);
    doc.put("target", target);
    doc.put("machine", RunInfo.describeMachine());
    doc.put("unit", unit);
    doc.put("headline", CapacityReport.headline(r, unit));
    doc.put("stopText", r.stop().text);
    doc.put("capacity", CapacityReport.json(r));
    HtmlPage.write(title, doc, out);
  }
}
