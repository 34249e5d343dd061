package io.phaseload.client.bench;

import io.phaseload.client.record.RecordFile;
import io.phaseload.client.record.RecordFileException;
import io.phaseload.client.record.ShardMerge;
import io.phaseload.client.report.FinishedRun;
import io.phaseload.client.report.HtmlReport;
import io.phaseload.client.report.JsonReport;
import io.phaseload.client.report.TextReport;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.TimeSeries;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What {@code --html} adds to {@code report}'s time: reads a record file (e.g. RecordBench's) as
 * {@code report} does, computes the statistics, prints the text report (to nowhere) and writes the
 * JSON, then times the page written with the JSON's per-second series (as {@code report --json F
 * --html F} does) and without it ({@code --html} alone). Prints one line per repeat.
 *
 * <p>{@code java -Xmx4g -cp client.jar io.phaseload.client.bench.PageBench FILE DIR 5}
 */
public final class PageBench {

  private PageBench() {}

  public static void main(String[] args) throws IOException, RecordFileException {
    if (args.length != 3) {
      System.err.println("usage: PageBench RECORD_FILE OUT_DIR REPEATS");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    Path dir = Path.of(args[1]);
    for (int rep = 0; rep < Integer.parseInt(args[2]); rep++) {
      long start = System.nanoTime();
      ShardMerge.Merged merged =
          ShardMerge.merge(List.of(file), List.of(RecordFile.readHeader(file)), 1);
      Analysis done = Analysis.of(merged.result());
      TextReport.print(
          done, new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8));
      TimeSeries perSecond = TimeSeries.of(done.result().recording());
      try (Writer w = Files.newBufferedWriter(dir.resolve("bench.json"))) {
        JsonReport.write(FinishedRun.of(done, merged.info()), perSecond, w);
      }
      long reported = System.nanoTime();
      Path page = dir.resolve("bench.html");
      try (Writer w = Files.newBufferedWriter(page)) {
        HtmlReport.write(FinishedRun.of(done, merged.info()), "PageBench", perSecond, w);
      }
      long withJson = System.nanoTime();
      try (Writer w = Files.newBufferedWriter(page)) {
        HtmlReport.write(FinishedRun.of(done, merged.info()), "PageBench", null, w);
      }
      long alone = System.nanoTime();
      long report = reported - start;
      System.out.printf(
          Locale.ROOT,
          "requests=%d report_ms=%d html_with_json_ms=%d (%.1f%%) html_alone_ms=%d (%.1f%%)"
              + " html_bytes=%d%n",
          done.summary().total().sent(),
          report / 1_000_000,
          (withJson - reported) / 1_000_000,
          100.0 * (withJson - reported) / report,
          (alone - withJson) / 1_000_000,
          100.0 * (alone - withJson) / report,
          Files.size(page));
    }
  }
}
