package io.phaseload.client.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.phaseload.client.realservers.RealServer;
import io.phaseload.client.realservers.Resource;
import io.phaseload.client.realservers.ServerKind;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard of a real run against server.jar, and one against nginx, pushes to a real Pushgateway
 * (Debian's, started here on loopback): after the run the gateway's request counter, under the job
 * phaseload and the shard's label, is the shard's count of requests sent, exactly. Skipped, saying
 * why, where the gateway is not installed.
 */
@Timeout(120)
class LivePushgatewayTest {

  static final Path GATEWAY = Path.of("/usr/bin/prometheus-pushgateway");

  private static final Pattern SAMPLE =
      Pattern.compile("^phaseload_requests_total\\{([^}]*)\\} (\\S+)$", Pattern.MULTILINE);

  @TempDir Path dir;

  @Test
  void aFreshGatewayHoldsNoSeriesPushedBeforeOnThisMachine() throws Exception {
    // Debian's gateway persists to /var/lib/prometheus/pushgateway.data unless told otherwise: a
    // gateway started by a test keeps its state in the test's directory, and starts empty.
    LocalDaemon.assumeInstalled(GATEWAY, "LivePushgatewayTest");
    int port = LocalDaemon.freePort();
    try (LocalDaemon gateway = LocalDaemon.pushgateway(GATEWAY, port, dir)) {
      String metrics = gateway.get("/metrics").body();
      assertFalse(metrics.contains("push_time_seconds{"), metrics);
    }
  }

  @Test
  void theGatewayHoldsWhatTheShardSentToServerJarExactly() throws Exception {
    LocalDaemon.assumeInstalled(GATEWAY, "LivePushgatewayTest");
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      pushedRun(
          List.of("4", "300", "127.0.0.1", String.valueOf(server.port())),
          () -> server.stats().answered());
    }
  }

  @Test
  void theGatewayHoldsWhatTheShardSentToNginxExactly() throws Exception {
    LocalDaemon.assumeInstalled(GATEWAY, "LivePushgatewayTest");
    assumeTrue(ServerKind.NGINX.installed(), ServerKind.NGINX.notInstalled());
    try (RealServer nginx = RealServer.start(ServerKind.NGINX)) {
      long before = nginx.received();
      pushedRun(
          List.of("4", "300", "--url", nginx.url(Resource.STATIC)),
          () -> nginx.received() - before);
    }
  }

  /**
   * Runs shard 1/2 of {@code target} with {@code --push} to a Pushgateway started here, and checks
   * the gateway's counts against the run's and the server's, whose count of requests answered since
   * the run began {@code answered} gives.
   */
  private void pushedRun(List<String> target, LongSupplier answered) throws Exception {
    int port = LocalDaemon.freePort();
    try (LocalDaemon gateway = LocalDaemon.pushgateway(GATEWAY, port, dir)) {
      List<String> args = new ArrayList<>(target);
      args.addAll(List.of("--shard", "1/2", "--push", "http://127.0.0.1:" + port, "-q"));
      ClientRun run = ClientRun.of(args.toArray(String[]::new));
      assertEquals(0, run.code(), run.err());
      String metrics = gateway.get("/metrics").body();
      double sent = 0;
      int series = 0;
      Matcher m = SAMPLE.matcher(metrics);
      while (m.find()) {
        String labels = m.group(1);
        assertTrue(labels.contains("job=\"phaseload\""), labels);
        assertTrue(labels.contains("shard=\"1/2\""), labels);
        if (!labels.contains("outcome=\"notSent\"")) {
          sent += Double.parseDouble(m.group(2));
          series++;
        }
      }
      assertTrue(series > 0, metrics);
      assertEquals((double) run.sent(), sent, "the gateway's count of requests sent");
      // A server may log a request a little after its answer's last byte.
      assertEquals(
          run.sent(),
          LocalDaemon.poll(answered::getAsLong, n -> n >= run.sent(), 15),
          "what the server answered");
    }
  }
}
