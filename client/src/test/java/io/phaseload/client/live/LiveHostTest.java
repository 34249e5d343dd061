package io.phaseload.client.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The live port answers only a {@code Host} that names it (its address or localhost, with or
 * without its port): any other gets 421 on every path, as a DNS-rebinding page would send.
 */
@Timeout(30)
class LiveHostTest {

  @Test
  void answersOnlyItsOwnHost() throws Exception {
    try (LiveServer live =
        LiveServer.start(
            new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0),
            new PrometheusRegistry(),
            "host test")) {
      int port = live.port();
      for (String path : new String[] {"/", "/metrics", "/-/healthy", "/nothing"}) {
        int found = path.equals("/nothing") ? 404 : 200;
        assertEquals(found, status(port, path, "127.0.0.1:" + port), path);
        assertEquals(found, status(port, path, "127.0.0.1"), path);
        assertEquals(found, status(port, path, "localhost:" + port), path);
        assertEquals(found, status(port, path, "LocalHost"), path);
        assertEquals(421, status(port, path, "rebound.example:" + port), path);
        assertEquals(421, status(port, path, "rebound.example"), path);
        assertEquals(421, status(port, path, "127.0.0.1.nip.io:" + port), path);
        assertEquals(421, status(port, path, "localhost:" + (port == 1 ? 2 : port - 1)), path);
        assertEquals(421, status(port, path, "127.0.0.2:" + port), path);
        assertEquals(421, status(port, path, "[::1]:" + port), path);
        assertEquals(421, status(port, path, null), path);
      }
    }
  }

  @Test
  void anIpv6BindAnswersItsLiteral() throws Exception {
    InetAddress v6 = InetAddress.getByName("::1");
    try (LiveServer live =
        LiveServer.start(new InetSocketAddress(v6, 0), new PrometheusRegistry(), "host test")) {
      int port = live.port();
      assertEquals(200, status(v6, port, "/metrics", "[::1]:" + port));
      assertEquals(200, status(v6, port, "/metrics", "[0:0:0:0:0:0:0:1]"));
      assertEquals(200, status(v6, port, "/metrics", "localhost:" + port));
      assertEquals(421, status(v6, port, "/metrics", "127.0.0.1:" + port));
      assertEquals(421, status(v6, port, "/metrics", "[::2]:" + port));
    }
  }

  private static int status(int port, String path, String host) throws IOException {
    return status(InetAddress.getByName("127.0.0.1"), port, path, host);
  }

  /** The status of a GET of {@code path} with this {@code Host} header (none if null). */
  private static int status(InetAddress address, int port, String path, String host)
      throws IOException {
    try (Socket s = new Socket(address, port)) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      String request =
          "GET "
              + path
              + " HTTP/1.1\r\n"
              + (host == null ? "" : "Host: " + host + "\r\n")
              + "Connection: close\r\n\r\n";
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = s.getInputStream();
      byte[] head = in.readNBytes(12);
      String line = new String(head, StandardCharsets.ISO_8859_1);
      return Integer.parseInt(line.substring(9, 12));
    }
  }
}
