package io.phaseload.client.realservers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.testing.ClientRun;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool's features over HTTP/2, against nginx over h2c: the open model (latency from intended
 * times), stages, SLOs, shards and their merge, and a capacity search. Each run's requests are
 * those nginx logged as HTTP/2, exactly.
 */
@Timeout(240)
class Http2FeaturesTest {

  private static H2RealServer server;

  @BeforeAll
  static void start() throws Exception {
    assumeTrue(H2RealServer.Kind.NGINX.installed(), H2RealServer.Kind.NGINX.notInstalled());
    server = H2RealServer.start(H2RealServer.Kind.NGINX, 16);
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static String url() {
    return server.h2cUrl("/index.txt");
  }

  /** Requests nginx logged as HTTP/2 since {@code before}, once they are all written. */
  private static long since(long before, long expected) throws Exception {
    return server.awaitReceived("HTTP/2", before + expected) - before;
  }

  @Test
  void theOpenModelOverSharedConnectionsSendsEveryArrival() throws Exception {
    long before = server.received("HTTP/2");
    ClientRun run =
        ClientRun.of(
            "20",
            "--rate",
            "400",
            "--for",
            "2s",
            "--url",
            url(),
            "--http2",
            "--connections",
            "2",
            "--streams",
            "8");
    assertEquals(0, run.code(), run.out());
    assertEquals(800, run.sent());
    assertEquals(run.sent(), run.ok());
    assertEquals(run.sent(), since(before, run.sent()));
  }

  @Test
  void stagesAndAnSloRunOverHttp2() throws Exception {
    long before = server.received("HTTP/2");
    ClientRun run =
        ClientRun.of(
            "10",
            "1000",
            "--stages",
            "1s:10,1s:10",
            "--url",
            url(),
            "--http2",
            "--connections",
            "3",
            "--slo",
            "p99<5s",
            "--slo",
            "errors<1%");
    assertEquals(0, run.code(), run.out());
    assertEquals(run.sent(), run.ok());
    assertEquals(run.sent(), since(before, run.sent()));
  }

  @Test
  void shardsOverHttp2MergeToWhatTheServerLogged(@TempDir Path dir) throws Exception {
    long before = server.received("HTTP/2");
    List<ClientRun> shards =
        ClientRun.shards(dir, 2, "10", "30", "--url", url(), "--http2", "--connections", "2");
    ClientRun merged = ClientRun.report(dir, 2);
    assertEquals(0, merged.code(), merged.out());
    assertEquals(shards.get(0).sent() + shards.get(1).sent(), merged.sent());
    assertEquals(merged.sent(), merged.ok());
    assertEquals(merged.sent(), since(before, merged.sent()));
    assertTrue(merged.out().contains("Protocol: HTTP/2, 2 connections shared"), merged.out());
  }

  @Test
  void aCapacitySearchStepsOverHttp2(@TempDir Path dir) throws Exception {
    long before = server.received("HTTP/2");
    Path json = dir.resolve("capacity.json");
    ClientRun run =
        ClientRun.of(
            "capacity",
            "--url",
            url(),
            "--http2",
            "--connections",
            "2",
            "--slo",
            "p99<5s",
            "--start-rate",
            "100",
            "--max-rate",
            "200",
            "--step-seconds",
            "1",
            "--warm-up-seconds",
            "1",
            "--threads",
            "8",
            "--json",
            json.toString());
    assertEquals(0, run.code(), run.out() + run.err());
    JsonNode steps = new ObjectMapper().readTree(json.toFile()).at("/capacity/steps");
    long sent = 0;
    for (JsonNode s : steps) {
      sent += s.get("requests").asLong();
    }
    assertTrue(steps.size() >= 2, steps.toString());
    long logged = since(before, sent);
    assertTrue(logged >= sent, "every step's request reached nginx: " + logged + " of " + sent);
  }
}
