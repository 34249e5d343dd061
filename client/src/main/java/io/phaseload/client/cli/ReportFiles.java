package io.phaseload.client.cli;

import io.phaseload.client.record.RecordFile;
import io.phaseload.client.report.Charts;
import io.phaseload.client.report.CsvReport;
import io.phaseload.client.report.HgrmReport;
import io.phaseload.client.report.HtmlReport;
import io.phaseload.client.report.JsonReport;
import io.phaseload.client.report.RunTitle;
import io.phaseload.client.request.Redaction;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Summary;
import io.phaseload.client.stats.TimeSeries;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes a finished run's {@code --json}, {@code --csv}, {@code --charts}, {@code --html} and
 * {@code --hgrm}. Stateless.
 */
final class ReportFiles {

  private ReportFiles() {}

  /**
   * Creates the directories the outputs need, before the run, so that a bad path is one line and no
   * request is sent in vain, and removes an earlier run's record at the {@code --record} path.
   */
  static void prepare(Config.Outputs outputs) throws UsageException {
    if (outputs.charts() != null) {
      createDirectory("--charts", outputs.charts());
    }
    if (outputs.record() != null) {
      // The record is written beside its path and moved onto it: a device or a pipe there (run as
      // root, /dev/null) would be replaced by a file, and removing a stale record would remove it.
      if (Files.exists(outputs.record()) && !Files.isRegularFile(outputs.record())) {
        throw new UsageException(
            "--record " + outputs.record() + " is not a regular file: give the record a file path");
      }
      // An earlier run's record there would pass for this one's if this one dies before writing.
      try {
        Files.deleteIfExists(outputs.record());
      } catch (IOException | RuntimeException e) {
        throw new UsageException(
            "--record "
                + outputs.record()
                + ": cannot remove the earlier record: "
                + e.getMessage());
      }
    }
  }

  static void createDirectory(String option, Path dir) throws UsageException {
    try {
      Files.createDirectories(dir);
    } catch (IOException | RuntimeException e) {
      throw new UsageException(option + " " + dir + " cannot be created: " + e.getMessage());
    }
  }

  private static List<Charts.PhaseSpan> phaseSpans(RunResult result) {
    return result.phases().stream()
        .map(
            p ->
                new Charts.PhaseSpan(
                    p.phase().name(), p.startNanos(), p.startNanos() + p.durationNanos()))
        .toList();
  }

  /**
   * Writes {@code --record}, if asked for, after the run (a partial one too: the file says so), so
   * that recording costs the run nothing; false (after one line on err) if it failed. Its scenario
   * hides what {@code redaction} hides.
   */
  static boolean record(
      Config.Outputs outputs,
      RunInfo info,
      RunResult result,
      Scenario scenario,
      Redaction redaction,
      PrintStream out,
      PrintStream err) {
    if (outputs.record() == null) {
      return true;
    }
    try {
      long bytes = RecordFile.write(outputs.record(), result, info, scenario.describe(redaction));
      out.printf(
          Locale.ROOT,
          "Record of every request: %s (%,d bytes; merge shards with: client.jar report FILE...)%n",
          outputs.record(),
          bytes);
      return true;
    } catch (IOException | RuntimeException e) {
      err.println("phaseload: cannot write " + outputs.record() + ": " + e.getMessage());
      return false;
    }
  }

  /** What writes one text report. */
  private interface Text {
    void write(Writer w) throws IOException;
  }

  private static void text(Path file, Text text) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      text.write(w);
    }
  }

  /**
   * Writes what {@code outputs} ask for (the JSON with the SLO verdicts); false (after one line on
   * err) if something failed.
   *
   * @param commandLine the command that ran, as the HTML page quotes it
   * @param generator the generator's load per phase, for the JSON and the page; empty if unknown
   */
  static boolean write(
      Config.Outputs outputs,
      RunInfo info,
      RunResult result,
      Summary summary,
      Summary service,
      String commandLine,
      List<SloResult> slos,
      List<GeneratorLoad> generator,
      PrintStream out,
      PrintStream err) {
    if (outputs.json() == null
        && outputs.csv() == null
        && outputs.charts() == null
        && outputs.html() == null
        && outputs.hgrm() == null) {
      return true;
    }
    Path current = null;
    try {
      // The JSON's per-second rows, which the page also draws from when its buckets are a second.
      TimeSeries perSecond = outputs.json() == null ? null : TimeSeries.of(result.recording());
      if (outputs.json() != null) {
        current = outputs.json();
        text(
            current,
            w -> JsonReport.write(result, summary, service, perSecond, info, slos, generator, w));
        out.println("JSON summary: " + current);
      }
      if (outputs.csv() != null) {
        current = outputs.csv();
        try (BufferedWriter w = Files.newBufferedWriter(current, StandardCharsets.UTF_8)) {
          CsvReport.write(result, w);
        }
        out.println("CSV of every request: " + current);
      }
      if (outputs.charts() != null) {
        current = outputs.charts();
        String title = RunTitle.of(result.plan());
        List<Path> drawn =
            Charts.write(
                result,
                TimeSeries.of(result.recording(), result.wallNanos()),
                phaseSpans(result),
                summary.sortedLatencies(),
                service == null ? null : service.sortedLatencies(),
                title,
                current);
        out.println(
            "Charts: "
                + current
                + " ("
                + String.join(", ", drawn.stream().map(f -> f.getFileName().toString()).toList())
                + ")");
      }
      if (outputs.html() != null) {
        current = outputs.html();
        text(
            current,
            w ->
                HtmlReport.write(
                    result, summary, service, info, commandLine, perSecond, slos, generator, w));
        out.println("HTML page: " + current);
      }
      if (outputs.hgrm() != null) {
        current = outputs.hgrm();
        List<Path> files = HgrmReport.write(current, result, summary, service);
        out.println(
            "Latency distribution (HdrHistogram format): "
                + String.join(", ", files.stream().map(Path::toString).toList()));
      }
      return true;
    } catch (IOException | RuntimeException e) {
      err.println("phaseload: cannot write " + current + ": " + e.getMessage());
      return false;
    } catch (OutOfMemoryError e) {
      // The heap check before the run budgets this; a heap shared with more than it knows of can
      // still run out, and the report printed above must not end in a stack trace.
      err.println("phaseload: cannot write " + current + ": out of heap; raise -Xmx");
      return false;
    }
  }
}
