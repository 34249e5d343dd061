package io.phaseload.client.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.OpenedAhead;
import io.phaseload.client.stats.ConnectionTimes;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.TestTls;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The open model opens its users' connections in its setup, before the schedule's clock starts:
 * connected and handshaken, each used by its user's first request; those that cannot open are
 * counted with their reasons, within the connect timeout, and the run goes on and reports.
 */
@Timeout(60)
class OpenAheadTest {

  @TempDir Path dir;

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"loop", "threads"})
  void everyUsersHttpsConnectionIsOpenBeforeTheFirstRequest(String engine) throws Exception {
    AtomicReference<ScriptedServer> self = new AtomicReference<>();
    AtomicInteger acceptedAtFirstRequest = new AtomicInteger(-1);
    ScriptedServer.Script ok =
        r -> {
          if (r.index() == 0) {
            acceptedAtFirstRequest.set(self.get().connections());
          }
          return Reply.response(200, "ok");
        };
    try (ScriptedServer server = ScriptedServer.start(ok, TestTls.server())) {
      self.set(server);
      Path json = dir.resolve(engine + ".json");
      ClientRun run =
          ClientRun.of(
              "20",
              "1",
              "--url",
              server.url("/x"),
              "--insecure",
              "--phases",
              "1.0",
              "--rate",
              "100",
              "--phase-seconds",
              "1",
              "--engine",
              engine,
              "--quiet",
              "--json",
              json.toString());
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(100, run.sent());
      assertEquals(100, server.requests());

      OpenedAhead ahead = run.result().openedAhead();
      assertNotNull(ahead);
      assertEquals(20, ahead.users());
      assertEquals(20, ahead.connections());
      assertEquals(20, ahead.opened());
      assertEquals(0, ahead.failed());
      ConnectionTimes times = ConnectionTimes.ofOpenedAhead(ahead);
      assertEquals(20, times.connecting().count());
      assertEquals(20, times.tls().count());
      assertTrue(times.tls().min() > 0);
      // The reachability probe and the 20 users' connections, all accepted (and the client's
      // handshakes over) before the first request; none made again for a first request.
      assertEquals(21, acceptedAtFirstRequest.get());
      assertEquals(21, server.connections());

      JsonNode a = new ObjectMapper().readTree(json.toFile()).get("openedAhead");
      assertEquals(20, a.get("opened").asLong());
      assertEquals(0, a.get("failed").asLong());
      assertEquals(0, a.get("reasons").size());
      assertEquals(20, a.get("tlsHandshakingMs").get("count").asLong());
    }
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"loop", "threads"})
  void connectionsThatDoNotOpenAreCountedWithTheirReasonWithinTheConnectTimeout(String engine)
      throws Exception {
    // A listener that never accepts, with the shortest queue: past the reachability probe and one
    // more, its kernel drops the connects, which then time out.
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Path json = dir.resolve(engine + ".json");
      ClientRun run =
          ClientRun.of(
              "10",
              "1",
              "--url",
              "http://127.0.0.1:" + silent.getLocalPort() + "/x",
              "--connect-timeout",
              "300",
              "--read-timeout",
              "300",
              "--phases",
              "1.0",
              "--rate",
              "10",
              "--phase-seconds",
              "1",
              "--engine",
              engine,
              "--quiet",
              "--json",
              json.toString());
      assertEquals(1, run.code(), run.out() + run.err());
      assertEquals(10, run.result().phases().get(0).arrivals().started());

      OpenedAhead ahead = run.result().openedAhead();
      assertEquals(10, ahead.connections());
      assertEquals(10, ahead.opened() + ahead.failed());
      assertTrue(ahead.failed() >= 8, ahead.failed() + " failed");
      int timedOut = Outcome.failure(Outcome.CONNECT, Reasons.CONNECT_TIMEOUT);
      assertEquals(Map.of(timedOut, ahead.failed()), ahead.failures());
      // Bounded: the connects all began at once, each within its 300 ms.
      assertTrue(ahead.nanos() < 2_000_000_000L, ahead.nanos() + " ns");
      assertTrue(run.result().setupNanos() >= ahead.nanos());

      JsonNode a = new ObjectMapper().readTree(json.toFile()).get("openedAhead");
      assertEquals(ahead.failed(), a.get("failed").asLong());
      JsonNode reason = a.get("reasons").get(0);
      assertEquals("connect", reason.get("kind").asText());
      assertEquals("no connection within the connect timeout", reason.get("reason").asText());
      assertEquals(ahead.failed(), reason.get("count").asLong());
    }
  }

  @Test
  void aConnectionTheServerClosesBeforeItsFirstRequestIsMadeAnew() throws Exception {
    // The server closes connections idle for a second. Two users send every 0.2 s in the first
    // phase; the other two wait 3 s for the second phase's first arrivals, on connections opened
    // before the first: the loop sees the server close them, and their first requests open new
    // ones, which the server counts once each.
    try (PhaseloadServer server =
        PhaseloadServer.start(ServerConfig.ephemeral().withIdleTimeoutSeconds(1))) {
      ClientRun run =
          ClientRun.of(
              "4",
              "1",
              "--url",
              "http://127.0.0.1:" + server.port() + "/work?ms=1",
              "--phases",
              "0.5,1.0",
              "--rate",
              "20",
              "--phase-seconds",
              "3",
              "--quiet");
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(90, run.sent());
      assertEquals(0, run.failed());
      assertEquals(run.sent(), server.stats().received());
      assertEquals(4, run.result().openedAhead().opened());
    }
  }

  @Test
  void aClosedModelOpensNoneAhead() throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      ClientRun run =
          ClientRun.of(
              "4",
              "2",
              "--url",
              "http://127.0.0.1:" + server.port() + "/work?ms=1",
              "--phases",
              "1.0",
              "--quiet");
      assertEquals(0, run.code(), run.out() + run.err());
      assertNull(run.result().openedAhead());
    }
  }
}
