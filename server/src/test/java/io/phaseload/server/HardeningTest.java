package io.phaseload.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.common.Contract;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Limits a public server needs: bounded heads, idle connections closed, loopback by default. */
class HardeningTest {

  @Test
  void bindsLoopbackUnlessToldOtherwise() throws IOException {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      assertEquals("127.0.0.1", server.baseUri().getHost());
    }
    assertEquals("127.0.0.1", ServerConfig.DEFAULT_HOST);
  }

  @Test
  void oversizedHeadersAreRefusedAndTheServerStillServes() throws IOException {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      String big = "x".repeat(PhaseloadServer.MAX_HEADER_BYTES + 1);
      RawHttp.Response r =
          RawHttp.exchange(
              server.port(),
              "GET /sayHello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + big + "\r\n\r\n");
      // Grizzly refuses the head before Jersey sees it: an error status or a closed connection.
      assertTrue(r.status() == -1 || r.status() >= 400 && r.status() < 500, "got " + r.status());
      String longPath = "/sayHello?" + "q".repeat(PhaseloadServer.MAX_HEADER_BYTES + 1);
      RawHttp.Response line =
          RawHttp.exchange(server.port(), RawHttp.request("GET", longPath, null, null));
      assertTrue(line.status() == -1 || line.status() >= 400 && line.status() < 500);
      assertEquals(
          200,
          RawHttp.exchange(server.port(), RawHttp.request("GET", "/sayHello", null, null))
              .status());
    }
  }

  /**
   * {@code GET /work} answered without Jersey: a connection carries one wait after another, and a
   * client that leaves while its request waits leaves the server serving the rest.
   */
  @Test
  void workWaitsFollowEachOtherOnAConnectionAndOutliveClientsThatLeave() throws Exception {
    byte[] wait =
        "GET /work?ms=20 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      for (int i = 0; i < 3; i++) {
        try (Socket leaving = new Socket()) {
          leaving.connect(new InetSocketAddress("127.0.0.1", server.port()), 2_000);
          leaving.getOutputStream().write(wait);
        }
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 2_000);
        socket.setSoTimeout(10_000);
        InputStream in = socket.getInputStream();
        for (int i = 0; i < 5; i++) {
          socket.getOutputStream().write(wait);
          RawHttp.Response r = RawHttp.read(in);
          assertEquals(200, r.status());
          assertEquals(Contract.GET_ANSWER, r.body());
        }
      }
      // The three leaving requests are parsed on other threads: wait for them, up to 10 s.
      long until = System.nanoTime() + 10_000_000_000L;
      while (server.stats().received() < 8 && System.nanoTime() < until) {
        Thread.sleep(10); // sleeping, not spinning: the threads waited for need the cores
      }
      assertEquals(8, server.stats().received());
      assertEquals(4, server.stats().connections());
    }
  }

  @Test
  void idleKeepAliveConnectionsAreClosed() throws IOException {
    ServerConfig config = ServerConfig.ephemeral().withIdleTimeoutSeconds(1);
    try (PhaseloadServer server = PhaseloadServer.start(config);
        Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 2_000);
      socket
          .getOutputStream()
          .write(
              "GET /sayHello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                  .getBytes(StandardCharsets.ISO_8859_1));
      InputStream in = socket.getInputStream();
      socket.setSoTimeout(10_000);
      assertEquals(200, RawHttp.read(in).status());
      long start = System.nanoTime();
      int next;
      try {
        next = in.read(); // blocks until the server closes the idle connection
      } catch (SocketTimeoutException e) {
        throw new AssertionError("the idle connection was still open after 10 s", e);
      } catch (IOException reset) {
        next = -1;
      }
      long waitedMs = (System.nanoTime() - start) / 1_000_000;
      assertEquals(-1, next);
      assertTrue(waitedMs >= 500 && waitedMs < 5_000, "closed after " + waitedMs + " ms");
    }
  }
}
