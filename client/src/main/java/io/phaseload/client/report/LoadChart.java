package io.phaseload.client.report;

import io.phaseload.client.plan.Load;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.UnitTimes;
import io.phaseload.client.stats.TimeSeries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.XYChart;

/**
 * The load a run of {@code --stages} was asked for against the load it put on, over time, drawn
 * under the latency-over-time chart so that the point where latency bends lines up with the load
 * that bent it: in the open model arrivals begun per second against the stages' target rate, in the
 * closed model users running (from each one's first send to its last answer) against the stages'
 * target users. Stateless.
 */
final class LoadChart {

  /** The file {@link Charts#write} draws it into, for a run of stages. */
  static final String FILE = "load.png";

  private LoadChart() {}

  /**
   * The chart of {@code run}'s stages, in the buckets of {@code series}, its axis from 0 to a
   * quarter over the highest load; the caller marks the phases.
   */
  static XYChart of(RunResult run, TimeSeries series, String title) {
    Load load = run.plan().load();
    TimeAxis time = TimeAxis.of(series.spanNanos());
    XYChart chart =
        ChartKit.chart(
            load.measure()
                + ": target against achieved, in "
                + TimeSeries.label(series.bucketNanos())
                + " buckets: "
                + title,
            time.title(),
            load.unit());
    List<Double> tx = new ArrayList<>();
    List<Double> ty = new ArrayList<>();
    // The whole plan's target, as the pacer paces it: every population's, at the stage's ends.
    LoadPlan whole = run.plan().whole();
    for (PhaseResult p : run.phases()) {
      long length = whole.stage(p.phase()).length().toNanos();
      tx.add(time.at(p.startNanos()));
      ty.add(whole.loadAt(p.phase(), 0));
      tx.add(time.at(p.startNanos() + length));
      ty.add(whole.loadAt(p.phase(), length));
    }
    int n = series.buckets();
    double[] x = time.middles(series);
    // Which load was achieved, read from the recording: the arrivals begun, or the users running.
    double[] achieved =
        run.recording().hasIntendedStarts()
            ? arrivals(run.recording(), series)
            : users(run.recording(), series);
    double top = Arrays.stream(achieved).max().orElse(0);
    for (double y : ty) {
      top = Math.max(top, y);
    }
    if (n == 0 || tx.isEmpty()) {
      return ChartKit.nothing(chart, "Nothing to draw: the run has no length");
    }
    ChartKit.line(
        chart,
        "target",
        tx.stream().mapToDouble(Double::doubleValue).toArray(),
        ty.stream().mapToDouble(Double::doubleValue).toArray(),
        ChartKit.RED,
        1.5f);
    ChartKit.line(chart, "achieved", x, achieved, ChartKit.BLUE, 1.5f);
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setYAxisMax(Math.max(1, top) * 1.25);
    return chart;
  }

  /**
   * Arrivals begun in each bucket of {@code s} (each arrival's first request, sent, by its send),
   * and those of them begun over {@link ArrivalStats#LATE_NANOS} after their time: every
   * population's, in every phase.
   */
  static long[][] begun(LatencyRecorder rec, TimeSeries s) {
    int n = s.buckets();
    long[] begun = new long[n];
    long[] late = new long[n];
    rec.each(
        (r, k) -> {
          if (r.firstOfUnit(k) && Outcome.sent(r.outcome(k))) {
            int b = (int) Math.min(r.startNanos(k) / s.bucketNanos(), n - 1);
            begun[b]++;
            if (r.startNanos(k) - r.intendedNanos(k) > ArrivalStats.LATE_NANOS) {
              late[b]++;
            }
          }
        });
    return new long[][] {begun, late};
  }

  /** Arrivals begun in each bucket, per second ({@link #begun}). */
  private static double[] arrivals(LatencyRecorder rec, TimeSeries series) {
    long[] begun = begun(rec, series)[0];
    double[] out = new double[begun.length];
    for (int b = 0; b < out.length; b++) {
      out[b] = begun[b] / (series.durationNanos(b) / 1e9);
    }
    return out;
  }

  /** Users running at each bucket's middle: from a user's first send to its last answer. */
  static double[] users(LatencyRecorder rec, TimeSeries series) {
    double[] out = new double[series.buckets()];
    UnitTimes times = UnitTimes.of(rec);
    for (int p = 0; p < rec.phaseCount(); p++) {
      for (int q = 0; q < rec.populations(); q++) {
        for (int a = 0; a < rec.units(p, q); a++) {
          int u = times.unit(p, q, a);
          if (!times.reached(u)) {
            continue;
          }
          long begin = times.begin(u);
          long end = times.end(u);
          for (int b = 0; b < out.length; b++) {
            long middle = series.startNanos(b) + series.durationNanos(b) / 2;
            if (begin <= middle && middle < end) {
              out[b]++;
            }
          }
        }
      }
    }
    return out;
  }
}
