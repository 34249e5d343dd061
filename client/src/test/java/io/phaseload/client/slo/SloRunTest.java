package io.phaseload.client.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.report.Millis;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.EmbeddedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SLOs on real runs of the real client against the real server: the verdicts are the exact
 * statistics compared with the bounds, the exit code is 3 only when an SLO failed and nothing else
 * went wrong, and a bad SLO is refused before anything is sent.
 */
@Timeout(120)
class SloRunTest {

  @RegisterExtension static final EmbeddedServer server = new EmbeddedServer();

  @TempDir Path dir;

  private static String url(String path) {
    return server.url(path);
  }

  private static List<String> args(String... more) {
    List<String> out = new ArrayList<>(List.of("2", "10", "--phases", "1.0", "-q"));
    out.addAll(List.of(more));
    return out;
  }

  private JsonNode slos(Path json) throws Exception {
    return new ObjectMapper().readTree(json.toFile()).get("slo");
  }

  @Test
  void verdictsAreTheExactStatisticsAgainstTheBounds() throws Exception {
    Path json = dir.resolve("run.json");
    ClientRun run =
        ClientRun.of(
            args(
                    "--url", url("/work?ms=20"),
                    "--slo", "p50>=20ms",
                    "--slo", "p50<19ms",
                    "--slo", "errors<1%",
                    "--json", json.toString())
                .toArray(String[]::new));

    assertEquals(0, run.failed(), run.out());
    assertEquals(3, run.code(), run.out() + run.err());
    JsonNode slo = slos(json);
    assertEquals(3, slo.size());
    long p50 = run.total().latency().p50();
    assertTrue(p50 >= 20_000_000, "the server holds each request 20 ms: " + p50);
    assertEquals(Millis.of(p50).doubleValue(), slo.get(0).get("measured").asDouble(), 1e-9);
    assertTrue(slo.get(0).get("pass").asBoolean());
    assertEquals("p50<19ms", slo.get(1).get("expr").asText());
    assertEquals(false, slo.get(1).get("pass").asBoolean());
    assertEquals(0.0, slo.get(2).get("measured").asDouble());
    assertTrue(slo.get(2).get("pass").asBoolean());
  }

  /**
   * A run stopped by --duration is judged on what ran, and says it was partial: the exit is the
   * stopped run's 1, and the JSON's verdicts are those statistics against their bounds.
   */
  @Test
  void aPartialRunIsStillJudged() throws Exception {
    Path json = dir.resolve("partial.json");
    ClientRun run =
        ClientRun.of(
            List.of(
                    "2",
                    "100",
                    "--phases",
                    "1.0",
                    "-q",
                    "--url",
                    url("/work?ms=50"),
                    "--duration",
                    "1s",
                    "--slo",
                    "p50>=50ms",
                    "--slo",
                    "p50<1ms",
                    "--json",
                    json.toString())
                .toArray(String[]::new));

    assertEquals(1, run.code(), run.out() + run.err());
    assertTrue(run.result().partial(), run.out());
    assertTrue(run.ok() > 0 && run.ok() < 200, run.out());
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    assertTrue(doc.get("partial").asBoolean());
    JsonNode slo = doc.get("slo");
    assertEquals(2, slo.size());
    assertEquals(
        Millis.of(run.total().latency().p50()).doubleValue(),
        slo.get(0).get("measured").asDouble(),
        1e-9);
    assertTrue(slo.get(0).get("pass").asBoolean());
    assertEquals(false, slo.get(1).get("pass").asBoolean());
  }

  @Test
  void everySloHeldExitsZero() {
    ClientRun run =
        ClientRun.of(
            args("--url", url("/work?ms=1"), "--slo", "p99<30s", "--slo", "rate>=1/s")
                .toArray(String[]::new));

    assertEquals(0, run.code(), run.out() + run.err());
    assertEquals(20, run.ok());
  }

  @Test
  void failedRequestsOutrankAFailedSlo() {
    ClientRun run =
        ClientRun.of(
            args(
                    "--url", url("/sayHello"),
                    "-X", "GET",
                    "--expect-status", "201",
                    "--slo", "p50<1us")
                .toArray(String[]::new));

    assertEquals(20, run.failed());
    assertEquals(1, run.code());
  }

  @ParameterizedTest
  @ValueSource(strings = {"p98<5ms", "p99<5", "nope:p99<5ms", "errors<1", "p99<5parsecs"})
  void aBadSloIsOneLineAndNothingIsSent(String slo) {
    long before = server.stats().answered();

    ClientRun run =
        ClientRun.of(args("--url", url("/work?ms=1"), "--slo", slo).toArray(String[]::new));

    assertEquals(2, run.code());
    assertEquals("", run.out());
    assertEquals(2, run.err().lines().count(), run.err());
    assertTrue(run.err().startsWith("phaseload: --slo '" + slo + "': "), run.err());
    assertTrue(run.runs().isEmpty());
    assertEquals(before, server.stats().answered());
  }

  @Test
  void aScenarioFileCarriesSlosForTheRunAndPerRequest() throws Exception {
    Path file = dir.resolve("s.yaml");
    Files.writeString(
        file,
        """
        slo: p99<30s
        requests:
          - name: slow
            path: /work?ms=5
            slo: [p50<1us, errors<1%]
          - name: fast
            path: /work?ms=1
        """);
    Path json = dir.resolve("s.json");
    ClientRun run =
        ClientRun.of(
            args(
                    "127.0.0.1",
                    String.valueOf(server.port()),
                    "--scenario",
                    file.toString(),
                    "--json",
                    json.toString())
                .toArray(String[]::new));

    assertEquals(3, run.code(), run.out() + run.err());
    JsonNode slo = slos(json);
    assertEquals("p99<30s", slo.get(0).get("expr").asText());
    assertEquals("slow:p50<1us", slo.get(1).get("expr").asText());
    assertEquals(
        Millis.of(run.summary().requests().get(0).latency().p50()).doubleValue(),
        slo.get(1).get("measured").asDouble(),
        1e-9);
    assertEquals(false, slo.get(1).get("pass").asBoolean());
    assertEquals("slow:errors<1%", slo.get(2).get("expr").asText());
  }

  @Test
  void aBadSloInAScenarioFileIsRefused() throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(
        file,
        """
        requests:
          - name: one
            path: /work?ms=1
            slo: p99<5
        """);
    long before = server.stats().answered();

    ClientRun run =
        ClientRun.of(
            args("127.0.0.1", String.valueOf(server.port()), "--scenario", file.toString())
                .toArray(String[]::new));

    assertEquals(2, run.code());
    assertTrue(run.err().startsWith("phaseload: --slo 'one:p99<5': "), run.err());
    assertEquals(before, server.stats().answered());
  }

  @Test
  void theOpenModelIsJudgedFromIntendedTimes() throws Exception {
    Path json = dir.resolve("open.json");
    ClientRun run =
        ClientRun.of(
            "4",
            "1",
            "--url",
            url("/work?ms=2"),
            "--phases",
            "1.0",
            "-q",
            "--rate",
            "100",
            "--phase-seconds",
            "0.5",
            "--slo",
            "p99<30s",
            "--json",
            json.toString());

    assertEquals(0, run.code(), run.out() + run.err());
    assertEquals(
        Millis.of(run.summary().total().latency().p99()).doubleValue(),
        slos(json).get(0).get("measured").asDouble(),
        1e-9);
    assertTrue(run.finished().serviceTime() != null, "an open run has a service time besides");
  }

  @Test
  void reportJudgesARecordAgain() throws Exception {
    Path record = dir.resolve("run.rec");
    ClientRun first =
        ClientRun.of(
            args("--url", url("/work?ms=1"), "--record", record.toString()).toArray(String[]::new));
    assertEquals(0, first.code(), first.err());

    ClientRun held = ClientRun.of("report", record.toString(), "--slo", "GET:p99<30s");
    ClientRun broke = ClientRun.of("report", record.toString(), "--slo", "p50<1us");
    ClientRun bad = ClientRun.of("report", record.toString(), "--slo", "POST:p50<1s");

    assertEquals(0, held.code(), held.out() + held.err());
    assertEquals(3, broke.code(), broke.out() + broke.err());
    assertEquals(2, bad.code());
    assertTrue(bad.err().startsWith("phaseload: --slo 'POST:p50<1s': no request"), bad.err());
  }
}
