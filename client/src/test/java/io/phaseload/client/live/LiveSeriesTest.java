package io.phaseload.client.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.report.Millis;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Percentiles;
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

  @Test
  void eachSecondsPercentilesAreExactByNearestRank() {
    LiveSeries series = new LiveSeries();
    SplittableRandom random = new SplittableRandom(7);
    List<List<Long>> bySecond = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    int ok = Outcome.of(Outcome.OK, 200);
    for (int round = 0; round < 5; round++) {
      // Requests of every second arrive in each round, as a feed reads slices in turn.
      for (int i = 0; i < 997; i++) {
        int s = random.nextInt(3);
        long latency = 1 + random.nextLong(50_000_000);
        series.request(s * SECOND + random.nextLong(SECOND), ok, latency);
        bySecond.get(s).add(latency);
      }
      series.settle();
      Map<String, Object> page = series.page(3 * SECOND, List.of());
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
}
