package io.phaseload.client.cli;

import io.phaseload.client.engine.Outcome;
import io.phaseload.client.plan.Target;
import io.phaseload.client.record.LatencyRecorder;
import io.phaseload.client.report.Charts;
import io.phaseload.client.report.CsvReport;
import io.phaseload.client.report.JsonReport;
import io.phaseload.client.report.RunInfo;
import io.phaseload.client.report.TimeSeries;
import io.phaseload.client.run.RunResult;
import io.phaseload.client.stats.Summary;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** Writes a finished run's {@code --json}, {@code --csv} and {@code --charts}. Stateless. */
final class ReportFiles {

  private ReportFiles() {}

  /** Writes what the config asks for; false (after one line on err) if something failed. */
  static boolean write(
      Config config,
      Target target,
      boolean embedded,
      RunResult result,
      Summary summary,
      PrintStream out,
      PrintStream err) {
    Config.Outputs o = config.outputs();
    if (o.json() == null && o.csv() == null && o.charts() == null) {
      return true;
    }
    TimeSeries series = TimeSeries.of(result.recorder());
    Path current = null;
    try {
      if (o.json() != null) {
        current = o.json();
        try (Writer w = Files.newBufferedWriter(current, StandardCharsets.UTF_8)) {
          JsonReport.write(result, summary, series, info(config, target, embedded), w);
        }
        out.println("JSON summary: " + current);
      }
      if (o.csv() != null) {
        current = o.csv();
        try (BufferedWriter w = Files.newBufferedWriter(current, StandardCharsets.UTF_8)) {
          CsvReport.write(result.recorder(), w);
        }
        out.println("CSV of every request: " + current);
      }
      if (o.charts() != null) {
        current = o.charts();
        String title =
            config.plan().threads() + " threads x " + config.plan().iterations() + " iterations";
        Charts.write(
            TimeSeries.of(result.recorder(), result.wallNanos()),
            phaseSpans(result),
            sortedLatencies(result),
            title,
            current);
        out.println("Charts: " + current + " (" + String.join(", ", Charts.FILES) + ")");
      }
      return true;
    } catch (IOException | RuntimeException e) {
      err.println("phaseload: cannot write " + current + ": " + e.getMessage());
      return false;
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

  /** Every successful latency, ascending. Summary sorts the same values but keeps them private. */
  private static long[] sortedLatencies(RunResult result) {
    LatencyRecorder recorder = result.recorder();
    long[] ok = new long[recorder.capacity()];
    int n = 0;
    for (int k = 0; k < recorder.capacity(); k++) {
      if (recorder.sent(k) && Outcome.ok(recorder.outcome(k))) {
        ok[n++] = recorder.latencyNanos(k);
      }
    }
    long[] sorted = Arrays.copyOf(ok, n);
    Arrays.sort(sorted);
    return sorted;
  }

  static RunInfo info(Config config, Target target, boolean embedded) {
    var plan = config.plan();
    return new RunInfo(
        RunInfo.settings(
            plan.threads(),
            plan.iterations(),
            plan.phases().stream().map(p -> p.fraction()).toList(),
            config.engine(),
            config.threadMode().name().toLowerCase(java.util.Locale.ROOT),
            config.connectTimeout().toMillis(),
            config.readTimeout().toMillis()),
        target.toString(),
        embedded,
        RunInfo.thisMachine());
  }
}
