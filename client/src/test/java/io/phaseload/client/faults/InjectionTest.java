package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A target may not write the client's requests. A CR, LF or NUL written into a header's value or a
 * path (literally, on the command line or in a scenario) is refused before the run; one that a
 * variable renders there (a value captured from a hostile response, a data row) fails that request,
 * not sent, with a reason of its own, on every engine. The server logs every byte it received: it
 * never sees the injected header or request, and it received exactly what the client counts as
 * sent.
 */
@Timeout(60)
class InjectionTest {

  /**
   * A loopback server that logs the raw bytes it receives and counts the request heads in them (a
   * head ends at an empty line). {@code /login} answers a token, an id and a header, each with line
   * breaks; anything else gets 200.
   */
  static final class RawLogServer implements AutoCloseable {
    static final String LOGIN_BODY =
        "{\"tok\":\"abc\\r\\nX-Evil: 1\",\"id\":\"1 HTTP/1.1\\r\\nX-Evil: 2\\r\\n\\r\\nGET /evil\"}";
    static final String LOGIN =
        "HTTP/1.1 200 OK\r\nX-Tok: abc\rX-Evil: 3\r\nContent-Length: "
            + LOGIN_BODY.length()
            + "\r\n\r\n"
            + LOGIN_BODY;
    static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    final ByteArrayOutputStream log = new ByteArrayOutputStream();
    final AtomicInteger heads = new AtomicInteger();
    final AtomicInteger connections = new AtomicInteger();

    RawLogServer() throws IOException {
      Thread t = new Thread(this::accept, "raw-log-accept");
      t.setDaemon(true);
      t.start();
    }

    String url() {
      return "http://127.0.0.1:" + listener.getLocalPort() + "/";
    }

    String received() {
      synchronized (log) {
        return log.toString(StandardCharsets.ISO_8859_1);
      }
    }

    private void accept() {
      while (!listener.isClosed()) {
        try {
          Socket s = listener.accept();
          connections.incrementAndGet();
          Thread t = new Thread(() -> serve(s), "raw-log-conn");
          t.setDaemon(true);
          t.start();
        } catch (IOException e) {
          return;
        }
      }
    }

    private void serve(Socket s) {
      try (s) {
        InputStream in = new BufferedInputStream(s.getInputStream());
        OutputStream out = s.getOutputStream();
        StringBuilder head = new StringBuilder();
        for (int c = in.read(); c >= 0; c = in.read()) {
          synchronized (log) {
            log.write(c);
          }
          head.append((char) c);
          if (head.toString().endsWith("\r\n\r\n")) {
            heads.incrementAndGet();
            String line = head.toString();
            head.setLength(0);
            out.write(
                (line.startsWith("GET /login ") ? LOGIN : OK).getBytes(StandardCharsets.UTF_8));
            out.flush();
          }
        }
      } catch (IOException e) {
        // the client went away
      }
    }

    @Override
    public void close() throws IOException {
      listener.close();
    }
  }

  static final String HOSTILE =
      """
      data: {file: rows.csv}
      requests:
        - name: login
          path: /login
          capture:
            tok: {json: '$.tok'}
            id: {json: '$.id'}
            h: {header: X-Tok}
        - name: bearer
          path: /api
          headers:
            Authorization: Bearer ${tok}
        - name: item
          path: /items/${id}
        - name: header
          path: /api
          headers:
            X-Tok: ${h}
        - name: row
          path: /api
          headers:
            X-Row: ${data.v}
      """;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads", "jersey"})
  void capturedLineBreaksAreNotSent(String engine, @TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("hostile.yaml"), HOSTILE);
    Files.writeString(dir.resolve("rows.csv"), "v\n\"a\r\nX-Evil: 4\"\n");
    try (RawLogServer server = new RawLogServer()) {
      ClientRun run =
          ClientRun.of(
              "2", "3", "--url", server.url(), "--scenario", file.toString(), "--engine", engine);
      String received = server.received();
      assertFalse(received.contains("X-Evil"), received);
      assertFalse(received.contains("/evil"), received);
      long logins = run.request("login").ok();
      assertTrue(logins > 0, run.out());
      assertEquals(logins, server.heads.get(), received);
      assertEquals(server.heads.get(), run.sent(), run.out());
      for (String name : List.of("bearer", "item", "header", "row")) {
        Group g = run.request(name);
        assertEquals(logins, g.count(Outcome.NOT_SENT), name + "\n" + run.out());
        assertEquals(0, g.sent(), name);
        List<Map.Entry<Integer, Long>> reasons = g.reasons(Outcome.NOT_SENT);
        assertEquals(1, reasons.size(), name);
        assertEquals(
            EncodedRequest.UNSAFE, run.result().reasons().message(reasons.get(0).getKey()));
      }
      assertEquals(4 * logins, run.total().notSent());
      assertEquals(1, run.code(), run.err());
    }
  }

  @Test
  void aLiteralLineBreakInAHeaderIsRefused() throws Exception {
    try (RawLogServer server = new RawLogServer()) {
      ClientRun run =
          ClientRun.of("1", "1", "--url", server.url(), "-H", "X-A: v\r\nX-Injected: 1");
      assertRefused(run, server);
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "headers:\n      X-A: \"v\\r\\nX-Injected: 1\"",
        "headers:\n      X-A: \"v\\0\"",
        "headers:\n      X-A: \"v\\rX-Injected: 1\"",
      })
  void aLiteralLineBreakInAScenarioIsRefused(String part, @TempDir Path dir) throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("s.yaml"), "requests:\n  - name: a\n    path: /a\n    " + part + "\n");
    try (RawLogServer server = new RawLogServer()) {
      assertRefused(
          ClientRun.of("1", "1", "--url", server.url(), "--scenario", file.toString()), server);
    }
  }

  @Test
  void aLiteralLineBreakInAPathIsRefused(@TempDir Path dir) throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("s.yaml"),
            "requests:\n  - name: a\n    path: \"/a HTTP/1.1\\r\\nHost: x\\r\\n\\r\\nGET /evil\"\n");
    try (RawLogServer server = new RawLogServer()) {
      assertRefused(
          ClientRun.of("1", "1", "--url", server.url(), "--scenario", file.toString()), server);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"--url|/a\r\nX: 1", "-X|GET\r\nX: 1"})
  void aLineBreakInTheUrlOrTheMethodIsRefusedInOneLine(String option) throws Exception {
    String[] o = option.split("\\|");
    try (RawLogServer server = new RawLogServer()) {
      String value = o[0].equals("--url") ? server.url().replaceAll("/$", "") + o[1] : o[1];
      String url = o[0].equals("--url") ? value : server.url();
      ClientRun run =
          o[0].equals("--url")
              ? ClientRun.of("1", "1", "--url", url)
              : ClientRun.of("1", "1", "--url", url, o[0], value);
      assertEquals(2, run.code(), run.out() + run.err());
      assertEquals(0, server.connections.get());
      String[] lines = run.err().strip().split("\n");
      assertEquals(2, lines.length, "one reason line and the usage hint:\n" + run.err());
      assertTrue(lines[0].contains("\\r\\nX: 1"), lines[0]);
    }
  }

  private static void assertRefused(ClientRun run, RawLogServer server) {
    assertEquals(2, run.code(), run.out() + run.err());
    assertTrue(run.runs().isEmpty());
    assertEquals(0, server.connections.get());
    String[] lines = run.err().strip().split("\n");
    assertEquals(2, lines.length, "one reason line and the usage hint:\n" + run.err());
    assertTrue(lines[0].startsWith("phaseload: "), lines[0]);
    assertTrue(lines[0].contains("CR, LF or NUL"), lines[0]);
    String err = run.err();
    assertFalse(err.contains("Exception"), err);
  }
}
