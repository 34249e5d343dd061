package io.phaseload.client.sweep;

import io.phaseload.client.result.OutputFile;
import io.phaseload.client.result.RunInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

/**
 * Writes a finished sweep: {@code sweep.csv} (a row per run), PNG charts (medians over repeats),
 * and {@code report.md} embedding both with the command line and the machine. Stateless.
 */
public final class SweepReport {

  static final int WIDTH = 900;
  static final int HEIGHT = 520;

  private SweepReport() {}

  public static List<Path> write(
      List<SweepRow> rows, Path dir, String commandLine, String target, int iterations)
      throws IOException {
    System.setProperty("java.awt.headless", "true");
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>();
    files.add(csv(rows, dir.resolve("sweep.csv")));
    Map<Integer, List<SweepRow>> byPool = byPool(rows);
    List<SweepRow> first = byPool.values().iterator().next();
    String suffix = iterations + " iterations";
    files.add(
        save(
            lines(
                "p95 and p99 latency by thread count (" + suffix + ")",
                "latency (ms)",
                first,
                Map.of("p95", SweepRow::p95Ms, "p99", SweepRow::p99Ms)),
            dir.resolve("latency-p95-p99.png")));
    files.add(
        save(
            lines(
                "Mean and median latency by thread count (" + suffix + ")",
                "latency (ms)",
                first,
                Map.of("mean", SweepRow::meanMs, "median", SweepRow::medianMs)),
            dir.resolve("latency-mean-median.png")));
    files.add(save(phases(first, suffix), dir.resolve("phase-durations.png")));
    files.add(save(throughput(first, suffix), dir.resolve("throughput-failures.png")));
    if (byPool.size() > 1 || byPool.keySet().iterator().next() != null) {
      files.add(save(pools(byPool, suffix), dir.resolve("throughput-by-pool.png")));
    }
    files.add(markdown(rows, files, dir.resolve("report.md"), commandLine, target));
    return files;
  }

  static Map<Integer, List<SweepRow>> byPool(List<SweepRow> rows) {
    Map<Integer, List<SweepRow>> m = new LinkedHashMap<>();
    for (SweepRow r : rows) {
      m.computeIfAbsent(r.serverWorkers(), k -> new ArrayList<>()).add(r);
    }
    return m;
  }

  /** Thread count to the median of {@code f} over that count's repeats. */
  static TreeMap<Integer, Double> medians(List<SweepRow> rows, ToDoubleFunction<SweepRow> f) {
    TreeMap<Integer, List<Double>> values = new TreeMap<>();
    for (SweepRow r : rows) {
      values.computeIfAbsent(r.threads(), k -> new ArrayList<>()).add(f.applyAsDouble(r));
    }
    TreeMap<Integer, Double> out = new TreeMap<>();
    values.forEach(
        (k, v) -> {
          v.sort(null);
          int n = v.size();
          out.put(k, n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2);
        });
    return out;
  }

  private static XYChart chart(String title, String yTitle) {
    XYChart c =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle("threads (peak phase)")
            .yAxisTitle(yTitle)
            .build();
    c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    c.getStyler().setYAxisMin(0.0);
    c.getStyler().setMarkerSize(7);
    return c;
  }

  private static XYChart lines(
      String title,
      String yTitle,
      List<SweepRow> rows,
      Map<String, ToDoubleFunction<SweepRow>> fs) {
    XYChart c = chart(title, yTitle);
    new TreeMap<>(fs)
        .forEach(
            (name, f) -> {
              TreeMap<Integer, Double> m = medians(rows, f);
              c.addSeries(name, new ArrayList<>(m.keySet()), new ArrayList<>(m.values()));
            });
    return c;
  }

  private static CategoryChart phases(List<SweepRow> rows, String suffix) {
    CategoryChart c =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title("Phase durations by thread count (" + suffix + ")")
            .xAxisTitle("threads (peak phase)")
            .yAxisTitle("phase duration (s)")
            .build();
    c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    Set<String> names = new LinkedHashSet<>();
    rows.forEach(r -> names.addAll(r.phaseNames()));
    for (String name : names) {
      TreeMap<Integer, Double> m =
          medians(
              rows,
              r -> {
                int i = r.phaseNames().indexOf(name);
                return i < 0 ? 0 : r.phaseSeconds().get(i);
              });
      List<String> xs = m.keySet().stream().map(String::valueOf).toList();
      c.addSeries(name, xs, new ArrayList<>(m.values()));
    }
    return c;
  }

  private static XYChart throughput(List<SweepRow> rows, String suffix) {
    XYChart c = chart("Throughput and failures by thread count (" + suffix + ")", "requests/s");
    TreeMap<Integer, Double> rate = medians(rows, SweepRow::throughput);
    c.addSeries(
        "throughput (successful/s)",
        new ArrayList<>(rate.keySet()),
        new ArrayList<>(rate.values()));
    TreeMap<Integer, Double> failed = medians(rows, SweepRow::failedPercent);
    XYSeries f =
        c.addSeries("failed %", new ArrayList<>(failed.keySet()), new ArrayList<>(failed.values()));
    f.setYAxisGroup(1);
    c.setYAxisGroupTitle(1, "failed requests (%)");
    c.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    c.getStyler()
        .setYAxisMax(
            1, Math.max(1.0, failed.values().stream().mapToDouble(d -> d).max().orElse(0) * 1.2));
    c.getStyler().setYAxisMin(1, 0.0);
    return c;
  }

  private static XYChart pools(Map<Integer, List<SweepRow>> byPool, String suffix) {
    XYChart c =
        chart(
            "Throughput by thread count, one line per server pool (" + suffix + ")", "requests/s");
    byPool.forEach(
        (pool, rows) -> {
          TreeMap<Integer, Double> m = medians(rows, SweepRow::throughput);
          c.addSeries(pool + " workers", new ArrayList<>(m.keySet()), new ArrayList<>(m.values()));
        });
    return c;
  }

  private static Path save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file)
      throws IOException {
    String base = file.toString();
    BitmapEncoder.saveBitmap(
        chart, base.substring(0, base.length() - 4), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }

  /**
   * One column of the sweep's table, defined once for both sweep.csv and report.md.
   *
   * @param csvFormat and {@code markdownFormat}: how a value prints in each
   */
  record Column(
      String csv,
      String markdown,
      Function<SweepRow, Object> value,
      String csvFormat,
      String markdownFormat) {

    String csvCell(SweepRow r) {
      Object v = value.apply(r);
      return v == null ? "" : String.format(Locale.ROOT, csvFormat, v);
    }

    String markdownCell(SweepRow r) {
      Object v = value.apply(r);
      return v == null ? "default" : String.format(Locale.ROOT, markdownFormat, v);
    }
  }

  static final List<Column> COLUMNS =
      List.of(
          new Column("server_workers", "workers", SweepRow::serverWorkers, "%d", "%d"),
          new Column("repeat", "run", SweepRow::repeat, "%d", "%d"),
          new Column("threads", "threads", SweepRow::threads, "%d", "%d"),
          new Column("iterations", "iterations", SweepRow::iterations, "%d", "%d"),
          new Column("requests", "requests", SweepRow::requests, "%d", "%,d"),
          new Column("successful", "successful", SweepRow::successful, "%d", "%,d"),
          new Column("failed_pct", "failed %", SweepRow::failedPercent, "%.3f", "%.2f"),
          new Column("not_sent", "not sent", SweepRow::notSent, "%d", "%,d"),
          new Column("wall_s", "wall s", SweepRow::wallSeconds, "%.3f", "%.2f"),
          new Column("throughput", "req/s", SweepRow::throughput, "%.1f", "%,.0f"),
          new Column("mean_ms", "mean ms", SweepRow::meanMs, "%.3f", "%.2f"),
          new Column("median_ms", "median ms", SweepRow::medianMs, "%.3f", "%.2f"),
          new Column("p95_ms", "p95 ms", SweepRow::p95Ms, "%.3f", "%.2f"),
          new Column("p99_ms", "p99 ms", SweepRow::p99Ms, "%.3f", "%.2f"));

  static final String CSV_HEADER_START =
      String.join(",", COLUMNS.stream().map(Column::csv).toList());

  private static Path csv(List<SweepRow> rows, Path file) throws IOException {
    Set<String> names = new LinkedHashSet<>();
    rows.forEach(r -> names.addAll(r.phaseNames()));
    OutputFile.text(
        file,
        w -> {
          w.write(CSV_HEADER_START);
          for (String n : names) {
            w.write("," + n.toLowerCase(Locale.ROOT) + "_s");
          }
          w.write("\n");
          for (SweepRow r : rows) {
            w.write(String.join(",", COLUMNS.stream().map(c -> c.csvCell(r)).toList()));
            for (String n : names) {
              int i = r.phaseNames().indexOf(n);
              w.write(i < 0 ? "," : String.format(Locale.ROOT, ",%.3f", r.phaseSeconds().get(i)));
            }
            w.write("\n");
          }
        });
    return file;
  }

  private static Path markdown(
      List<SweepRow> rows, List<Path> files, Path file, String commandLine, String target)
      throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# phaseload sweep\n\n");
    md.append("Command: `").append(commandLine).append("`\n\n");
    md.append("Target: ")
        .append(target)
        .append(". Finished ")
        .append(Instant.now())
        .append(".\n\n");
    md.append("Machine: ").append(RunInfo.describeMachine()).append(".\n\n");
    md.append(
        "Latencies are over successful requests, exact, by nearest rank; throughput is successful"
            + " requests per second of wall time. Charts show the median over repeats.\n\n");
    md.append("| ")
        .append(String.join(" | ", COLUMNS.stream().map(Column::markdown).toList()))
        .append(" | phases (s) |\n");
    md.append("|").append(" ---: |".repeat(COLUMNS.size())).append(" --- |\n");
    for (SweepRow r : rows) {
      List<String> ph = new ArrayList<>();
      for (int i = 0; i < r.phaseNames().size(); i++) {
        ph.add(
            String.format(Locale.ROOT, "%s %.2f", r.phaseNames().get(i), r.phaseSeconds().get(i)));
      }
      md.append("| ")
          .append(String.join(" | ", COLUMNS.stream().map(c -> c.markdownCell(r)).toList()))
          .append(" | ")
          .append(String.join(", ", ph))
          .append(" |\n");
    }
    md.append("\n");
    boolean header = false;
    for (SweepRow r : rows) {
      if (r.failureReasons().isEmpty()) {
        continue;
      }
      if (!header) {
        md.append("## Failures\n\n");
        header = true;
      }
      md.append(String.format(Locale.ROOT, "- %d threads, run %d: ", r.threads(), r.repeat()))
          .append(String.join("; ", r.failureReasons()))
          .append("\n");
    }
    md.append(header ? "\n" : "");
    for (Path f : files) {
      String name = f.getFileName().toString();
      if (name.endsWith(".png")) {
        md.append("![").append(name).append("](").append(name).append(")\n\n");
      }
    }
    md.append("Raw rows: [sweep.csv](sweep.csv).\n");
    OutputFile.text(file, w -> w.write(md.toString()));
    return file;
  }
}
