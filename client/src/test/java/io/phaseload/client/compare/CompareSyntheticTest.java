package io.phaseload.client.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.testing.CompareRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} on record files with known effects: runs drawn from one distribution are "no
 * significant change" at every percentile in 20 of 20 pairs, their 99 % intervals miss 0 on at most
 * about 1 % of them by chance (with no noise floor), and a run 30 % slower at every percentile is
 * "slower" at every percentile.
 */
@Timeout(300)
class CompareSyntheticTest {

  private static final Metric[] PERCENTILES = {Metric.P50, Metric.P95, Metric.P99, Metric.P999};

  @TempDir Path dir;

  /**
   * 20 pairs of runs of one distribution, each with its own seed, compared as a user compares them
   * (the default noise floor): not one of their 240 percentile rows (ALL, GET and POST by p50, p95,
   * p99 and p99.9) says a change. Compared again with no floor, each row has its bare 99 %
   * interval: a calibrated method misses 0 on about 1 in 100 of them by chance, so at most 2 of the
   * 240 may say a change, and none of them may be a change of the median.
   */
  @Test
  void sameDistributionPairsAreNoSignificantChange() throws Exception {
    List<String> alarms = new ArrayList<>();
    List<String> bareAlarms = new ArrayList<>();
    int intervals = 0;
    for (int pair = 0; pair < 20; pair++) {
      Path base = SyntheticRun.write(dir.resolve("base.plr"), 2, 2L * pair);
      Path next = SyntheticRun.write(dir.resolve("new.plr"), 2, 2L * pair + 1);
      CompareRun run = CompareRun.of(base.toString(), next.toString());
      CompareRun bare = CompareRun.of(base.toString(), next.toString(), "--noise-floor", "0%");
      assertEquals(ExitCode.OK, run.code(), run.err());
      assertTrue(run.comparison().noise());
      assertEquals(Comparison.DEFAULT_NOISE_FLOOR, run.comparison().noiseFloor());
      assertEquals(0, bare.comparison().noiseFloor());
      for (int i = 0; i < run.comparison().rows().size(); i++) {
        Comparison.Row r = run.comparison().rows().get(i);
        Comparison.Row b = bare.comparison().rows().get(i);
        if (!r.metric().percentile()) {
          continue;
        }
        intervals++;
        // The floor judges the same interval, only against +-5 % instead of 0.
        assertEquals(b.low(), r.low(), r.toString());
        assertEquals(b.high(), r.high(), r.toString());
        if (r.verdict() != Comparison.Verdict.SAME) {
          alarms.add("pair " + pair + ": " + r);
        }
        if (b.verdict() != Comparison.Verdict.SAME) {
          bareAlarms.add("pair " + pair + ": " + b);
          assertTrue(b.metric() != Metric.P50, b.toString());
        }
      }
    }
    assertEquals(240, intervals);
    assertEquals(List.of(), alarms);
    assertTrue(bareAlarms.size() <= intervals * (1 - Comparison.CONFIDENCE), bareAlarms.toString());
  }

  /**
   * Every latency 30 % longer: every percentile of every row is slower; the intervals of p50, p95
   * and p99 hold 30. Not p99.9's: a request name's p99.9 of 15,000 requests rests on its 15
   * slowest, and a bootstrap interval of so extreme a quantile is known to be too narrow (here
   * POST's is [+13.8 %, +28.2 %] around +22.6 %); it still excludes 0.
   */
  @Test
  void aThirtyPercentShiftIsSlower() throws Exception {
    Path base = SyntheticRun.write(dir.resolve("base.plr"), 2, 100);
    Path next = SyntheticRun.write(dir.resolve("new.plr"), 2.6, 101);
    CompareRun run = CompareRun.of(base.toString(), next.toString());
    assertEquals(ExitCode.OK, run.code(), run.err());
    for (String name : List.of("ALL", "GET", "POST")) {
      for (Metric m : PERCENTILES) {
        Comparison.Row r = run.row(name, m);
        assertEquals(Comparison.Verdict.WORSE, r.verdict(), r.toString());
        assertTrue(r.low() > 0, r.toString());
        if (m != Metric.P999) {
          assertTrue(r.low() <= 30 && r.high() >= 30, r.toString());
        }
      }
    }
    assertEquals(Comparison.Verdict.NONE, run.row("ALL", Metric.MAX).verdict());
  }
}
