package io.phaseload.client.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.report.CsvReport;
import io.phaseload.client.report.Millis;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.stats.ConnectionTimes;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.TestTls;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --no-keepalive} against the real server, which counts the connections it accepts: one per
 * request on every engine, exactly, and as many requests as the client sent; without the option one
 * connection per user.
 */
@Timeout(120)
class NoKeepAliveTest {

  private static final int THREADS = 4;
  private static final int ITERATIONS = 25;

  /** The contract sends two requests an iteration (GET, then POST). */
  private static final int REQUESTS = THREADS * ITERATIONS * 2;

  /** The reachability check's connection. */
  private static final int PROBE = 1;

  @EachEngine
  void everyRequestOpensAndClosesItsOwnConnection(String engine) throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      ClientRun run = run(server, engine, "--no-keepalive");
      assertEquals(0, run.code(), run.out());
      assertEquals(REQUESTS, run.sent(), run.out());
      assertEquals(REQUESTS, run.ok(), run.out());
      assertEquals(run.sent(), server.stats().received(), "the server received what was sent");
      assertEquals(PROBE + run.sent(), server.stats().connections(), "one connection per request");
      ConnectionTimes times = run.summary().connections().orElseThrow();
      // Jersey hides its connects; the socket engines time every one.
      assertEquals(engine.equals("jersey") ? 0 : REQUESTS, times.connecting().count());
      assertEquals(0, times.tls().count(), "plain http has no handshake");
      assertEquals(REQUESTS, times.waiting().count());
      LatencyRecorder rec = run.result().recording();
      for (int k = 0; k < rec.capacity(); k++) {
        long firstByte = rec.firstByteNanos(k);
        assertTrue(firstByte > rec.connectNanos(k), "the first byte comes after the connect");
        assertTrue(firstByte <= rec.latencyNanos(k), "and before the whole response is in");
      }
    }
  }

  @Test
  void theJsonAndTheCsvCarryTheTimes(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("run.json");
    Path csv = dir.resolve("run.csv");
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      ClientRun run =
          run(server, "raw", "--no-keepalive", "--json", json.toString(), "--csv", csv.toString());
      assertEquals(0, run.code(), run.out());
      JsonNode total = new ObjectMapper().readTree(json.toFile()).get("total");
      assertEquals(REQUESTS, total.get("connectingMs").get("count").asLong());
      assertEquals(0, total.get("tlsHandshakingMs").get("count").asLong());
      assertEquals(REQUESTS, total.get("waitingMs").get("count").asLong());
      ConnectionTimes times = run.summary().connections().orElseThrow();
      assertEquals(
          0,
          Millis.of(times.connecting().p99())
              .compareTo(total.get("connectingMs").get("p99").decimalValue()),
          "the JSON's p99 is the summary's");
      List<String> rows = Files.readAllLines(csv);
      assertEquals(CsvReport.HEADER + CsvReport.CONNECTION_COLUMNS, rows.get(0));
      assertEquals(REQUESTS + 1, rows.size());
      for (String row : rows.subList(1, rows.size())) {
        String[] f = row.split(",", -1);
        assertTrue(Double.parseDouble(f[f.length - 3]) > 0, "connect_ms: " + row);
        assertEquals("", f[f.length - 2], "no tls_ms on http: " + row);
        assertTrue(Double.parseDouble(f[f.length - 1]) > 0, "first_byte_ms: " + row);
      }
    }
  }

  /**
   * Jersey hides its handshakes; the socket engines time every one, the loop engine in both models
   * (its open model records from its own code path).
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"raw, closed", "loop, closed", "loop, --rate=200"})
  void tlsHandshakesAreTimedApart(String engine, String model) throws Exception {
    try (ScriptedServer server = ScriptedServer.start(Reply::contract, TestTls.server())) {
      List<String> args =
          new ArrayList<>(
              List.of(
                  "2",
                  "5",
                  "--phases",
                  "1.0",
                  "--contract",
                  "--url",
                  server.url("/sayHello"),
                  "--engine",
                  engine,
                  "--insecure",
                  "--no-keepalive",
                  "--quiet"));
      if (model.startsWith("--rate=")) {
        args.addAll(List.of("--rate", model.substring("--rate=".length())));
      }
      ClientRun run = ClientRun.of(args.toArray(new String[0]));
      assertEquals(0, run.code(), run.out());
      assertEquals(20, run.ok(), run.out());
      assertEquals(PROBE + 20, server.connections(), "one connection per request");
      ConnectionTimes times = run.summary().connections().orElseThrow();
      assertEquals(20, times.connecting().count());
      assertEquals(20, times.tls().count());
      assertTrue(times.tls().min() > 0);
      LatencyRecorder rec = run.result().recording();
      for (int k = 0; k < rec.capacity(); k++) {
        assertTrue(
            rec.connectNanos(k) + rec.tlsNanos(k) < rec.firstByteNanos(k),
            "connect, then handshake, then the first byte");
      }
    }
  }

  @EachEngine
  void withoutItEachUserKeepsOneConnection(String engine) throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      ClientRun run = run(server, engine);
      assertEquals(0, run.code(), run.out());
      assertEquals(REQUESTS, run.sent(), run.out());
      assertEquals(run.sent(), server.stats().received(), "the server received what was sent");
      assertEquals(PROBE + THREADS, server.stats().connections(), "one connection per user");
      assertTrue(run.summary().connections().isEmpty(), "no connection times kept");
      assertEquals(
          RecordLayout.LONGS_PER_REQUEST,
          run.result().recording().stride(),
          "16 bytes a request, as before");
    }
  }

  private static ClientRun run(PhaseloadServer server, String engine, String... more) {
    String[] args = {
      String.valueOf(THREADS),
      String.valueOf(ITERATIONS),
      "127.0.0.1",
      String.valueOf(server.port()),
      "--phases",
      "1.0",
      "--engine",
      engine,
      "--quiet"
    };
    String[] all = new String[args.length + more.length];
    System.arraycopy(args, 0, all, 0, args.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return ClientRun.of(all);
  }
}
