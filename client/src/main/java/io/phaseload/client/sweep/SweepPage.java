package io.phaseload.client.sweep;

import io.phaseload.client.report.HtmlPage;
import io.phaseload.client.result.OutputFile;
import io.phaseload.client.result.RunInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * {@code sweep --html FILE}: the sweep as one self-contained page, through the same {@link
 * HtmlPage} as a run's: the verdict, what ran, the table (a row per run, the figures sweep.csv
 * holds) and the curve of latency percentiles and throughput against threads (medians over repeats,
 * one curve per server pool). Stateless.
 */
public final class SweepPage {

  /** The sections of a sweep's page, in order; the page's script renders each from the data. */
  static final List<String> SECTIONS =
      List.of("sweepVerdict", "sweepSetup", "sweepTable", "sweepCurve");

  private SweepPage() {}

  public static void write(
      List<SweepRow> rows, Path file, String commandLine, String target, int iterations)
      throws IOException {
    String title =
        "phaseload sweep: "
            + rows.stream().map(SweepRow::threads).distinct().toList()
            + " threads x "
            + iterations
            + " iterations against "
            + target;
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("kind", "sweep");
    doc.put("title", title);
    doc.put("sections", SECTIONS);
    doc.put("commandLine", commandLine);
    doc.put("target", target);
    doc.put("machine", RunInfo.describeMachine());
    List<String> columns = new ArrayList<>();
    List<List<String>> table = new ArrayList<>();
    SweepReport.COLUMNS.forEach(c -> columns.add(c.csv()));
    for (SweepRow r : rows) {
      table.add(SweepReport.COLUMNS.stream().map(c -> c.csvCell(r)).toList());
    }
    doc.put("columns", columns);
    doc.put("rows", table);
    doc.put("failureReasons", rows.stream().map(SweepRow::failureReasons).toList());
    List<Object> curves = new ArrayList<>();
    SweepReport.byPool(rows).forEach((pool, of) -> curves.add(curve(pool, of)));
    doc.put("curves", curves);
    OutputFile.text(file, w -> HtmlPage.write(title, doc, w));
  }

  /** One pool's medians over repeats, by thread count. */
  private static Map<String, Object> curve(Integer pool, List<SweepRow> rows) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("serverWorkers", pool);
    m.put("threads", new ArrayList<>(SweepReport.medians(rows, SweepRow::threads).keySet()));
    m.put("medianMs", values(rows, SweepRow::medianMs));
    m.put("p95Ms", values(rows, SweepRow::p95Ms));
    m.put("p99Ms", values(rows, SweepRow::p99Ms));
    m.put("throughput", values(rows, SweepRow::throughput));
    m.put("failedPercent", values(rows, SweepRow::failedPercent));
    return m;
  }

  private static List<Double> values(List<SweepRow> rows, ToDoubleFunction<SweepRow> f) {
    TreeMap<Integer, Double> m = SweepReport.medians(rows, f);
    return new ArrayList<>(m.values());
  }
}
