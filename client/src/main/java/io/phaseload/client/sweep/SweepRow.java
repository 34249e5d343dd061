package io.phaseload.client.sweep;

import io.phaseload.client.report.ReasonList;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Figures;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One run of a sweep, as its table row: the seeds' measurement table. Latencies in milliseconds,
 * over successful requests, by nearest rank. Immutable.
 *
 * @param serverWorkers the embedded server's pool size, or null when not varied
 * @param requests requests sent
 * @param notSent requests that never left the client
 * @param failureReasons each failure kind with its count and reasons, most frequent first
 * @param phaseNames and {@code phaseSeconds}: each phase that ran and how long it took
 */
public record SweepRow(
    Integer serverWorkers,
    int repeat,
    int threads,
    int iterations,
    long requests,
    long successful,
    long failed,
    long notSent,
    double wallSeconds,
    double throughput,
    double meanMs,
    double medianMs,
    double p95Ms,
    double p99Ms,
    List<String> phaseNames,
    List<Double> phaseSeconds,
    List<String> failureReasons) {

  public SweepRow {
    phaseNames = List.copyOf(phaseNames);
    phaseSeconds = List.copyOf(phaseSeconds);
    failureReasons = List.copyOf(failureReasons);
  }

  /** The row of a finished run: its figures as {@code analysis} holds them. */
  public static SweepRow of(Integer serverWorkers, int repeat, Analysis analysis) {
    RunResult run = analysis.result();
    Group total = analysis.summary().total();
    LatencyStats l = total.latency();
    List<String> names = new ArrayList<>();
    List<Double> seconds = new ArrayList<>();
    for (PhaseResult p : run.phases()) {
      names.add(p.phase().name());
      seconds.add(p.durationNanos() / 1e9);
    }
    List<String> reasons = new ArrayList<>();
    for (int kind : Outcome.FAILURE_KINDS) {
      for (ReasonList.Entry e :
          ReasonList.of(total, kind, run.reasons(), run.plan().requestNames())) {
        reasons.add(Outcome.kindName(kind) + " " + e.count() + ": " + e.message());
      }
    }
    return new SweepRow(
        serverWorkers,
        repeat,
        run.plan().threads(),
        run.plan().iterations(),
        total.sent(),
        total.ok(),
        total.failed(),
        total.notSent(),
        analysis.wallSeconds(),
        analysis.throughput(),
        l.mean() / 1e6,
        l.p50() / 1e6,
        l.p95() / 1e6,
        l.p99() / 1e6,
        names,
        seconds,
        reasons);
  }

  /**
   * Failed over sent, in percent ({@link Figures#failedShare}): not the error rate, which counts
   * requests not sent too; the row shows those apart ({@code not sent}).
   */
  public double failedPercent() {
    return 100 * Figures.failedShare(failed, requests);
  }

  /** The progress line printed after each run. */
  public String line() {
    return String.format(
        Locale.ROOT,
        "%sthreads %d, run %d: %d sent, %d ok, %.2f%% failed, %.3f s, %.1f req/s,"
            + " median %.3f ms, p95 %.3f ms, p99 %.3f ms",
        serverWorkers == null ? "" : "server workers " + serverWorkers + ", ",
        threads,
        repeat,
        requests,
        successful,
        failedPercent(),
        wallSeconds,
        throughput,
        medianMs,
        p95Ms,
        p99Ms);
  }
}
