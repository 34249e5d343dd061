package io.phaseload.client.engine.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.Tls;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Vars;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.TestEngines;
import io.phaseload.client.testing.TestTls;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The loop engine's https beside the raw engine's: the same outcomes and the same reasons, word for
 * word, for handshakes that fail and for responses cut into records every which way.
 */
@Timeout(60)
class LoopTlsTest {

  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  @Test
  void aServerThatAnswersInPlainHttpFailsTheHandshakeAsOnTheRawEngine() throws Exception {
    String reply = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    try (PlainServer server = new PlainServer(reply)) {
      List<String> raw = run("raw", server.url(), 3, Tls.insecure());
      assertEquals(3, server.accepted.get());
      List<String> loop = run("loop", server.url(), 3, Tls.insecure());
      assertEquals(6, server.accepted.get(), "one connection a request");
      assertEquals(raw, loop);
      assertTrue(loop.get(0).startsWith("io TLS: "), loop.toString());
    }
  }

  @Test
  void aServerThatHangsUpOnTheHelloFailsTheHandshakeAsOnTheRawEngine() throws Exception {
    try (PlainServer server = new PlainServer(null)) {
      List<String> raw = run("raw", server.url(), 3, Tls.insecure());
      List<String> loop = run("loop", server.url(), 3, Tls.insecure());
      assertEquals(6, server.accepted.get(), "one connection a request");
      assertEquals(raw, loop);
      assertEquals("io TLS: Remote host terminated the handshake", loop.get(0));
    }
  }

  @Test
  void aServerThatNeverAnswersTheHelloTimesOutAsOnTheRawEngine() throws Exception {
    // Connections wait in the backlog of a socket that never accepts: the hello goes unanswered.
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      String url = "https://127.0.0.1:" + silent.getLocalPort() + "/sayHello";
      Duration read = Duration.ofMillis(300);
      List<String> raw = run("raw", url, 2, Tls.insecure(), read);
      List<String> loop = run("loop", url, 2, Tls.insecure(), read);
      assertEquals(raw, loop);
      assertEquals(Collections.nCopies(2, "timeout no response within the read timeout"), loop);
    }
  }

  @Test
  void anUntrustedCertificateIsRefusedWithTheRawEnginesReason() throws Exception {
    try (ScriptedServer server = ScriptedServer.start(Reply::contract, TestTls.server())) {
      List<String> raw = run("raw", server.url("/sayHello"), 2, Tls.system());
      List<String> loop = run("loop", server.url("/sayHello"), 2, Tls.system());
      assertEquals(raw, loop);
      assertEquals(
          "io TLS: the server's certificate is not trusted (self-signed or unknown issuer);"
              + " for a self-signed test server, use --insecure",
          loop.get(0));
      assertEquals(0, server.requests());
    }
  }

  @Test
  void responsesCutIntoManyRecordsOrFramedByCloseAreReadWhole() throws Exception {
    // A head longer than three records, kept alive; a body framed by the close (and the server's
    // close_notify) written three bytes a record; then chunks on a new connection.
    String pad = "X-Pad: " + "p".repeat(40_000);
    ScriptedServer.Script script =
        r ->
            switch (r.index()) {
              case 0 -> Reply.contract(r, pad);
              case 1 -> Reply.untilClose(200, Reply.contractBody(r)).trickled(3, 0);
              default -> Reply.chunked(200, Reply.contractBody(r), 5);
            };
    for (String engine : List.of("raw", "loop")) {
      try (ScriptedServer server = ScriptedServer.start(script, TestTls.server())) {
        List<String> outcomes = run(engine, server.url("/sayHello"), 4, Tls.insecure());
        assertEquals(List.of("ok 200", "ok 200", "ok 200", "ok 200"), outcomes, engine);
        assertEquals(4, server.requests(), engine);
        assertEquals(2, server.connections(), engine);
      }
    }
  }

  /** Sends GET, POST, ... through one session; each outcome as "kind status" or "kind reason". */
  private static List<String> run(String engine, String url, int requests, Tls tls) {
    return run(engine, url, requests, tls, TIMEOUT);
  }

  private static List<String> run(String engine, String url, int requests, Tls tls, Duration read) {
    Reasons reasons = new Reasons();
    List<String> outcomes = new ArrayList<>();
    try (Engine e = TestEngines.create(engine, Target.parse(url), 1, TIMEOUT, read, tls, reasons);
        Engine.Session session = e.open()) {
      for (int i = 0; i < requests; i++) {
        int outcome = session.execute(i % 2, Vars.none());
        String kind = Outcome.kindName(Outcome.kind(outcome));
        outcomes.add(
            Outcome.kind(outcome) == Outcome.OK
                ? kind + " " + Outcome.status(outcome)
                : kind + " " + reasons.message(Outcome.reason(outcome)));
      }
    }
    return outcomes;
  }

  /**
   * A server that speaks no TLS: for each connection it reads what comes first (the client's
   * hello), writes {@code reply} if any, and closes.
   */
  private static final class PlainServer implements AutoCloseable {
    final AtomicInteger accepted = new AtomicInteger();
    private final ServerSocket socket;
    private final Thread thread;

    PlainServer(String reply) throws IOException {
      socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      thread =
          new Thread(
              () -> {
                while (!socket.isClosed()) {
                  try (Socket s = socket.accept()) {
                    accepted.incrementAndGet();
                    InputStream in = s.getInputStream();
                    in.read(new byte[4096]);
                    if (reply != null) {
                      OutputStream out = s.getOutputStream();
                      out.write(reply.getBytes(StandardCharsets.US_ASCII));
                      out.flush();
                    }
                  } catch (IOException e) {
                    // closed by the test, or the client went first: the next accept tells which
                  }
                }
              },
              "plain-server");
      thread.start();
    }

    String url() {
      return "https://127.0.0.1:" + socket.getLocalPort() + "/sayHello";
    }

    @Override
    public void close() throws IOException {
      socket.close();
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
