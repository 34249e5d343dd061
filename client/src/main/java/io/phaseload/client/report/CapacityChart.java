package io.phaseload.client.report;

import io.phaseload.client.capacity.CapacitySearch;
import io.phaseload.client.capacity.Step;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.lines.SeriesLines;

/**
 * A capacity search's two charts, the steps ordered by offered rate: latency percentiles from
 * intended times against the offered rate (the "hockey stick"), and the achieved rate against the
 * offered one. Stateless.
 */
public final class CapacityChart {

  /** The files {@link #write} draws into its directory. */
  public static final List<String> FILES = List.of("capacity-latency.png", "capacity-rate.png");

  private CapacityChart() {}

  /** Draws both charts into {@code dir}; returns their paths. */
  public static List<Path> write(CapacitySearch.Result r, String title, Path dir)
      throws IOException {
    List<Step> steps =
        r.steps().stream().sorted(Comparator.comparingDouble(Step::offered)).toList();
    double[] offered = steps.stream().mapToDouble(Step::offered).toArray();
    XYChart latency = ChartKit.chart(title, "offered rate (arrivals/s)", "latency (ms, log)");
    if (steps.isEmpty()) {
      ChartKit.nothing(latency, "no step ran");
    } else {
      double[] p50 = steps.stream().mapToDouble(s -> ChartKit.millis(s.latency().p50())).toArray();
      double[] p95 = steps.stream().mapToDouble(s -> ChartKit.millis(s.latency().p95())).toArray();
      double[] p99 = steps.stream().mapToDouble(s -> ChartKit.millis(s.latency().p99())).toArray();
      ChartKit.line(latency, "p50", offered, p50, ChartKit.BLUE, 2f);
      ChartKit.line(latency, "p95", offered, p95, ChartKit.ORANGE, 2f);
      ChartKit.line(latency, "p99", offered, p99, ChartKit.RED, 2f);
      double low = Arrays.stream(p50).min().orElse(1);
      double high = Arrays.stream(p99).max().orElse(1);
      new LogAxis(low / 1.5, high * 1.5).apply(latency.getStyler());
    }
    XYChart rate = ChartKit.chart(title, "offered rate (arrivals/s)", "achieved rate (arrivals/s)");
    if (steps.isEmpty()) {
      ChartKit.nothing(rate, "no step ran");
    } else {
      double[] achieved = steps.stream().mapToDouble(Step::achieved).toArray();
      ChartKit.line(rate, "achieved", offered, achieved, ChartKit.BLUE, 2f);
      ChartKit.line(rate, "offered (the schedule)", offered, offered, ChartKit.GREY, 1f)
          .setLineStyle(SeriesLines.DASH_DASH);
    }
    return List.of(
        ChartKit.save(latency, dir.resolve(FILES.get(0))),
        ChartKit.save(rate, dir.resolve(FILES.get(1))));
  }
}
