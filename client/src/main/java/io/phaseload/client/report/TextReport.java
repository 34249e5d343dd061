package io.phaseload.client.report;

import io.phaseload.client.compare.DriftNoise;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Population;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.OpenedAhead;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.ConnectionTimes;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.Summary;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The human report printed after a run: the totals (worded as the course's reference client worded
 * them, so that graders' scripts still find them), the failures with their reasons, then a table
 * per phase and request. Renders a finished summary; holds no state. Its wording is pinned by a
 * golden file.
 */
public final class TextReport {

  private TextReport() {}

  /**
   * Prints the report, then each steady phase's drift ({@link DriftReport}; none: nothing), ended
   * by the table of SLO verdicts ({@link SloTable}; none: no table).
   */
  public static void print(
      Analysis analysis, List<SloResult> slos, List<DriftNoise> drift, PrintStream out) {
    print(analysis, out);
    DriftReport.print(drift, out);
    SloTable.print(slos, analysis.result(), out);
  }

  /** Prints the summary block and the per-phase table, a section at a time. */
  public static void print(Analysis analysis, PrintStream out) {
    RunResult run = analysis.result();
    Summary summary = analysis.summary();
    out.println("=====");
    partial(run, out);
    ArrivalsReport.notDelivered(run, out);
    model(analysis, out);
    requests(run, out);
    counts(run, summary.total(), out);
    wallTime(run, out);
    latency(analysis, out);
    out.println();
    PhaseTable.print(analysis, out);
    failuresByPhase(run, summary, out);
  }

  /** Whether the run stopped early, and the phases it never reached. */
  private static void partial(RunResult run, PrintStream out) {
    if (!run.partial()) {
      return;
    }
    out.println(
        run.merged()
            ? "PARTIAL RESULTS: " + run.stopReason()
            : "PARTIAL RESULTS: run stopped early (" + run.stopReason() + ")");
    List<String> notReached = run.phasesNotReached();
    if (!notReached.isEmpty()) {
      out.println("Phases not reached: " + String.join(", ", notReached));
    }
  }

  /** The load model in words, and the open model's arrivals; nothing for the closed phases. */
  private static void model(Analysis analysis, PrintStream out) {
    analysis.result().plan().model().mention().ifPresent(m -> out.println("Model: " + m));
    ArrivalStats a = analysis.arrivals();
    if (a == null) { // only scheduled arrivals have a count asked for
      return;
    }
    out.println(
        String.format(
            Locale.ROOT,
            "Arrivals: %d scheduled, %d started, %d late (latest by %s ms)",
            a.scheduled(),
            a.started(),
            a.late(),
            Millis.text(a.maxLateNanos())));
  }

  /** An iteration's requests (unless it is the contract's) and the seed drawn for the run. */
  private static void requests(RunResult run, PrintStream out) {
    List<String> names = run.plan().requestNames();
    List<Population> populations = run.plan().populations();
    for (Population p : populations) {
      if (populations.size() > 1) {
        out.println("Population " + p.name() + ": " + p.share().text());
      }
      String of = populations.size() > 1 ? "  " : "";
      if (p.setup() > 0) {
        out.println(of + "Setup, once per user: " + join(names, p.first(), p.iterationStart()));
      }
      if (!names.equals(LoadPlan.CONTRACT_REQUESTS) || run.seedPrinted()) {
        out.println(
            of + "Requests per iteration: " + join(names, p.iterationStart(), p.iterationEnd()));
      }
      if (p.teardown() > 0) {
        out.println(of + "Teardown, once per user: " + join(names, p.iterationEnd(), p.end()));
      }
    }
    if (run.seedPrinted()) {
      out.println("Seed: " + run.seed() + " (--seed " + run.seed() + " sends the same requests)");
    }
  }

  /**
   * The line of the users' think time, phase by phase, beside the throughput it lowered; null if no
   * phase had any. A merged report's phases sum their shards'.
   */
  public static String thinkLine(RunResult run) {
    return thinkText(run);
  }

  /**
   * The protocol line of a run whose settings ({@link RunInfo#settings}) say it spoke or asked for
   * HTTP/2: how its users shared connections. Null for HTTP/1.1, every report's default.
   */
  public static String protocolLine(RunInfo info) {
    Object protocol = info.settings().get("protocol");
    Object connections = info.settings().get("connections");
    Object streams = info.settings().get("streams");
    if (!"HTTP/2".equals(protocol)) {
      return null;
    }
    return "Protocol: HTTP/2, "
        + (connections == null
            ? "a connection per user"
            : connections + (connections.equals(1) ? " connection" : " connections") + " shared")
        + ", "
        + (streams == null
            ? "as many streams open on each as the server allowed"
            : "at most "
                + streams
                + (streams.equals(1) ? " stream" : " streams")
                + " open on each");
  }

  private static String thinkText(RunResult run) {
    if (run.phases().stream().noneMatch(p -> p.thinks() > 0)) {
      return null;
    }
    StringJoiner line = new StringJoiner("; ", "Think time (users pausing, in no latency): ", "");
    for (PhaseResult p : run.phases()) {
      line.add(
          String.format(
              Locale.ROOT,
              "%s %.3f s in %d pauses (mean %.3f ms)",
              p.phase().name(),
              p.thinkNanos() / 1e9,
              p.thinks(),
              p.thinks() == 0 ? 0.0 : p.thinkNanos() / 1e6 / p.thinks()));
    }
    return line.toString();
  }

  /**
   * The line of the connections the open model opened in its setup, and why any did not open; null
   * if it opened none ahead.
   */
  public static String openedAheadLine(RunResult run) {
    OpenedAhead a = run.openedAhead();
    if (a == null || a.connections() == 0) {
      return null;
    }
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "Connections opened in setup, before the first arrival (in no latency): %d of %d in"
                    + " %s s",
                a.opened(),
                a.connections(),
                Millis.seconds(a.nanos())));
    if (a.failed() > 0) {
      StringJoiner why = new StringJoiner(", ");
      a.failures()
          .forEach(
              (o, n) ->
                  why.add(
                      Outcome.kindName(Outcome.kind(o))
                          + " "
                          + n
                          + " ("
                          + run.reasons().message(Outcome.reason(o))
                          + ")"));
      line.append("; not opened: ").append(why).append(", opened on their first request instead");
    }
    return line.toString();
  }

  private static String join(List<String> names, int from, int to) {
    return String.join(", ", names.subList(from, to));
  }

  /** Sent, successful, failed by kind and status, not sent, and the failures' reasons. */
  private static void counts(RunResult run, Group total, PrintStream out) {
    out.println("Total number of requests sent: " + total.sent());
    out.println("Total number of Successful responses: " + total.ok());
    out.println("Failed requests: " + total.failed() + " (" + failureKinds(total) + ")");
    if (!total.statuses().isEmpty()) {
      out.println("HTTP statuses of failures: " + statuses(total.statuses()));
    }
    if (total.notSent() > 0) {
      out.println(
          "Not sent (never left the client): "
              + total.notSent()
              + (total.skipped() > 0 ? " (skipped: " + total.skipped() + ")" : ""));
    }
    reasons(run, total, out);
  }

  /** The wall time, split into phases, setup and the rest (or over shards), and the shard. */
  private static void wallTime(RunResult run, PrintStream out) {
    double wallSeconds = run.wallNanos() / 1e9;
    if (run.merged()) {
      out.println(
          String.format(
              Locale.ROOT,
              "Test Wall Time: %.3f seconds, from the first shard's start to the last one's end"
                  + " (%d shards; each one's phases under Shards)",
              wallSeconds,
              run.shards().size()));
    } else {
      out.println(
          String.format(
              Locale.ROOT,
              "Test Wall Time: %.3f seconds = phases %s + setup %s (starting threads, opening"
                  + " connections) + other %s",
              wallSeconds,
              Millis.seconds(run.phaseNanos()),
              Millis.seconds(run.setupNanos()),
              Millis.seconds(run.otherNanos())));
      String ahead = openedAheadLine(run);
      if (ahead != null) {
        out.println(ahead);
        ConnectionTimes c = ConnectionTimes.ofOpenedAhead(run.openedAhead());
        if (c.connecting().count() > 0) {
          spread("  Connecting:", c.connecting(), "connections", out);
        }
        if (c.tls().count() > 0) {
          spread("  TLS handshaking:", c.tls(), "connections", out);
        }
      }
    }
    if (run.plan().shard().count() > 1) {
      out.println(
          "Shard: "
              + run.plan().shard()
              + " (this generator's share of the plan; client.jar report merges the shards)");
    }
  }

  /** Throughput, the headline latencies, service time in the open model, failed latencies. */
  private static void latency(Analysis analysis, PrintStream out) {
    RunResult run = analysis.result();
    Summary summary = analysis.summary();
    Summary serviceTime = analysis.serviceTime();
    Group total = summary.total();
    LatencyStats l = total.latency();
    out.println(
        String.format(
            Locale.ROOT,
            "Overall throughput across all phases: %.1f requests/second",
            analysis.throughput()));
    out.println(
        "Mean latency: "
            + ms(l.mean())
            + (run.recording().hasIntendedStarts()
                ? "   (from intended times, corrected for coordinated omission)"
                : ""));
    out.println("Median latency: " + ms(l.p50()));
    out.println("P95 latency: " + ms(l.p95()));
    out.println("P99 latency: " + ms(l.p99()));
    out.println("P99.9 latency: " + ms(l.p999()));
    out.println("Max latency: " + ms(l.max()));
    if (serviceTime != null) {
      LatencyStats st = serviceTime.total().latency();
      out.println(
          "Service time (from actual send): mean "
              + ms(st.mean())
              + ", median "
              + ms(st.p50())
              + ", p95 "
              + ms(st.p95())
              + ", p99 "
              + ms(st.p99())
              + ", p99.9 "
              + ms(st.p999())
              + ", max "
              + ms(st.max()));
      ArrivalsReport.byPhase(run, summary, serviceTime, out);
    }
    summary.connections().ifPresent(c -> connections(c, out));
    if (analysis.streamWait() != null) {
      StreamWaitReport.print(analysis.streamWait(), out);
    }
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
  }

  /**
   * Where the time of requests that opened their own connection went: connecting, the TLS handshake
   * (where there was one), and waiting for the first byte after both.
   */
  private static void connections(ConnectionTimes c, PrintStream out) {
    spread("Connecting (a new connection per request):", c.connecting(), "requests", out);
    if (c.tls().count() > 0) {
      spread("TLS handshaking:", c.tls(), "requests", out);
    }
    spread("Waiting (send to first byte, after connecting):", c.waiting(), "requests", out);
  }

  /** "LABEL mean .., median .., p95 .., p99 .., max .. (N WHAT)". */
  private static void spread(String label, LatencyStats l, String what, PrintStream out) {
    out.println(
        label
            + " mean "
            + ms(l.mean())
            + ", median "
            + ms(l.p50())
            + ", p95 "
            + ms(l.p95())
            + ", p99 "
            + ms(l.p99())
            + ", max "
            + ms(l.max())
            + " ("
            + l.count()
            + " "
            + what
            + ")");
  }

  /**
   * "Failures by phase": a table of each phase's failed and unsent requests, a row per request of
   * the iteration, kind and reason, the most frequent first.
   */
  private static void failuresByPhase(RunResult run, Summary summary, PrintStream out) {
    Group total = summary.total();
    if (total.errors() == 0) {
      return;
    }
    List<String> names = run.plan().requestNames();
    int width = 5;
    for (String name : names) {
      width = Math.max(width, name.length());
    }
    String row = "%-9s %-" + width + "s %-8s %9s  %s%n";
    out.println();
    out.println("Failures by phase:");
    out.printf(Locale.ROOT, row, "PHASE", "REQ", "KIND", "REQUESTS", "REASON");
    for (int p = 0; p < summary.phases().size(); p++) {
      for (Group cell : summary.cellsOf(p)) {
        boolean first = true;
        for (int kind : Outcome.FAILURE_KINDS) {
          for (ReasonList.Entry e : ReasonList.of(cell, kind, run.reasons(), names)) {
            out.printf(
                Locale.ROOT,
                row,
                first ? cell.phase() : "",
                first ? cell.request() : "",
                Outcome.kindName(kind),
                e.count(),
                e.message());
            first = false;
          }
        }
      }
    }
  }

  /** "Failure reasons:" and a line per reason, most frequent first, for each kind that has any. */
  private static void reasons(RunResult run, Group total, PrintStream out) {
    boolean header = false;
    for (int kind : Outcome.FAILURE_KINDS) {
      for (ReasonList.Entry e :
          ReasonList.of(total, kind, run.reasons(), run.plan().requestNames())) {
        if (!header) {
          out.println("Failure reasons:");
          header = true;
        }
        out.printf(Locale.ROOT, "  %-8s %9d  %s%n", Outcome.kindName(kind), e.count(), e.message());
      }
    }
  }

  /**
   * "connect 0, timeout 0, io 0, http 0, bad body 0": the kinds of requests sent that failed, and
   * capture when a capture failed.
   */
  public static String failureKinds(Group g) {
    StringJoiner j = new StringJoiner(", ");
    for (int kind : Outcome.FAILURE_KINDS) {
      if (Outcome.sentKind(kind) && (kind != Outcome.CAPTURE || g.count(kind) > 0)) {
        j.add(Outcome.kindName(kind) + " " + g.count(kind));
      }
    }
    return j.toString();
  }

  private static String statuses(Map<Integer, Long> statuses) {
    StringJoiner j = new StringJoiner(", ");
    statuses.forEach((s, n) -> j.add(s + " x " + n));
    return j.toString();
  }

  private static String ms(double nanos) {
    return Millis.text(nanos) + " ms";
  }

  private static String ms(long nanos) {
    return Millis.text(nanos) + " ms";
  }
}
