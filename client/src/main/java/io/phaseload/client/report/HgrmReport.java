package io.phaseload.client.report;

import io.phaseload.client.result.OutputFile;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Distribution;
import io.phaseload.client.stats.Summary;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --hgrm FILE}: a latency distribution in the text format of HdrHistogram's {@code
 * outputPercentileDistribution} (what wrk2 prints and HdrHistogram's plotter reads), milliseconds
 * with microsecond resolution, computed from every successful request's exact latency rather than
 * from a histogram's buckets. Stateless.
 *
 * <p>The rows are those HdrHistogram's percentile iterator gives with {@value
 * Distribution#TICKS_PER_HALF_DISTANCE} ticks per half distance (as wrk2 prints): the levels 0%,
 * 10%, ... 50%, 55%, ... each half of the distance to 100% cut into five steps; a row is printed at
 * the first value whose cumulative count reaches its level, so several rows may share a value, and
 * a last row at 1.0 holds the maximum. The footer's mean and standard deviation (population) are
 * exact; its Buckets and SubBuckets name the HdrHistogram that would hold these values at 3
 * significant digits from 1 ns, since readers expect the line.
 */
public final class HgrmReport {

  /** An HdrHistogram of 3 significant digits has 2048 sub-buckets. */
  static final int SUB_BUCKETS = 2048;

  private static final String FILE_SUFFIX = ".hgrm";

  /**
   * One row of the distribution.
   *
   * @param valueNanos the latency at which the row's level was reached
   * @param percentile the level, 0 to 1
   * @param totalCount requests at or below {@code valueNanos}
   */
  public record Row(long valueNanos, double percentile, long totalCount) {}

  private HgrmReport() {}

  /** The rows of a distribution; none if it is empty. */
  public static List<Row> rows(Distribution d) {
    List<Row> rows = new ArrayList<>();
    long n = d.count();
    if (n == 0) {
      return rows;
    }
    // In percent, as HdrHistogram iterates, so that the same doubles come out. A level's row is at
    // the first value whose count reaches it; at the value that reaches n, HdrHistogram's iterator
    // prints the one level it reaches and then the final row at 100%.
    double level = 0;
    while (true) {
      long rank = Distribution.levelRank(level, n);
      long count = d.atOrBelow(rank);
      rows.add(new Row(d.atRank(rank), level / 100.0, count));
      if (count == n) {
        break;
      }
      level = Distribution.nextLevel(level);
    }
    rows.add(new Row(d.max(), 1.0, n));
    return rows;
  }

  /** Writes a distribution. */
  public static void write(Distribution d, Writer out) throws IOException {
    out.write(
        String.format(
            Locale.ROOT,
            "%12s %14s %10s %14s\n\n",
            "Value",
            "Percentile",
            "TotalCount",
            "1/(1-Percentile)"));
    for (Row r : rows(d)) {
      if (r.percentile() < 1.0) {
        out.write(
            String.format(
                Locale.ROOT,
                "%12s %2.12f %10d %14.2f\n",
                Millis.text(r.valueNanos()),
                r.percentile(),
                r.totalCount(),
                1 / (1.0 - r.percentile())));
      } else {
        out.write(
            String.format(
                Locale.ROOT,
                "%12s %2.12f %10d\n",
                Millis.text(r.valueNanos()),
                r.percentile(),
                r.totalCount()));
      }
    }
    long n = d.count();
    double mean = d.mean();
    double deviation = d.deviation();
    long max = d.max();
    out.write(
        String.format(
            Locale.ROOT,
            "#[Mean    = %12s, StdDeviation   = %12s]\n",
            Millis.text(mean),
            Millis.text(deviation)));
    out.write(
        String.format(
            Locale.ROOT, "#[Max     = %12s, Total count    = %12d]\n", Millis.text(max), n));
    out.write(
        String.format(
            Locale.ROOT, "#[Buckets = %12d, SubBuckets     = %12d]\n", buckets(max), SUB_BUCKETS));
  }

  /** The buckets an HdrHistogram of {@link #SUB_BUCKETS} from 1 ns needs to hold {@code max}. */
  static int buckets(long max) {
    long untrackable = SUB_BUCKETS;
    int buckets = 1;
    while (untrackable <= max) {
      untrackable <<= 1;
      buckets++;
    }
    return buckets;
  }

  /**
   * Writes a run's files: {@code file} for every successful request; when the iteration has several
   * requests, one more per request name beside it ({@code latency-GET_users.hgrm}); in the open
   * model, where {@code file} is the latency from intended times, {@code latency-service.hgrm} for
   * the service time.
   *
   * @return the files written, {@code file} first
   */
  public static List<Path> write(Path file, Analysis analysis) throws IOException {
    RunResult run = analysis.result();
    Summary service = analysis.serviceTime();
    List<Path> files = new ArrayList<>();
    files.add(write(file, analysis.summary().distribution()));
    List<String> names = run.plan().requestNames();
    if (names.size() > 1) {
      for (int r = 0; r < names.size(); r++) {
        files.add(write(beside(file, names.get(r)), analysis.summary().distribution(r)));
      }
    }
    if (service != null) {
      files.add(write(beside(file, "service"), service.distribution()));
    }
    return files;
  }

  private static Path write(Path file, Distribution d) throws IOException {
    OutputFile.text(file, w -> write(d, w));
    return file;
  }

  /** {@code dir/latency.hgrm} and "GET /users" give {@code dir/latency-GET__users.hgrm}. */
  static Path beside(Path file, String name) {
    String base = file.getFileName().toString();
    String stem = base.endsWith(FILE_SUFFIX) ? base.substring(0, base.length() - 5) : base;
    String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
    return file.resolveSibling(stem + "-" + safe + FILE_SUFFIX);
  }
}
