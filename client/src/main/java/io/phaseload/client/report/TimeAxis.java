package io.phaseload.client.report;

import io.phaseload.client.stats.TimeSeries;
import java.util.Arrays;
import org.knowm.xchart.style.XYStyler;

/**
 * The x axis of the charts over time: seconds since the run began, or minutes for runs over ten
 * minutes, spanning the whole run. Immutable; for {@link Charts}.
 */
record TimeAxis(double nanosPerUnit, String title, long spanNanos) {
  static TimeAxis of(long spanNanos) {
    return spanNanos > 600e9
        ? new TimeAxis(60e9, "minutes since the run started", spanNanos)
        : new TimeAxis(1e9, "seconds since the run started", spanNanos);
  }

  void apply(XYStyler styler) {
    styler.setXAxisMin(0.0);
    styler.setXAxisMax(at(spanNanos));
    styler.setXAxisDecimalPattern("#,##0.###");
  }

  /** Where each bucket's middle falls. */
  double[] middles(TimeSeries series) {
    double[] x = new double[series.buckets()];
    for (int b = 0; b < x.length; b++) {
      x[b] = at(series.startNanos(b) + series.durationNanos(b) / 2);
    }
    return x;
  }

  double at(long nanos) {
    return nanos / nanosPerUnit;
  }

  /**
   * One latency line: a point at each bucket's middle, NaN (a gap) where the bucket had no
   * successful request, never a fall to zero. A bucket alone between gaps has two points, at its
   * start and its end, or a line through it would not show at all.
   *
   * @return the x values and the y values, in milliseconds
   */
  double[][] latencyLine(TimeSeries series, long[] nanos) {
    int n = series.buckets();
    long[] ok = series.ok();
    double[] x = new double[2 * n];
    double[] y = new double[2 * n];
    int i = 0;
    for (int b = 0; b < n; b++) {
      double value = ok[b] == 0 ? Double.NaN : ChartKit.millis(nanos[b]);
      boolean alone = ok[b] > 0 && (b == 0 || ok[b - 1] == 0) && (b == n - 1 || ok[b + 1] == 0);
      if (alone) {
        x[i] = at(series.startNanos(b));
        y[i++] = value;
        x[i] = at(series.startNanos(b) + series.durationNanos(b));
      } else {
        x[i] = at(series.startNanos(b) + series.durationNanos(b) / 2);
      }
      y[i++] = value;
    }
    return new double[][] {Arrays.copyOf(x, i), Arrays.copyOf(y, i)};
  }
}
