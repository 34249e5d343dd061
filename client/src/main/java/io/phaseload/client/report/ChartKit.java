package io.phaseload.client.report;

import io.phaseload.client.result.OutputFile;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * What every PNG chart shares: its size, colours, axes' style, lines, the image that says there is
 * nothing to draw, and saving. Stateless.
 */
final class ChartKit {

  static final int WIDTH = 1000;
  static final int HEIGHT = 560;

  static final Color BLUE = new Color(0, 90, 181);
  static final Color ORANGE = new Color(230, 120, 0);
  static final Color RED = new Color(200, 30, 45);
  static final Color GREY = new Color(110, 110, 110);

  /** Beyond this many points a line's markers would merge into a thick smear. */
  private static final int MARKERS_UP_TO = 60;

  private ChartKit() {}

  /** Milliseconds, at least 1 ns so that a log axis can show it. */
  static double millis(long nanos) {
    return Math.max(nanos, 1) / 1e6;
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
    XYStyler styler = chart.getStyler();
    styler.setLegendPosition(Styler.LegendPosition.OutsideS);
    styler.setLegendLayout(Styler.LegendLayout.Horizontal);
    styler.setLegendBorderColor(Color.WHITE);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBorderColor(Color.LIGHT_GRAY);
    // Light enough that a log axis's line at every 2..9 multiple stays in the background.
    styler.setPlotGridLinesColor(new Color(228, 228, 228));
    styler.setLocale(Locale.ROOT);
    styler.setAnnotationLineColor(GREY);
    styler.setAnnotationLineStroke(
        new BasicStroke(
            1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f}, 0));
    styler.setAnnotationTextFontColor(Color.DARK_GRAY);
    styler.setMarkerSize(5);
    fitTitle(styler, title);
    return chart;
  }

  /**
   * A smaller title font where the title would run past the image's edges (a run of stages, a long
   * bucket label): a title cut off at both ends says less than a smaller one.
   */
  private static void fitTitle(XYStyler styler, String title) {
    Font font = styler.getChartTitleFont();
    FontRenderContext context = new FontRenderContext(null, true, false);
    double room = WIDTH - 140; // the title is centred over the plot, right of the y axis
    double width = font.getStringBounds(title, context).getWidth();
    if (width > room) {
      float size = (float) Math.max(9, Math.floor(font.getSize2D() * room / width));
      styler.setChartTitleFont(font.deriveFont(size));
    }
  }

  static XYSeries line(
      XYChart chart, String name, double[] x, double[] y, Color color, float width) {
    XYSeries s = chart.addSeries(name, x, y);
    s.setMarker(x.length > MARKERS_UP_TO ? SeriesMarkers.NONE : SeriesMarkers.CIRCLE);
    s.setLineColor(color);
    s.setMarkerColor(color);
    s.setLineStyle(new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
    return s;
  }

  /** {@code chart} with empty axes and {@code message} across the middle of the image. */
  static XYChart nothing(XYChart chart, String message) {
    XYSeries none = chart.addSeries("none", new double[] {0, 1}, new double[] {0, 1});
    none.setLineStyle(SeriesLines.NONE);
    none.setMarker(SeriesMarkers.NONE);
    XYStyler styler = chart.getStyler();
    styler.setLegendVisible(false);
    styler.setAxisTicksVisible(false);
    styler.setAnnotationTextFont(styler.getChartTitleFont());
    chart.addAnnotation(new AnnotationText(message, WIDTH / 2.0, HEIGHT / 2.0, true));
    return chart;
  }

  static Path save(XYChart chart, Path file) throws IOException {
    OutputFile.write(
        file, out -> BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG));
    return file;
  }

  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
