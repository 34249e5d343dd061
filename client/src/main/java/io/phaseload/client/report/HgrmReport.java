package io.phaseload.client.report;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.OutputFile;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Summary;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code --hgrm FILE}: a latency distribution in the text format of HdrHistogram's {@code
 * outputPercentileDistribution} (what wrk2 prints and HdrHistogram's plotter reads), milliseconds
 * with microsecond resolution, computed from every successful request's exact latency rather than
 * from a histogram's buckets. Stateless.
 *
 * <p>The rows are those HdrHistogram's percentile iterator gives with {@value
 * #TICKS_PER_HALF_DISTANCE} ticks per half distance (as wrk2 prints): the levels 0%, 10%, ... 50%,
 * 55%, ... each half of the distance to 100% cut into five steps; a row is printed at the first
 * value whose cumulative count reaches its level, so several rows may share a value, and a last row
 * at 1.0 holds the maximum. The footer's mean and standard deviation (population) are exact; its
 * Buckets and SubBuckets name the HdrHistogram that would hold these values at 3 significant digits
 * from 1 ns, since readers expect the line.
 */
public final class HgrmReport {

  /** Rows per halving of the distance to 100%, as wrk2 and HdrHistogram's examples print them. */
  public static final int TICKS_PER_HALF_DISTANCE = 5;

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

  /** The rows of {@code sorted}, ascending nanoseconds; none if it is empty. */
  public static List<Row> rows(long[] sorted) {
    List<Row> rows = new ArrayList<>();
    int n = sorted.length;
    if (n == 0) {
      return rows;
    }
    double level = 0; // in percent, as HdrHistogram iterates, so that the same doubles come out
    int i = 0;
    while (i < n) {
      int last = i;
      while (last + 1 < n && sorted[last + 1] == sorted[i]) {
        last++;
      }
      long count = last + 1L;
      // Every level this value reaches gets a row, until the last value: there HdrHistogram's
      // iterator prints the one level it reaches and then the final row at 100%.
      while (100.0 * count / n >= level) {
        rows.add(new Row(sorted[i], level / 100.0, count));
        level = next(level);
        if (count == n) {
          break;
        }
      }
      i = last + 1;
    }
    rows.add(new Row(sorted[n - 1], 1.0, n));
    return rows;
  }

  /** The level after {@code level}: 100 / (ticks x 2^(floor(log2(100 / (100 - level))) + 1)). */
  private static double next(double level) {
    long ticks =
        TICKS_PER_HALF_DISTANCE
            * (long) Math.pow(2, (long) (Math.log(100.0 / (100.0 - level)) / Math.log(2)) + 1);
    return level + 100.0 / ticks;
  }

  /** Writes the distribution of {@code sorted} (ascending nanoseconds, not modified). */
  public static void write(long[] sorted, Writer out) throws IOException {
    out.write(
        String.format(
            Locale.ROOT,
            "%12s %14s %10s %14s\n\n",
            "Value",
            "Percentile",
            "TotalCount",
            "1/(1-Percentile)"));
    for (Row r : rows(sorted)) {
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
    int n = sorted.length;
    double mean = 0;
    for (long v : sorted) {
      mean += (double) v / n;
    }
    double squares = 0;
    for (long v : sorted) {
      squares += (v - mean) * (v - mean);
    }
    double deviation = n == 0 ? 0 : Math.sqrt(squares / n);
    long max = n == 0 ? 0 : sorted[n - 1];
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
    files.add(write(file, analysis.summary().sortedLatencies()));
    List<String> names = run.plan().requestNames();
    if (names.size() > 1) {
      for (int r = 0; r < names.size(); r++) {
        long[] sorted = sortedOk(run.recording(), r, run.recording().hasIntendedStarts());
        files.add(write(beside(file, names.get(r)), sorted));
      }
    }
    if (service != null) {
      files.add(write(beside(file, "service"), service.sortedLatencies()));
    }
    return files;
  }

  private static Path write(Path file, long[] sorted) throws IOException {
    OutputFile.text(file, w -> write(sorted, w));
    return file;
  }

  /** {@code dir/latency.hgrm} and "GET /users" give {@code dir/latency-GET__users.hgrm}. */
  static Path beside(Path file, String name) {
    String base = file.getFileName().toString();
    String stem = base.endsWith(FILE_SUFFIX) ? base.substring(0, base.length() - 5) : base;
    String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
    return file.resolveSibling(stem + "-" + safe + FILE_SUFFIX);
  }

  /** The successful latencies of one request of the iteration, over all phases, ascending. */
  static long[] sortedOk(LatencyRecorder recording, int request, boolean corrected) {
    int n = 0;
    for (int k = recording.next(0); k < recording.capacity(); k = recording.next(k + 1)) {
      n += ok(recording, k, request) ? 1 : 0;
    }
    long[] sorted = new long[n];
    int i = 0;
    for (int k = recording.next(0); k < recording.capacity(); k = recording.next(k + 1)) {
      if (ok(recording, k, request)) {
        sorted[i++] = corrected ? recording.correctedNanos(k) : recording.latencyNanos(k);
      }
    }
    Arrays.parallelSort(sorted);
    return sorted;
  }

  private static boolean ok(LatencyRecorder recording, int k, int request) {
    return recording.reached(k)
        && recording.request(k) == request
        && Outcome.ok(recording.outcome(k));
  }
}
