package io.phaseload.client.report;

import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Distribution;
import io.phaseload.client.stats.TimeSeries;
import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;

/**
 * {@code --charts DIR}: PNG charts of one finished run, drawn headless with XChart from plain data
 * the caller already holds: successful and failed requests per second and latency percentiles over
 * time (from a {@link TimeSeries}, with the phases marked), and the latency distribution as a
 * percentile spectrum (from the successful latencies, sorted). A chart with nothing to draw says so
 * in the image. Stateless.
 */
public final class Charts {

  /** Every chart's size in pixels. */
  public static final int WIDTH = ChartKit.WIDTH;

  public static final int HEIGHT = ChartKit.HEIGHT;

  /** The files {@link #write} creates. */
  public static final List<String> FILES =
      List.of("throughput.png", "latency-over-time.png", "latency-distribution.png");

  /** Rows of phase names above the data, for phases too short to hold their name. */
  private static final int LABEL_ROWS = 3;

  /** About how wide the plot is in the image, for fitting phase names (within a few pixels). */
  private static final double PLOT_PIXELS = WIDTH - 110;

  /**
   * A phase as the time charts mark it.
   *
   * @param startNanos when it began, in nanoseconds since the run began; likewise endNanos
   */
  public record PhaseSpan(String name, long startNanos, long endNanos) {}

  private Charts() {}

  /**
   * Writes {@link #FILES} into {@code dir}, creating it if needed.
   *
   * @param series the run in buckets, as {@link TimeSeries#of(LatencyRecorder, long)} cuts it
   * @param phases the phases that ran, in order
   * @param latency every successful request's latency
   * @param title what ran, e.g. "20 threads x 100 iterations", appended to each chart's title
   */
  public static List<Path> write(
      TimeSeries series, List<PhaseSpan> phases, Distribution latency, String title, Path dir)
      throws IOException {
    return write(null, series, phases, latency, null, title, dir);
  }

  /**
   * Writes a finished run's charts ({@code --charts}): its time series in buckets of {@link
   * TimeSeries#bucketFor} its wall time, its phases, and the distribution of its summary; in the
   * open model the distribution also draws the service time, and for a run of {@code --stages} its
   * load, target against achieved ({@link LoadChart#FILE}).
   */
  public static List<Path> write(Analysis analysis, Path dir) throws IOException {
    RunResult run = analysis.result();
    List<PhaseSpan> phases =
        run.phases().stream()
            .map(
                p ->
                    new PhaseSpan(
                        p.phase().name(), p.startNanos(), p.startNanos() + p.durationNanos()))
            .toList();
    return write(
        run,
        TimeSeries.of(run.recording(), run.wallNanos()),
        phases,
        analysis.summary().distribution(),
        analysis.serviceTime() == null ? null : analysis.serviceTime().distribution(),
        RunTitle.of(run.plan()),
        dir);
  }

  /**
   * Writes the charts.
   *
   * @param run the run drawn, or null for no load chart
   * @param service the service times, or null in the closed model
   */
  private static List<Path> write(
      RunResult run,
      TimeSeries series,
      List<PhaseSpan> phases,
      Distribution latency,
      Distribution service,
      String title,
      Path dir)
      throws IOException {
    System.setProperty("java.awt.headless", "true");
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    written.add(ChartKit.save(throughput(series, phases, title), dir.resolve(FILES.get(0))));
    written.add(ChartKit.save(latencyOverTime(series, phases, title), dir.resolve(FILES.get(1))));
    written.add(ChartKit.save(Spectrum.chart(latency, service, title), dir.resolve(FILES.get(2))));
    if (run != null && !run.plan().stages().isEmpty()) {
      XYChart load = LoadChart.of(run, series, title);
      double top = load.getStyler().getYAxisMax();
      markPhases(load, TimeAxis.of(series.spanNanos()), phases, row -> top * (0.96 - 0.05 * row));
      written.add(ChartKit.save(load, dir.resolve(LoadChart.FILE)));
    }
    return written;
  }

  /**
   * Successful and failed requests per second, by the bucket each request started in: the bucket's
   * count over its length.
   */
  static XYChart throughput(TimeSeries series, List<PhaseSpan> phases, String title) {
    TimeAxis time = TimeAxis.of(series.spanNanos());
    XYChart chart =
        overTime("Requests per second by start time", series, time, "requests/s", title);
    long sent = sum(series.sent());
    if (sent == 0) {
      return ChartKit.nothing(
          chart,
          series.buckets() == 0 ? "Nothing to draw: the run has no length" : "No request was sent");
    }
    int n = series.buckets();
    double[] x = time.middles(series);
    double[] ok = new double[n];
    double[] failed = new double[n];
    double top = 0;
    for (int b = 0; b < n; b++) {
      double seconds = series.durationNanos(b) / 1e9;
      ok[b] = series.ok()[b] / seconds;
      failed[b] = (series.sent()[b] - series.ok()[b]) / seconds;
      top = Math.max(top, Math.max(ok[b], failed[b]));
    }
    long okCount = sum(series.ok());
    ChartKit.line(
        chart, "successful (" + ChartKit.count(okCount) + ")", x, ok, ChartKit.BLUE, 1.5f);
    // Dashed, on top: where both are zero the successful line still shows between the dashes.
    ChartKit.line(
            chart, "failed (" + ChartKit.count(sent - okCount) + ")", x, failed, ChartKit.RED, 1.5f)
        .setLineStyle(
            new BasicStroke(
                1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {6f, 4f}, 0));
    XYStyler styler = chart.getStyler();
    styler.setYAxisMin(0.0);
    double axisTop = top * 1.25;
    styler.setYAxisMax(axisTop);
    markPhases(chart, time, phases, row -> axisTop * (0.96 - 0.05 * row));
    return chart;
  }

  /**
   * p50, p95 and p99 of each bucket's successful requests, on a log axis; in the open model they
   * count from the intended send, as the headline does, and the service time's p50 and p99 are
   * drawn dashed beside them.
   */
  static XYChart latencyOverTime(TimeSeries series, List<PhaseSpan> phases, String title) {
    TimeAxis time = TimeAxis.of(series.spanNanos());
    TimeSeries.Quantiles service = series.serviceTime();
    XYChart chart =
        overTime(
            service == null
                ? "Latency of successful requests by start time"
                : "Latency from intended times by start time",
            series,
            time,
            "latency (ms, log scale)",
            title);
    if (sum(series.ok()) == 0) {
      return ChartKit.nothing(chart, "No successful request: no latency to draw");
    }
    double[][] p50 = time.latencyLine(series, series.p50());
    double[][] p95 = time.latencyLine(series, series.p95());
    double[][] p99 = time.latencyLine(series, series.p99());
    String from = service == null ? "" : " from intended times";
    ChartKit.line(chart, "p99" + from, p99[0], p99[1], ChartKit.RED, 1.2f);
    ChartKit.line(chart, "p95" + from, p95[0], p95[1], ChartKit.ORANGE, 1.2f);
    ChartKit.line(chart, "p50" + from, p50[0], p50[1], ChartKit.BLUE, 1.5f);
    double low = min(p50[1]);
    if (service != null) {
      double[][] s99 = time.latencyLine(series, service.p99());
      double[][] s50 = time.latencyLine(series, service.p50());
      dashed(ChartKit.line(chart, "service time p99", s99[0], s99[1], ChartKit.RED, 1.2f));
      dashed(ChartKit.line(chart, "service time p50", s50[0], s50[1], ChartKit.BLUE, 1.2f));
      low = Math.min(low, min(s50[1]));
    }
    // Room above the highest point for the phase names.
    LogAxis y = new LogAxis(low / 1.5, max(p99[1]) * 4);
    y.apply(chart.getStyler());
    markPhases(chart, time, phases, row -> y.at(0.96 - 0.05 * row));
    return chart;
  }

  private static void dashed(XYSeries line) {
    line.setLineStyle(
        new BasicStroke(
            1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {5f, 4f}, 0));
  }

  /** A chart whose title says what it shows, the bucket length and what ran. */
  private static XYChart overTime(
      String what, TimeSeries series, TimeAxis time, String yTitle, String title) {
    String bucket = TimeSeries.label(series.bucketNanos());
    return ChartKit.chart(what + ", in " + bucket + " buckets: " + title, time.title(), yTitle);
  }

  /**
   * A dashed line where each phase after the first began, and the phase's name over its span, above
   * the data at {@code rowY.applyAsDouble(0)}. A name is kept inside the plot, and moves to the
   * next row down when it would touch the name before it (short phases have long names).
   */
  private static void markPhases(
      XYChart chart, TimeAxis time, List<PhaseSpan> phases, IntToDoubleFunction rowY) {
    time.apply(chart.getStyler());
    Font font = chart.getStyler().getAnnotationTextFont();
    FontRenderContext context = new FontRenderContext(null, true, false);
    double end = time.at(time.spanNanos());
    double unitsPerPixel = end / PLOT_PIXELS;
    double[] rowEnds = new double[LABEL_ROWS];
    Arrays.fill(rowEnds, Double.NEGATIVE_INFINITY);
    for (PhaseSpan phase : phases) {
      double start = time.at(phase.startNanos());
      if (phase.startNanos() > 0) {
        chart.addAnnotation(new AnnotationLine(start, true, false));
      }
      double half =
          (font.getStringBounds(phase.name(), context).getWidth() / 2 + 4) * unitsPerPixel;
      double middle = (start + time.at(phase.endNanos())) / 2;
      middle = Math.max(half, Math.min(middle, end - half));
      int row = 0;
      while (row < LABEL_ROWS - 1 && rowEnds[row] > middle - half) {
        row++;
      }
      rowEnds[row] = middle + half;
      chart.addAnnotation(new AnnotationText(phase.name(), middle, rowY.applyAsDouble(row), false));
    }
  }

  private static long sum(long[] values) {
    long s = 0;
    for (long v : values) {
      s += v;
    }
    return s;
  }

  private static double max(double[] values) {
    double m = 0;
    for (double v : values) {
      m = Double.isNaN(v) ? m : Math.max(m, v);
    }
    return m;
  }

  private static double min(double[] values) {
    double m = Double.MAX_VALUE;
    for (double v : values) {
      m = Double.isNaN(v) ? m : Math.min(m, v);
    }
    return m;
  }
}
