package io.phaseload.client.report;

import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.TimeSeries;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code --html FILE}: a finished run (or a merge of shards' records) as one self-contained page.
 * Its tables read {@link JsonReport}'s document, embedded as it is, so every figure in a table is
 * the exact one the JSON holds; only the charts' time series are bucketed ({@link PageSeries}).
 * Stateless.
 *
 * <p>The sections, top to bottom: the verdict; the command line, target, model, settings and seed;
 * the tables per phase and per request name; throughput and latency over time; the distribution;
 * failures; in the open model the arrivals; for merged shards the shards. The SLOs' table follows
 * the verdict when SLOs were given. A capacity search and a comparison have pages of their own
 * ({@link CapacityPage}, {@link ComparePage}) through the same {@link HtmlPage}.
 */
public final class HtmlReport {

  /** The sections of a run's page, in order; the script renders each from the data. */
  static final List<String> SECTIONS =
      List.of(
          "verdict",
          "slo",
          "setup",
          "tables",
          "throughput",
          "latency",
          "drift",
          "users",
          "distribution",
          "failures",
          "arrivals",
          "shards");

  /**
   * The sections of a load over time, each shown when the page's series has it ({@link
   * PageSeries}).
   */
  private static final Set<String> LOADS = Set.of("users", "arrivals");

  private HtmlReport() {}

  /**
   * Writes the page of a run, with a block of the generator's warnings after the verdict when it
   * may have limited a phase.
   *
   * @param commandLine the command that produced the report, as the page quotes it
   * @param perSecond {@link TimeSeries#of(io.phaseload.client.result.LatencyRecorder)} of the run
   *     when the JSON report computed it (the page draws from it when its buckets are a second
   *     long); null otherwise
   */
  public static void write(FinishedRun run, String commandLine, TimeSeries perSecond, Writer out)
      throws IOException {
    Map<String, Object> doc = document(run, commandLine, perSecond);
    HtmlPage.write(title(run.analysis().result(), run.info()), doc, out);
  }

  /**
   * The page's data: the run as the JSON has it ({@link JsonReport#document(FinishedRun,
   * TimeSeries)}, the generator's load and the drift with it), and the sections to draw; when a
   * phase was limited by the generator, the {@code generator} section right after the verdict.
   */
  static Map<String, Object> document(
      FinishedRun finished, String commandLine, TimeSeries perSecond) {
    Analysis analysis = finished.analysis();
    RunInfo info = finished.info();
    List<SloResult> slos = finished.slos();
    RunResult run = analysis.result();
    // The page draws its own series (finer, and bounded in size), not the JSON's per-second rows:
    // an empty series leaves them out.
    Map<String, Object> json = JsonReport.document(finished, TimeSeries.EMPTY);
    json.remove("perSecond");
    Map<String, Object> series = PageSeries.of(run, perSecond);
    List<String> sections = new ArrayList<>(SECTIONS);
    // A load section shows the load series the page has: PageSeries chose it for the model.
    sections.removeIf(s -> LOADS.contains(s) && !series.containsKey(s));
    if (!run.merged()) {
      sections.remove("shards");
    }
    if (slos.isEmpty()) {
      sections.remove("slo");
    }
    if (finished.drift().isEmpty()) {
      sections.remove("drift");
    }
    if (finished.generator().stream().anyMatch(GeneratorLoad::limited)) {
      sections.add(sections.indexOf("verdict") + 1, "generator");
    }
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("kind", "run");
    doc.put("title", title(run, info));
    doc.put("sections", sections);
    doc.put("commandLine", commandLine);
    doc.put("run", json);
    doc.put("series", series);
    doc.put("distribution", PageSeries.distribution(analysis.summary(), analysis.serviceTime()));
    return doc;
  }

  /**
   * What was tested: "phaseload: closed model, 20 threads x 100 iterations, against http://...", as
   * {@link RunTitle} says the plan.
   */
  static String title(RunResult run, RunInfo info) {
    return "phaseload: "
        + RunTitle.of(run.plan())
        + ", against "
        + info.target()
        + (run.merged() ? " (" + run.shards().size() + " shards merged)" : "");
  }
}
