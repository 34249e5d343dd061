package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Summary;
import io.phaseload.client.stats.TimeSeries;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * An overloaded open-model run shows its queue over time as its headline does. Four threads against
 * the real server's {@code /work?ms=50} serve at most 80 arrivals a second; 200 a second for one
 * second leaves the last arrivals over a second late, while each request's service stays about 50
 * ms. Every latency over time (the JSON's {@code perSecond}, the page's series, the PNG's lines)
 * counts from the intended send, as the headline p99 does, and so reaches its order of magnitude;
 * the service time beside it stays an order below.
 */
@Timeout(60)
class OverloadOverTimeTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void everyLatencyOverTimeCountsFromIntendedTimesWithServiceTimeBeside() throws Exception {
    Path json = dir.resolve("run.json");
    ClientRun run;
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      run =
          ClientRun.of(
              "4",
              "1",
              "--url",
              "http://127.0.0.1:" + server.port() + "/work?ms=50",
              "--phases",
              "1.0",
              "--rate",
              "200",
              "--phase-seconds",
              "1",
              "--quiet",
              "--json",
              json.toString());
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(200, run.sent());
      assertEquals(run.sent(), server.stats().received());
    }
    Summary service = run.finished().serviceTime();
    double headlineP99 = run.total().latency().p99() / 1e6;
    double serviceP99 = service.total().latency().p99() / 1e6;
    assertTrue(headlineP99 > 500, "the queue grew past half a second: p99 " + headlineP99 + " ms");
    // Half the queue's: service time is 50 ms, and a pause of the machine's (150 ms on CI) adds
    // to one request's at most, far under the queue's half-second and more.
    assertTrue(serviceP99 < headlineP99 / 2, "service p99 " + serviceP99 + " ms");

    List<JsonNode> rows = new ArrayList<>();
    MAPPER.readTree(json.toFile()).get("perSecond").forEach(rows::add);
    assertEquals(200, rows.stream().mapToLong(r -> r.get("ok").asLong()).sum());
    double rowsP99 = rows.stream().mapToDouble(r -> r.get("p99Ms").asDouble()).max().orElse(0);
    double rowsServiceP99 =
        rows.stream().mapToDouble(r -> r.get("serviceP99Ms").asDouble()).max().orElse(0);
    assertTrue(rowsP99 >= headlineP99 / 2, "perSecond p99 " + rowsP99 + " ms of " + headlineP99);
    double max = run.total().latency().max() / 1e6;
    assertTrue(rowsP99 <= max + 0.001, "no second above the maximum: " + rowsP99 + " " + max);
    assertTrue(rowsServiceP99 < headlineP99 / 2, "perSecond service p99 " + rowsServiceP99);
    assertTrue(rowsServiceP99 >= 40, "a service time of 50 ms: " + rowsServiceP99);

    RunResult result = run.result();
    Map<String, Object> page = PageSeries.of(result, null);
    assertTrue(maxOf(page.get("p99")) >= headlineP99 / 2, "page p99 " + page.get("p99"));
    assertNotNull(page.get("serviceP99"), "the page draws service time beside it");
    assertTrue(maxOf(page.get("serviceP99")) < headlineP99 / 2, "" + page.get("serviceP99"));

    TimeSeries buckets = TimeSeries.of(result.recording(), result.wallNanos());
    XYChart chart = Charts.latencyOverTime(buckets, List.of(), "overload");
    Map<String, XYSeries> lines = chart.getSeriesMap();
    assertTrue(max(lines.get("p99 from intended times").getYData()) >= headlineP99 / 2, "" + lines);
    assertTrue(max(lines.get("service time p99").getYData()) < headlineP99 / 2, "" + lines);
  }

  private static double maxOf(Object values) {
    double m = 0;
    for (Object v : (List<?>) values) {
      m = v == null ? m : Math.max(m, ((BigDecimal) v).doubleValue());
    }
    return m;
  }

  private static double max(double[] values) {
    double m = 0;
    for (double v : values) {
      m = Double.isNaN(v) ? m : Math.max(m, v);
    }
    return m;
  }
}
