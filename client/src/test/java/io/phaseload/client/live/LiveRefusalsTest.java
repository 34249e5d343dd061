package io.phaseload.client.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.EmbeddedServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What {@code --live} and {@code --push} refuse before the run: a port in use, an address that is
 * not this machine's, a malformed one, a gateway that does not answer. Each gets one line and exit
 * 2, and not a request reaches the server.
 */
class LiveRefusalsTest {

  @RegisterExtension static final EmbeddedServer server = new EmbeddedServer();

  private static ClientRun run(String... options) {
    String[] args = new String[4 + options.length];
    args[0] = "2";
    args[1] = "5";
    args[2] = "127.0.0.1";
    args[3] = String.valueOf(server.port());
    System.arraycopy(options, 0, args, 4, options.length);
    return ClientRun.of(args);
  }

  /** Exit 2, one line on stderr starting as {@code start}, nothing sent. */
  private static void refused(ClientRun run, String start) {
    assertEquals(2, run.code(), run.err());
    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(run.err().startsWith("phaseload: " + start), run.err());
    assertEquals(0, run.runs().size());
    assertEquals(0, server.stats().answered(), "requests that reached the server");
  }

  @Test
  void aPortInUseIsOneLine() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      refused(run("--live", String.valueOf(taken.getLocalPort())), "--live 127.0.0.1:");
    }
  }

  @Test
  void anAddressNotOfThisMachineIsOneLine() {
    // TEST-NET-1 (RFC 5737): an address no machine here holds, so it cannot be bound.
    refused(run("--live", "192.0.2.1:9464"), "--live 192.0.2.1:9464: cannot listen there");
  }

  @Test
  void aMalformedAddressIsAUsageError() {
    ClientRun run = run("--live", "127.0.0.1:http");
    assertEquals(2, run.code(), run.err());
    assertTrue(run.err().startsWith("phaseload: --live takes [ADDR:]PORT"), run.err());
    assertEquals(0, server.stats().answered());
  }

  @Test
  void aGatewayThatDoesNotAnswerIsOneLine() throws Exception {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    refused(
        run("--push", "http://127.0.0.1:" + closed),
        "--push http://127.0.0.1:" + closed + ": the first push failed");
  }

  @Test
  void lingeringNeedsAPage() {
    ClientRun run = run("--live-linger", "5s");
    assertEquals(2, run.code(), run.err());
    assertTrue(run.err().startsWith("phaseload: --live-linger needs --live"), run.err());
  }
}
