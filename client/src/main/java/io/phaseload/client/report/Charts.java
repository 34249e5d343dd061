package io.phaseload.client.report;

import io.phaseload.client.record.LatencyRecorder;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.run.PhaseResult;
import io.phaseload.client.run.RunResult;
import io.phaseload.client.stats.Percentiles;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code --charts DIR}: PNG charts of one finished run, drawn headless with XChart: requests sent
 * and successful per second with the phase boundaries marked, latency percentiles per second, and
 * the latency distribution as a percentile spectrum. Stateless.
 */
public final class Charts {

  public static final int WIDTH = 1000;
  public static final int HEIGHT = 560;

  /** The files {@link #write} creates. */
  public static final List<String> FILES =
      List.of("throughput.png", "latency-over-time.png", "latency-distribution.png");

  private Charts() {}

  public static List<Path> write(RunResult run, TimeSeries series, String title, Path dir)
      throws IOException {
    System.setProperty("java.awt.headless", "true");
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    double[] x = new double[series.seconds()];
    for (int s = 0; s < x.length; s++) {
      x[s] = s + 0.5; // the middle of the second the requests started in
    }

    XYChart rate = chart("Requests per second: " + title, "seconds since start", "requests/s");
    double[] sent = toDouble(series.sent(), 1);
    line(rate, "sent", x, sent);
    line(rate, "successful", x, toDouble(series.ok(), 1));
    markPhases(rate, run, max(sent) * 1.04);
    written.add(save(rate, dir.resolve(FILES.get(0))));

    XYChart latency = chart("Latency per second: " + title, "seconds since start", "latency (ms)");
    line(latency, "p50", x, toDouble(series.p50(), 1e-6));
    line(latency, "p95", x, toDouble(series.p95(), 1e-6));
    double[] p99 = toDouble(series.p99(), 1e-6);
    line(latency, "p99", x, p99);
    markPhases(latency, run, max(p99) * 1.04);
    written.add(save(latency, dir.resolve(FILES.get(1))));

    written.add(save(spectrum(run.recording(), title), dir.resolve(FILES.get(2))));
    return written;
  }

  /**
   * Latency by percentile, HdrHistogram style: x is 1/(1-q) on a log axis, so 90%, 99%, 99.9% are
   * evenly spaced and the tail is as visible as the median.
   */
  private static XYChart spectrum(LatencyRecorder recorder, String title) {
    long[] ok = new long[recorder.capacity()];
    int n = 0;
    for (int k = 0; k < recorder.capacity(); k++) {
      if (Outcome.ok(recorder.outcome(k))) {
        ok[n++] = recorder.latencyNanos(k);
      }
    }
    long[] sorted = Arrays.copyOf(ok, n);
    Arrays.sort(sorted);
    XYChart chart =
        chart(
            "Latency distribution: " + title,
            "percentile (log scale: 1/(1-q))",
            "latency (ms), nearest rank");
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setXAxisDecimalPattern("#,###.###");
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    if (n > 0) {
      // Points down to one request in n: no percentile finer than the data can show.
      for (double tail = 1.0; tail * n >= 1; tail /= 1.25) {
        double q = 1 - tail;
        xs.add(1 / tail);
        ys.add(Percentiles.of(sorted, Math.max(q, 0)) / 1e6);
      }
    } else {
      xs.add(1.0);
      ys.add(0.0);
    }
    XYSeries s = chart.addSeries("successful requests", xs, ys);
    s.setMarker(SeriesMarkers.NONE);
    double[] qs = {0.5, 0.9, 0.99, 0.999};
    String[] labels = {"p50", "p90", "p99", "p99.9"};
    for (int i = 0; i < qs.length; i++) {
      if ((1 - qs[i]) * n >= 1) {
        double at = 1 / (1 - qs[i]);
        double ms = Percentiles.of(sorted, qs[i]) / 1e6;
        chart.addAnnotation(new AnnotationLine(at, true, false));
        chart.addAnnotation(
            new AnnotationText(
                String.format(java.util.Locale.ROOT, "%s %.2f ms", labels[i], ms), at, ms, false));
      }
    }
    return chart;
  }

  /** A vertical line where each phase began, its name near the top of the plot. */
  private static void markPhases(XYChart chart, RunResult run, double top) {
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setXAxisMin(0.0);
    for (PhaseResult phase : run.phases()) {
      double at = phase.startNanos() / 1e9;
      chart.addAnnotation(new AnnotationLine(at, true, false));
      chart.addAnnotation(new AnnotationText(phase.phase().name(), at, top, false));
    }
  }

  private static double max(double[] values) {
    double m = 0;
    for (double v : values) {
      m = Math.max(m, v);
    }
    return m;
  }

  static XYChart chart(String title, String xTitle, String yTitle) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle(xTitle)
            .yAxisTitle(yTitle)
            .build();
    Styler styler = chart.getStyler();
    styler.setLegendPosition(Styler.LegendPosition.InsideNE);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setAnnotationLineStroke(
        new BasicStroke(
            1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f}, 0));
    styler.setAnnotationTextFontColor(Color.DARK_GRAY);
    chart.getStyler().setMarkerSize(4);
    return chart;
  }

  static void line(XYChart chart, String name, double[] x, double[] y) {
    XYSeries s =
        chart.addSeries(
            name, x.length == 0 ? new double[] {0} : x, y.length == 0 ? new double[] {0} : y);
    s.setMarker(x.length > 60 ? SeriesMarkers.NONE : SeriesMarkers.CIRCLE);
  }

  static Path save(XYChart chart, Path file) throws IOException {
    String base = file.toString();
    BitmapEncoder.saveBitmap(
        chart, base.substring(0, base.length() - 4), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }

  private static double[] toDouble(long[] values, double scale) {
    double[] out = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = values[i] * scale;
    }
    return out;
  }
}
