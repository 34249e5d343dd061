package io.phaseload.client.report;

import io.phaseload.client.stats.Distribution;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The latency distribution as a percentile spectrum, the way HdrHistogram plots it: x is {@link
 * #x(double) log10(1/(1-q))}, so 90%, 99%, 99.9% and 99.99% fall on evenly spaced ticks and the
 * tail gets as much room as the body; y is the nearest-rank latency on a log axis, so one slow
 * warm-up request does not flatten the rest. Stateless; for {@link Charts}.
 */
final class Spectrum {

  private static final Marker[] SHAPES = {
    SeriesMarkers.CIRCLE,
    SeriesMarkers.SQUARE,
    SeriesMarkers.DIAMOND,
    SeriesMarkers.TRIANGLE_UP,
    SeriesMarkers.TRIANGLE_DOWN
  };
  private static final Color[] COLORS = {
    ChartKit.BLUE, new Color(0, 140, 70), ChartKit.ORANGE, ChartKit.RED, new Color(120, 40, 150)
  };

  private Spectrum() {}

  /** Where quantile {@code q} (0 <= q < 1) sits on the x axis: 0.5 at 0.30, 0.99 at 2. */
  static double x(double q) {
    return -Math.log10(1 - q);
  }

  /**
   * The tick label at {@code x}: the percentile for a whole decade ("0%", "90%", "99%", "99.9%"),
   * empty between decades. XChart keeps widening its tick step until all labels differ, so the
   * empty labels also make it settle on one tick per decade.
   */
  static String label(double x) {
    long decade = Math.round(x);
    if (Math.abs(x - decade) > 1e-6 || decade < 0) {
      return "";
    }
    if (decade == 0) {
      return "0%";
    }
    return decade == 1
        ? "90%"
        : "99" + (decade == 2 ? "" : "." + "9".repeat((int) decade - 2)) + "%";
  }

  /** The chart of the successful requests' latencies. */
  static XYChart chart(Distribution latency, String title) {
    return chart(latency, null, title);
  }

  /**
   * The chart of the successful requests' latencies; in the open model {@code latency} is from
   * intended times and {@code service} the service time, drawn beside it in a lighter line.
   */
  static XYChart chart(Distribution latency, Distribution service, String title) {
    long n = latency.count();
    XYChart chart =
        ChartKit.chart(
            "Latency distribution of " + ChartKit.count(n) + " successful requests: " + title,
            "percentile (log scale of 1/(1-q): one more nine per step)",
            "latency (ms, log scale), nearest rank");
    if (n == 0) {
      return ChartKit.nothing(chart, "No successful request: no latency to draw");
    }
    double[] x = Distribution.curveX(n);
    double end = x[x.length - 1];
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      xs.add(x[i]);
      ys.add(ChartKit.millis(latency.curve(i)));
    }
    XYSeries curve =
        chart.addSeries(
            service == null ? "all successful requests" : "latency from intended times (corrected)",
            xs,
            ys);
    curve.setMarker(SeriesMarkers.NONE);
    curve.setLineColor(Color.DARK_GRAY);
    if (service != null && service.count() == n) {
      List<Double> sy = new ArrayList<>();
      for (int i = 0; i < x.length; i++) {
        sy.add(ChartKit.millis(service.curve(i)));
      }
      XYSeries st = chart.addSeries("service time from actual send", xs, sy);
      st.setMarker(SeriesMarkers.NONE);
      st.setLineColor(new Color(0x3B, 0x82, 0xC4));
    }
    double[] marked = Distribution.MARKED;
    for (int m = 0; m < marked.length; m++) {
      if (x(marked[m]) <= end + 1e-9) {
        double value = ChartKit.millis(latency.at(marked[m]));
        mark(chart, Distribution.MARK_NAMES[m] + " " + text(value), x(marked[m]), value, m);
      }
    }
    double max = ChartKit.millis(latency.max());
    mark(chart, "max " + text(max), end, max, -1);

    XYStyler styler = chart.getStyler();
    styler.setXAxisMin(0.0);
    styler.setXAxisMax(Math.max(end, 1));
    styler.setxAxisTickLabelsFormattingFunction(Spectrum::label);
    styler.setMarkerSize(8);
    long low =
        service == null || service.count() == 0
            ? latency.min()
            : Math.min(latency.min(), service.min());
    new LogAxis(Math.max(1e-3, ChartKit.millis(low) / 1.5), max * 1.5).apply(styler);
    // Beside the plot: below it, six entries with long values may not fit on one line.
    styler.setLegendPosition(Styler.LegendPosition.OutsideE);
    styler.setLegendLayout(Styler.LegendLayout.Vertical);
    return chart;
  }

  /** One reported percentile: a marker on the curve, its value in the legend. */
  private static void mark(XYChart chart, String name, double x, double y, int m) {
    XYSeries s = chart.addSeries(name, new double[] {x}, new double[] {y});
    s.setLineStyle(SeriesLines.NONE);
    s.setMarker(m < 0 ? SeriesMarkers.CROSS : SHAPES[m]);
    s.setMarkerColor(m < 0 ? Color.BLACK : COLORS[m]);
  }

  private static String text(double ms) {
    return String.format(Locale.ROOT, "%,.2f ms", ms);
  }
}
