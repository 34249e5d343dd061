package io.phaseload.lambda.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.common.Contract;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The gateway in this JVM, driven over one keep-alive connection as a load generator drives it. */
@Timeout(60)
class LocalGatewayTest {

  private static final int ROUNDS = 200;

  /**
   * With Nagle's algorithm on, each answer's body waits about 40 ms for the ACK of its head; with
   * {@code TCP_NODELAY} a loopback round trip takes well under a millisecond.
   */
  @Test
  void keepAliveRequestsAreAnsweredWithoutNaglesDelay() throws IOException {
    try (LocalGateway gateway = LocalGateway.start("127.0.0.1", 0, 4);
        Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", gateway.port()), 2_000);
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      byte[] get = request("GET", null);
      byte[] post = request("POST", Contract.POST_BODY);
      long[] nanos = new long[2 * ROUNDS];
      for (int i = 0; i < ROUNDS; i++) {
        long start = System.nanoTime();
        out.write(get);
        out.flush();
        assertEquals(Contract.GET_ANSWER, readAnswer(in));
        long middle = System.nanoTime();
        out.write(post);
        out.flush();
        assertEquals(Contract.POST_ANSWER, readAnswer(in));
        nanos[2 * i] = middle - start;
        nanos[2 * i + 1] = System.nanoTime() - middle;
      }
      Arrays.sort(nanos);
      double medianMs = nanos[nanos.length / 2] / 1e6;
      // Nagle's algorithm with delayed ACKs costs 40 ms an answer; a busy machine's wake-ups, a
      // few.
      assertTrue(medianMs < 35, "median latency " + medianMs + " ms on a keep-alive connection");
      assertEquals(ROUNDS, gateway.getInvocations());
      assertEquals(ROUNDS, gateway.postInvocations());
    }
  }

  private static byte[] request(String method, String body) {
    StringBuilder sb = new StringBuilder();
    sb.append(method).append(' ').append(Contract.PATH).append(" HTTP/1.1\r\n");
    sb.append("Host: 127.0.0.1\r\n");
    if (body != null) {
      sb.append("Content-Type: application/json\r\n");
      sb.append("Content-Length: ").append(body.length()).append("\r\n");
    }
    sb.append("\r\n");
    if (body != null) {
      sb.append(body);
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Reads one 200 response with a Content-Length from a keep-alive connection; its body. */
  private static String readAnswer(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("connection closed after " + head);
      }
      head.write(b);
    }
    String text = head.toString(StandardCharsets.ISO_8859_1);
    assertTrue(text.startsWith("HTTP/1.1 200"), text);
    int length = -1;
    for (String line : text.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
      }
    }
    assertTrue(length >= 0, "no Content-Length in " + text);
    return new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }
}
