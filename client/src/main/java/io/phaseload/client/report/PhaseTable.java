package io.phaseload.client.report;

import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.Summary;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The text report's table: a row per phase x request, per phase, per request and for the whole run,
 * with counts (sent, ok, failed, and not sent: never left the client, skipped ones included), time,
 * rate and the exact latency percentiles. Stateless; for {@link TextReport}.
 */
final class PhaseTable {

  private static final String ROW =
      "%-9s %-NAMEs %7s %9s %9s %8s %9s %8s %9s %8s %8s %8s %8s %8s %8s%n";

  private PhaseTable() {}

  /** The table: a row per phase x request, phase, request and the whole run. */
  static void print(Analysis analysis, PrintStream out) {
    RunResult run = analysis.result();
    Summary summary = analysis.summary();
    int width = 5;
    for (String name : run.plan().requestNames()) {
      width = Math.max(width, name.length());
    }
    String row = ROW.replace("NAME", String.valueOf(width));
    out.println(
        "Latency by phase and request (ms, successful requests; percentiles by nearest rank):");
    out.printf(
        Locale.ROOT,
        row,
        "PHASE",
        "REQ",
        "THREADS",
        "SENT",
        "OK",
        "FAILED",
        "NOT SENT",
        "TIME s",
        "REQ/S",
        "MEAN",
        "P50",
        "P95",
        "P99",
        "P99.9",
        "MAX");
    for (int p = 0; p < summary.phases().size(); p++) {
      for (Group cell : summary.cellsOf(p)) {
        row(out, row, cell, "", null, null);
      }
      String threads = String.valueOf(run.plan().threads(run.plan().phases().get(p)));
      row(
          out,
          row,
          summary.phases().get(p),
          threads,
          analysis.phaseSeconds(p),
          analysis.phaseThroughput(p));
    }
    for (Group request : summary.requests()) {
      row(out, row, request, "", null, null);
    }
    row(out, row, summary.total(), "", analysis.wallSeconds(), analysis.throughput());
  }

  /**
   * @param seconds the group's own time, or null for none shown
   * @param throughput the group's throughput over that time, shown when it took any
   */
  private static void row(
      PrintStream out, String row, Group g, String threads, Double seconds, Double throughput) {
    LatencyStats l = g.latency();
    String time = seconds == null ? "" : String.format(Locale.ROOT, "%.3f", seconds);
    String rate =
        seconds == null || seconds <= 0 ? "" : String.format(Locale.ROOT, "%.1f", throughput);
    out.printf(
        Locale.ROOT,
        row,
        g.phase(),
        g.request(),
        threads,
        g.sent(),
        g.ok(),
        g.failed(),
        g.notSent(),
        time,
        rate,
        Millis.text(l.mean()),
        Millis.text(l.p50()),
        Millis.text(l.p95()),
        Millis.text(l.p99()),
        Millis.text(l.p999()),
        Millis.text(l.max()));
  }
}
