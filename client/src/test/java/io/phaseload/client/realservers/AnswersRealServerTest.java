package io.phaseload.client.realservers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.compare.Comparison;
import io.phaseload.client.compare.Metric;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.CompareRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three answers against a server no one here wrote, Debian's nginx serving a static file: an
 * SLO's verdict and exit code, a capacity search that stops at {@code --max-rate} (nginx holds a
 * few hundred requests a second with room to spare), and a comparison of two recorded runs. Every
 * request the client sent, nginx logged.
 */
@Timeout(120)
class AnswersRealServerTest {

  @TempDir static Path dir;

  private static RealServer nginx;

  @BeforeAll
  static void start() throws Exception {
    assumeTrue(ServerKind.NGINX.installed(), ServerKind.NGINX.notInstalled());
    nginx = RealServer.start(ServerKind.NGINX);
  }

  @AfterAll
  static void stop() {
    if (nginx != null) {
      nginx.close();
    }
  }

  private static String url() {
    return nginx.url(Resource.STATIC);
  }

  private static void sentWasReceived(long before, long sent) throws InterruptedException {
    long received = nginx.awaitReceived(before + sent, Duration.ofSeconds(15)) - before;
    assertEquals(sent, received, "client sent == nginx logged");
  }

  @Test
  void anSloThatHoldsExitsZeroAndOneThatBreaksExitsThree() throws Exception {
    long before = nginx.received();
    Path json = dir.resolve("slo.json");
    ClientRun run =
        ClientRun.of(
            "4",
            "50",
            "--phases",
            "1.0",
            "-q",
            "--url",
            url(),
            "--json",
            json.toString(),
            "--slo",
            "p99<5s",
            "--slo",
            "errors<1%",
            "--slo",
            "p50<1us");
    assertEquals(ExitCode.SLO_FAILED, run.code(), run.out() + run.err());
    assertEquals(200, run.ok());
    JsonNode slo = new ObjectMapper().readTree(json.toFile()).get("slo");
    assertEquals(3, slo.size());
    assertTrue(slo.get(0).get("pass").asBoolean(), slo.toString());
    assertTrue(slo.get(1).get("pass").asBoolean(), slo.toString());
    assertFalse(slo.get(2).get("pass").asBoolean(), slo.toString());
    // What the SLO measured is the run's exact median.
    assertEquals(run.total().latency().p50() / 1e6, slo.get(2).get("measured").asDouble(), 0.0005);
    sentWasReceived(before, run.sent());
  }

  @Test
  void capacityStopsAtTheMaxRateNginxHolds() throws Exception {
    long before = nginx.received();
    Path json = dir.resolve("capacity.json");
    ClientRun run =
        ClientRun.of(
            "capacity",
            "--url",
            url(),
            "--slo",
            "p99<1s",
            "--slo",
            "errors<1%",
            "--start-rate",
            "50",
            "--max-rate",
            "200",
            "--step-seconds",
            "1",
            "--warm-up-seconds",
            "1",
            "--threads",
            "16",
            "--json",
            json.toString());
    assertEquals(ExitCode.OK, run.code(), run.out() + run.err());
    JsonNode capacity = new ObjectMapper().readTree(json.toFile()).get("capacity");
    assertEquals("max_rate", capacity.get("stop").asText(), run.out());
    assertEquals(200, capacity.get("rate").asDouble(), run.out());
    List<Double> offered = new ArrayList<>();
    for (JsonNode step : capacity.get("steps")) {
      offered.add(step.get("offeredRate").asDouble());
      assertEquals("held", step.get("verdict").asText(), step.toString());
    }
    assertEquals(List.of(50.0, 100.0, 200.0), offered, run.out());
    long sent = run.runs().stream().mapToLong(a -> a.summary().total().sent()).sum();
    sentWasReceived(before, sent);
  }

  @Test
  void twoRecordedRunsCompareOnTheirExactValues() throws Exception {
    long before = nginx.received();
    Path base = dir.resolve("base.plr");
    Path next = dir.resolve("new.plr");
    ClientRun a = record(base);
    ClientRun b = record(next);
    CompareRun c = CompareRun.of(base.toString(), next.toString());
    assertEquals(ExitCode.OK, c.code(), c.out() + c.err());
    assertTrue(c.comparison().noise(), c.out());
    Comparison.Row p50 = c.row("ALL", Metric.P50);
    assertEquals(a.total().latency().p50() / 1e6, p50.base(), 1e-9);
    assertEquals(b.total().latency().p50() / 1e6, p50.next(), 1e-9);
    // The interval comes from replicates of 1 % log buckets, the change from exact values: the
    // change lies in the interval give or take a bucket's width.
    assertTrue(p50.low() - 1 <= p50.change() && p50.change() <= p50.high() + 1, p50.toString());
    assertEquals(0, c.row("ALL", Metric.ERRORS).next(), c.out());
    sentWasReceived(before, a.sent() + b.sent());
  }

  private static ClientRun record(Path file) {
    ClientRun run =
        ClientRun.of(
            "4", "250", "--phases", "1.0", "-q", "--url", url(), "--record", file.toString());
    assertEquals(ExitCode.OK, run.code(), run.out() + run.err());
    assertEquals(1000, run.ok());
    return run;
  }
}
