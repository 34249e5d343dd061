package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Summary;
import io.phaseload.client.stats.TimeSeries;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the page's charts draw, against the run's summary. */
class PageSeriesTest {

  private static final RunResult RUN = TextReportTest.sampleRun();
  private static final Summary SUMMARY = Analysis.of(RUN).summary();

  @Test
  void theBucketsHoldEveryRequestAndAreNeverLongerThanASecond() {
    TimeSeries s = PageSeries.series(RUN);
    assertTrue(s.bucketNanos() <= 1_000_000_000L);
    Map<String, Object> m = PageSeries.of(RUN, null);
    long sent = 0;
    long ok = 0;
    for (int b = 0; b < s.buckets(); b++) {
      sent += ((long[]) m.get("sent"))[b];
      ok += ((long[]) m.get("ok"))[b];
    }
    assertEquals(SUMMARY.total().sent(), sent);
    assertEquals(SUMMARY.total().ok(), ok);
    assertEquals(RUN.phases().size(), ((List<?>) m.get("phases")).size());
  }

  @Test
  void aLongRunKeepsOneSecondBucketsAndAVeryLongOneTheJsonsRows() {
    assertEquals(1_000_000_000L, PageSeries.bucket(3_600_000_000_000L));
    assertEquals(10_000_000L, PageSeries.bucket(1_500_000_000L));
    long longest = (TimeSeries.MAX_ROWS + 1) * 1_000_000_000L;
    assertEquals(2_000_000_000L, PageSeries.bucket(longest));
    assertEquals(10_000_000_000L, PageSeries.bucket(86_400_000_000_000L), "a day: 8,640 points");
  }

  @Test
  void theDistributionMarksAreTheExactPercentilesAndTheMaximum() {
    Map<String, Object> d = PageSeries.distribution(SUMMARY, null);
    assertEquals(SUMMARY.total().ok(), d.get("count"));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> marks = (List<Map<String, Object>>) d.get("marks");
    assertEquals("p50", marks.get(0).get("name"));
    assertEquals(Millis.of(SUMMARY.total().latency().p50()), marks.get(0).get("ms"));
    Map<String, Object> max = marks.get(marks.size() - 1);
    assertEquals("max", max.get("name"));
    assertEquals(Millis.of(SUMMARY.total().latency().max()), max.get("ms"));
    @SuppressWarnings("unchecked")
    List<BigDecimal> latency = (List<BigDecimal>) d.get("latency");
    assertEquals(Millis.of(SUMMARY.total().latency().min()), latency.get(0));
    assertEquals(max.get("ms"), latency.get(latency.size() - 1));
  }

  /**
   * A run of stages draws its intended rate along the ramp, bucket by bucket: 0 to 200/s over 2 s
   * is 100 t/s at t seconds.
   */
  @Test
  @SuppressWarnings("unchecked")
  void theIntendedRateFollowsAStagesRamp() throws Exception {
    RunResult run;
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.response(200, "{}"))) {
      run =
          ClientRun.of("10", "1", "-q", "--url", server.url("/"), "--stages", "2s:200/s").result();
    }
    TimeSeries s = PageSeries.series(run);
    List<BigDecimal> intended =
        (List<BigDecimal>)
            ((Map<String, Object>) PageSeries.of(run, null).get("arrivals"))
                .get("intendedPerSecond");
    long start = run.phases().get(0).startNanos();
    int checked = 0;
    for (int b = 0; b < s.buckets(); b++) {
      double t = (s.startNanos(b) + s.durationNanos(b) / 2 - start) / 1e9;
      if (t > 0.05 && t < 1.95) {
        assertEquals(100 * t, intended.get(b).doubleValue(), 0.2, "at " + t + " s");
        checked++;
      }
    }
    assertTrue(checked > 10, "buckets along the ramp: " + checked);
  }

  /** Every population's arrivals are begun arrivals, not only those whose first request is 0. */
  @Test
  void arrivalsBegunCountEveryPopulation(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path mix =
        java.nio.file.Files.writeString(
            dir.resolve("mix.yaml"),
            """
            populations:
              - {name: a, weight: 3, requests: [{name: get, path: /a}]}
              - {name: b, weight: 1, setup: [{name: in, path: /in}], requests: [{name: get, path: /b}]}
            """);
    RunResult run;
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.response(200, "{}"))) {
      run =
          ClientRun.of(
                  "8",
                  "5",
                  "-q",
                  "--url",
                  server.url("/"),
                  "--scenario",
                  "" + mix,
                  "--rate",
                  "200",
                  "--phases",
                  "1.0")
              .result();
    }
    long begun =
        java.util.Arrays.stream(LoadChart.begun(run.recording(), PageSeries.series(run))[0]).sum();
    long started = run.phases().stream().mapToLong(p -> p.arrivals().started()).sum();
    assertEquals(started, begun);
    assertEquals(run.plan().phases().stream().mapToLong(run.plan()::arrivals).sum(), begun);
  }

  /**
   * The load chart's target line is the rate the pacer paces, every population's: a stage of 0 to
   * 100/s beside a population of its own 20/s asks 20/s at its start and 120/s at its end (it drew
   * the stage alone, 0 to 100/s).
   */
  @Test
  void theLoadChartsTargetIsEveryPopulationsRate(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path mix =
        java.nio.file.Files.writeString(
            dir.resolve("mix.yaml"),
            """
            populations:
              - {name: a, weight: 1, requests: [{name: get, path: /a}]}
              - {name: b, rate: 20/s, threads: 2, requests: [{name: get, path: /b}]}
            """);
    RunResult run;
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.response(200, "{}"))) {
      run =
          ClientRun.of(
                  "8",
                  "1",
                  "-q",
                  "--url",
                  server.url("/"),
                  "--scenario",
                  "" + mix,
                  "--stages",
                  "1s:100/s")
              .result();
    }
    double[] target =
        LoadChart.of(run, PageSeries.series(run), "t").getSeriesMap().get("target").getYData();
    assertEquals(List.of(20.0, 120.0), java.util.Arrays.stream(target).boxed().toList());
  }
}
