package io.phaseload.client.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.stats.Drift;
import io.phaseload.client.testing.Chromium;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.PageDom;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The drift verdict against a service that slows down as it runs and one that does not: an open run
 * of 8 s at 100 arrivals a second, judged with {@code --drift-min 8s}, so its first 2 s are
 * compared with its last 2 s. The slowing server adds 5 ms of service for every second since its
 * first request: the first window's answers take 2 to 12 ms, the last's 32 to 42, so its p50 and
 * p99 are worse beyond any noise, and {@code drift.p99<20%} fails (exit 3). The steady server holds
 * every answer 10 ms: its p50 is within the noise, and {@code drift.p50<20%} holds.
 */
@Timeout(60)
class DriftRunTest {

  @TempDir Path dir;

  @Test
  void aServiceThatSlowsDownIsFoundWorse() throws Exception {
    AtomicLong first = new AtomicLong();
    ClientRun run = run(ms -> 2 + 5 * ms / 1000, first, "drift.p50<20%", "slowing.json");
    assertEquals(3, run.code(), run.out() + run.err());
    List<Drift> drifts = run.finished().drifts();
    assertEquals(1, drifts.size(), run.out());
    Drift d = drifts.get(0);
    // A quarter of the phase as it ran (8 s and a few ms) at each end.
    long length = run.result().phases().get(0).durationNanos();
    assertEquals(length / 4, d.windowNanos());
    assertEquals(d.startFrom() + length - length / 4, d.endFrom());
    // The server's arithmetic, from below: a pause of the machine only adds.
    assertTrue(d.start().latency().p50() >= 6_000_000, run.out());
    assertTrue(d.end().latency().p50() >= 36_000_000, run.out());
    assertTrue(d.worsePercent(Drift.Measure.P50) > 20, run.out());
    // The p99 (the 2nd slowest of 200) of the first window may be a cold start's or a stall's.
    assertTrue(d.end().latency().p99() >= 36_000_000, run.out());

    JsonNode drift = new ObjectMapper().readTree(dir.resolve("slowing.json").toFile()).get("drift");
    assertEquals(1, drift.size());
    assertEquals("worse", drift.get(0).get("metrics").get("p50").get("verdict").asText());
    // The first window's p99 (its 2nd slowest of 200) may be a cold start's (a connection's
    // first request, the JIT), which widens its band: higher, but not always beyond the noise.
    assertNotEquals(
        "better", drift.get(0).get("metrics").get("p99").get("verdict").asText(), drift.toString());
    assertEquals(
        d.end().latency().p50() / 1e6,
        drift.get(0).get("metrics").get("p50").get("last").asDouble(),
        0.001);

    // The page: the windows compared, shaded on the latency chart, and the table of the JSON's.
    if (Chromium.installed()) {
      String dom = Chromium.dumpDom(dir.resolve("slowing.html"));
      JsonNode check = PageDom.selfCheck(dom);
      assertEquals(0, check.get("errors").size(), check.toString());
      JsonNode drawn = check.get("drift");
      assertEquals(2, drawn.size(), check.toString());
      assertEquals("first", drawn.get(0).get("window").asText());
      assertEquals("last", drawn.get(1).get("window").asText());
      // Each a quarter of the phase wide, the last to the right of the first.
      assertTrue(drawn.get(0).get("x1").asInt() > drawn.get(0).get("x0").asInt(), "" + drawn);
      assertTrue(drawn.get(1).get("x0").asInt() > drawn.get(0).get("x1").asInt(), "" + drawn);
      List<List<String>> rows = PageDom.table(dom, "drift-table");
      assertEquals(4, rows.size(), dom);
      assertEquals(List.of("PHASE1", "p50"), rows.get(0).subList(0, 2));
      assertEquals("worse", rows.get(0).get(7));
    }
  }

  @Test
  void aSteadyServiceIsWithinTheNoise() throws Exception {
    ClientRun run = run(ms -> 50, new AtomicLong(), "drift.p50<20%", "steady.json");
    assertEquals(0, run.code(), run.out() + run.err());
    List<Drift> drifts = run.finished().drifts();
    assertEquals(1, drifts.size(), run.out());
    assertTrue(drifts.get(0).worsePercent(Drift.Measure.P50) < 20, run.out());
    JsonNode drift = new ObjectMapper().readTree(dir.resolve("steady.json").toFile()).get("drift");
    assertNotEquals("worse", drift.get(0).get("metrics").get("p50").get("verdict").asText());
  }

  @Test
  void aRunShorterThanTheLeastLengthIsNotJudged() throws Exception {
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.response(200, "{}"))) {
      ClientRun run =
          ClientRun.of(
              "4",
              "1",
              "--url",
              server.url("/x"),
              "--phases",
              "1.0",
              "--rate",
              "50",
              "--phase-seconds",
              "2",
              "--slo",
              "drift.p99<20%",
              "--quiet");
      // Not measured fails, as every SLO that has nothing to measure does.
      assertEquals(3, run.code(), run.out() + run.err());
      assertTrue(run.finished().drifts().isEmpty());
      assertEquals(100, server.requests());
    }
  }

  /**
   * 8 s at 100/s, one request an arrival, against a server whose hold is {@code holdMs} of the
   * milliseconds since its first request.
   */
  private ClientRun run(LongUnaryOperator holdMs, AtomicLong first, String slo, String json)
      throws Exception {
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              long now = System.nanoTime();
              first.compareAndSet(0, now);
              long hold = holdMs.applyAsLong((now - first.get()) / 1_000_000);
              return Reply.response(200, "{}").pauseAfter(0, hold);
            })) {
      ClientRun run =
          ClientRun.of(
              "20",
              "1",
              "--url",
              server.url("/x"),
              "--phases",
              "1.0",
              "--rate",
              "100",
              "--phase-seconds",
              "8",
              "--drift-min",
              "8s",
              "--slo",
              slo,
              "--json",
              dir.resolve(json).toString(),
              "--html",
              dir.resolve(json.replace(".json", ".html")).toString(),
              "--quiet");
      assertEquals(800, run.sent(), run.out() + run.err());
      assertEquals(run.sent(), server.requests());
      return run;
    }
  }
}
