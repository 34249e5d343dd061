package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Distribution;
import io.phaseload.client.stats.Percentiles;
import io.phaseload.client.testing.HgrmFile;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** HdrHistogram's percentile distribution, computed from exact latencies. */
class HgrmReportTest {

  private static String text(long[] sorted) throws IOException {
    return text(Distribution.of(sorted));
  }

  private static String text(Distribution d) throws IOException {
    StringWriter w = new StringWriter();
    HgrmReport.write(d, w);
    return w.toString();
  }

  /** The three values HdrHistogram's own tests print (25, 50, 75), here in milliseconds. */
  @Test
  void threeValuesGiveHdrHistogramsRows() throws IOException {
    HgrmFile f = HgrmFile.parse(text(new long[] {25_000_000, 50_000_000, 75_000_000}));
    double[] levels = {0, .1, .2, .3, .4, .5, .55, .6, .65, .7, 1};
    long[] counts = {1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3};
    String[] values = {
      "25.000", "25.000", "25.000", "25.000", "50.000", "50.000", "50.000", "50.000", "50.000",
      "75.000", "75.000"
    };
    assertEquals(levels.length, f.rows().size());
    for (int i = 0; i < levels.length; i++) {
      HgrmFile.Row r = f.rows().get(i);
      assertEquals(levels[i], r.percentile(), 1e-12, "row " + i);
      assertEquals(counts[i], r.totalCount(), "row " + i);
      assertEquals(new BigDecimal(values[i]), r.valueMs(), "row " + i);
    }
    assertEquals(new BigDecimal("1.43"), BigDecimal.valueOf(f.rows().get(3).inverse()));
    assertEquals(new BigDecimal("50.000"), f.mean());
    assertEquals(new BigDecimal("20.412"), f.stdDeviation());
    assertEquals(new BigDecimal("75.000"), f.max());
    assertEquals(3, f.totalCount());
    assertEquals(2048, f.subBuckets());
  }

  @Test
  void levelsHalveTheDistanceToOneInFiveSteps() {
    long[] sorted = new long[100_000];
    Arrays.setAll(sorted, i -> i + 1);
    List<HgrmReport.Row> rows = HgrmReport.rows(Distribution.of(sorted));
    double[] first = {0, .1, .2, .3, .4, .5, .55, .6, .65, .7, .75, .775, .8, .825, .85, .875};
    for (int i = 0; i < first.length; i++) {
      assertEquals(first[i], rows.get(i).percentile(), 1e-12, "row " + i);
      // Distinct values: the row sits at the first value whose count reaches the level.
      long count = Math.max(1, (long) Math.ceil(first[i] * sorted.length - 1e-9));
      assertEquals(count, rows.get(i).totalCount(), "row " + i);
      assertEquals(count, rows.get(i).valueNanos(), "row " + i);
    }
    HgrmReport.Row last = rows.get(rows.size() - 1);
    assertEquals(new HgrmReport.Row(100_000, 1.0, 100_000), last);
  }

  @Test
  void exactP99LiesBetweenTheRowsAroundIt() throws IOException {
    SplittableRandom random = new SplittableRandom(7);
    long[] sorted = new long[54_321];
    Arrays.setAll(sorted, i -> 200_000 + (long) (1e6 * Math.exp(random.nextGaussian())));
    Arrays.sort(sorted);
    HgrmFile f = HgrmFile.parse(text(sorted));
    assertEquals(sorted.length, f.totalCount());
    assertEquals(Millis.of(sorted[sorted.length - 1]), f.max());
    assertEquals(HgrmReport.buckets(sorted[sorted.length - 1]), f.buckets());
    BigDecimal p99 = Millis.of(Percentiles.of(sorted, 0.99));
    HgrmFile.Row below = null;
    HgrmFile.Row above = null;
    for (HgrmFile.Row r : f.rows()) {
      if (r.percentile() <= 0.99) {
        below = r;
      } else if (above == null) {
        above = r;
      }
    }
    assertTrue(below.valueMs().compareTo(p99) <= 0, below + " <= p99 " + p99);
    assertTrue(above.valueMs().compareTo(p99) >= 0, above + " >= p99 " + p99);
    for (int i = 1; i < f.rows().size(); i++) {
      assertTrue(f.rows().get(i).valueMs().compareTo(f.rows().get(i - 1).valueMs()) >= 0);
      assertTrue(f.rows().get(i).totalCount() >= f.rows().get(i - 1).totalCount());
    }
  }

  @Test
  void nothingSuccessfulIsAHeaderAndAFooter() throws IOException {
    HgrmFile f = HgrmFile.parse(text(new long[0]));
    assertEquals(0, f.rows().size());
    assertEquals(0, f.totalCount());
  }

  @Test
  void matchesTheGoldenFile() throws IOException {
    RunResult run = TextReportTest.sampleRun();
    String actual = text(Analysis.of(run).summary().distribution());
    Path dump = Path.of("target", "run.actual.hgrm");
    Files.writeString(dump, actual);
    assertEquals(TextReportTest.golden("run.golden.hgrm"), actual, "actual output in " + dump);
  }
}
