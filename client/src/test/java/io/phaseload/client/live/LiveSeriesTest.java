package io.phaseload.client.live;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.phaseload.client.report.Millis;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Percentiles;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The live page's per-second percentiles are the report's: nearest rank over each second's
 * successful latencies, exact, however the requests arrive between settles (in place, the second's
 * values are reordered by selection; later ones join them).
 */
class LiveSeriesTest {

  private static final long SECOND = LiveSeries.SECOND;
  private static final long MS = 1_000_000L;

  @Test
  void eachSecondsPercentilesAreExactByNearestRank() {
    LiveSeries series = new LiveSeries(false);
    SplittableRandom random = new SplittableRandom(7);
    List<List<Long>> bySecond = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    int ok = Outcome.of(Outcome.OK, 200);
    for (int round = 0; round < 5; round++) {
      // Requests of every second arrive in each round, as a feed reads slices in turn.
      for (int i = 0; i < 997; i++) {
        int s = random.nextInt(3);
        long latency = 1 + random.nextLong(50_000_000);
        series.request(s * SECOND + random.nextLong(SECOND), ok, latency, latency);
        bySecond.get(s).add(latency);
      }
      series.settle();
      Map<String, Object> page = series.page(3 * SECOND, List.of(), true);
      for (int s = 0; s < 3; s++) {
        long[] sorted = bySecond.get(s).stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        for (String q : List.of("p50", "p95", "p99")) {
          double quantile = Integer.parseInt(q.substring(1)) / 100.0;
          assertEquals(
              Millis.of(Percentiles.of(sorted, quantile)),
              ((List<?>) page.get(q)).get(s),
              q + " of second " + s + " after round " + round);
        }
      }
    }
  }

  /**
   * A request is recorded when it ends: a second is drawn once its requests have had as long to end
   * as any took, and not before, or the requests still in flight would show as a dip.
   */
  @Test
  void aSecondIsDrawnOnceItsRequestsHaveHadTimeToEnd() {
    LiveSeries series = new LiveSeries(false);
    int ok = Outcome.of(Outcome.OK, 200);
    for (int s = 0; s < 3; s++) {
      for (int i = 0; i < 10; i++) {
        series.request(s * SECOND + i * SECOND / 10, ok, 20 * MS, 20 * MS);
      }
    }
    series.settle();
    // The newest start read is at 2.9 s: seconds 0 and 1 ended over 20 ms before it; 2 has not.
    assertEquals(2, series.complete());
    assertEquals(2, sent(series.page(3 * SECOND, List.of(), false)).length);
    // One request was in flight 1.5 s: a second must have ended that long before the newest start.
    series.request(2_950 * MS, ok, 1_500 * MS, 1_500 * MS);
    series.settle();
    assertEquals(1, series.complete());
    assertArrayEquals(new long[] {10}, sent(series.page(5 * SECOND, List.of(), false)));
    // A request in flight longer than the longest hold holds the page back no more than that.
    series.request(7_500 * MS, ok, 30 * SECOND, 30 * SECOND);
    series.settle();
    assertEquals(2, series.complete(), "7.5 s less a hold of 5 s");
    // Once the run is over every second is drawn, the last over its part up to the end.
    Map<String, Object> over = series.page(7_600 * MS, List.of(), true);
    assertArrayEquals(new long[] {10, 10, 11, 0, 0, 0, 0, 1}, sent(over));
    assertEquals(new BigDecimal("1.7"), ((List<?>) over.get("okPerSecond")).get(7));
  }

  /** In the open model each second has the service time's percentiles beside the latency's. */
  @Test
  void theOpenModelKeepsEachSecondsServiceTimeBesideItsLatency() {
    LiveSeries series = new LiveSeries(true);
    int ok = Outcome.of(Outcome.OK, 200);
    for (int i = 1; i <= 100; i++) {
      // Sent later and later behind their intended times: 10 ms of service, i x 10 ms of wait.
      series.request(i * MS, ok, i * 10 * MS + 10 * MS, 10 * MS);
    }
    series.settle();
    Map<String, Object> page = series.page(SECOND, List.of(), true);
    assertEquals(List.of(Millis.of(1_000 * MS)), page.get("p99"));
    assertEquals(List.of(Millis.of(510 * MS)), page.get("p50"));
    assertEquals(List.of(Millis.of(10 * MS)), page.get("serviceP50"));
    assertEquals(List.of(Millis.of(10 * MS)), page.get("serviceP99"));
    assertFalse(
        new LiveSeries(false).page(SECOND, List.of(), true).containsKey("serviceP99"),
        "the closed model's latency is its service time");
  }

  private static long[] sent(Map<String, Object> page) {
    return (long[]) page.get("sent");
  }
}
