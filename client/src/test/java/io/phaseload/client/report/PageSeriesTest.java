package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Summary;
import io.phaseload.client.stats.TimeSeries;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the page's charts draw, against the run's summary. */
class PageSeriesTest {

  private static final RunResult RUN = TextReportTest.sampleRun();
  private static final Summary SUMMARY =
      Summary.of(RUN.recording(), RUN.plan().phaseNames(), RUN.plan().requestNames());

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
  void aLongRunKeepsOneSecondBucketsAndAVeryLongOneThePngs() {
    assertEquals(1_000_000_000L, PageSeries.bucket(3_600_000_000_000L));
    assertEquals(10_000_000L, PageSeries.bucket(1_500_000_000L));
    long longest = (PageSeries.MAX_SECONDS + 1) * 1_000_000_000L;
    assertEquals(TimeSeries.bucketFor(longest), PageSeries.bucket(longest));
  }

  @Test
  void theDistributionMarksAreTheExactPercentilesAndTheMaximum() {
    Map<String, Object> d = PageSeries.distribution(SUMMARY, null);
    assertEquals((int) SUMMARY.total().ok(), d.get("count"));
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
}
