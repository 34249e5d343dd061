package io.phaseload.client.report;

import io.phaseload.client.engine.Outcome;
import io.phaseload.client.run.RunResult;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.Summary;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The human report printed after a run: totals in the wording earlier reports used, then a table
 * per phase and operation. Renders a finished summary; holds no state.
 */
public final class TextReport {

  private static final String ROW = "%-9s %-5s %7s %9s %9s %8s %8s %9s %8s %8s %8s %8s %8s %8s%n";

  private TextReport() {}

  /** Prints the summary block and the per-phase table. */
  public static void print(RunResult run, Summary summary, PrintStream out) {
    Group total = summary.total();
    LatencyStats l = total.latency();
    double wallSeconds = run.wallNanos() / 1e9;
    out.println("=====");
    if (run.partial()) {
      out.println("PARTIAL RESULTS: run stopped early (" + run.stopReason() + ")");
    }
    out.println("Total number of requests sent: " + total.sent());
    out.println("Total number of Successful responses: " + total.ok());
    out.println("Failed requests: " + total.failed() + " (" + failureKinds(total) + ")");
    if (!total.statuses().isEmpty()) {
      out.println("HTTP statuses of failures: " + statuses(total.statuses()));
    }
    out.println(String.format(Locale.ROOT, "Test Wall Time: %.3f seconds", wallSeconds));
    out.println(
        String.format(
            Locale.ROOT,
            "Overall throughput across all phases: %.1f requests/second",
            wallSeconds > 0 ? total.ok() / wallSeconds : 0.0));
    out.println("Mean latency: " + ms(l.mean()));
    out.println("Median latency: " + ms(l.p50()));
    out.println("P95 latency: " + ms(l.p95()));
    out.println("P99 latency: " + ms(l.p99()));
    out.println("P99.9 latency: " + ms(l.p999()));
    out.println("Max latency: " + ms(l.max()));
    if (total.failed() > 0) {
      LatencyStats f = total.failedLatency();
      out.println(
          "Failed request latency: mean "
              + ms(f.mean())
              + ", median "
              + ms(f.p50())
              + ", max "
              + ms(f.max()));
    }
    out.println();
    out.println(
        "Latency by phase and operation (ms, successful requests; percentiles by nearest rank):");
    out.printf(
        Locale.ROOT,
        ROW,
        "PHASE",
        "OP",
        "THREADS",
        "SENT",
        "OK",
        "FAILED",
        "TIME s",
        "REQ/S",
        "MEAN",
        "P50",
        "P95",
        "P99",
        "P99.9",
        "MAX");
    for (int p = 0; p < summary.phases().size(); p++) {
      for (Group cell : summary.cells().subList(2 * p, 2 * p + 2)) {
        row(out, cell, "", null);
      }
      Double seconds =
          p < run.phases().size() ? (Double) (run.phases().get(p).durationNanos() / 1e9) : null;
      String threads = String.valueOf(run.recorder().plan().phases().get(p).threads());
      row(out, summary.phases().get(p), threads, seconds);
    }
    for (Group op : summary.operations()) {
      row(out, op, "", null);
    }
    row(out, total, "", wallSeconds);
    if (total.failed() > 0) {
      out.println();
      out.println("Failures by phase:");
      for (Group phase : summary.phases()) {
        if (phase.failed() > 0) {
          out.printf(
              Locale.ROOT,
              "%-9s %d (%s)%s%n",
              phase.phase(),
              phase.failed(),
              failureKinds(phase),
              phase.statuses().isEmpty() ? "" : "; HTTP " + statuses(phase.statuses()));
        }
      }
    }
  }

  private static void row(PrintStream out, Group g, String threads, Double seconds) {
    LatencyStats l = g.latency();
    String time = seconds == null ? "" : String.format(Locale.ROOT, "%.3f", seconds);
    String rate =
        seconds == null || seconds <= 0 ? "" : String.format(Locale.ROOT, "%.1f", g.ok() / seconds);
    out.printf(
        Locale.ROOT,
        ROW,
        g.phase(),
        g.operation(),
        threads,
        g.sent(),
        g.ok(),
        g.failed(),
        time,
        rate,
        num(l.mean()),
        num(l.p50()),
        num(l.p95()),
        num(l.p99()),
        num(l.p999()),
        num(l.max()));
  }

  /** "connect 0, timeout 0, io 0, http 0, bad body 0". */
  public static String failureKinds(Group g) {
    return "connect "
        + g.count(Outcome.CONNECT)
        + ", timeout "
        + g.count(Outcome.TIMEOUT)
        + ", io "
        + g.count(Outcome.IO)
        + ", http "
        + g.count(Outcome.HTTP)
        + ", bad body "
        + g.count(Outcome.BAD_BODY);
  }

  private static String statuses(Map<Integer, Long> statuses) {
    StringJoiner j = new StringJoiner(", ");
    statuses.forEach((s, n) -> j.add(s + " x " + n));
    return j.toString();
  }

  private static String ms(double nanos) {
    return num(nanos) + " ms";
  }

  private static String num(double nanos) {
    return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
  }
}
