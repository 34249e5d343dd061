package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.testing.ChildClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An answer larger than the client's heap is read and counted, not held: a 256 MiB body to a client
 * of {@code -Xmx64m}, on every engine, is one request sent and one succeeded, with no stack trace.
 * (The Jersey engine held each body whole: its user thread ran out of memory, and the report said
 * sent 0, failed 0 though the server had answered.)
 */
@Timeout(60)
class LargeAnswerTest {

  private static final long BODY = 256L << 20;

  @TempDir Path dir;

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"jersey", "raw", "loop"})
  void anAnswerLargerThanTheHeapIsReadNotHeld(String engine) throws Exception {
    AtomicInteger answered = new AtomicInteger();
    try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread server = new Thread(() -> serve(listener, answered));
      server.setDaemon(true);
      server.start();
      Path json = dir.resolve(engine + ".json");
      ChildClient run =
          ChildClient.run(
              "64m",
              45,
              dir,
              "1",
              "1",
              "--url",
              "http://127.0.0.1:" + listener.getLocalPort() + "/big",
              "--phases",
              "1.0",
              "--engine",
              engine,
              "-q",
              "--json",
              json.toString());

      assertEquals(0, run.code(), run.toString());
      assertFalse(run.stackTrace(), run.toString());
      JsonNode total = new ObjectMapper().readTree(json.toFile()).get("total");
      assertEquals(1, total.get("sent").asLong(), total.toString());
      assertEquals(1, total.get("ok").asLong(), total.toString());
      assertEquals(1, answered.get());
      assertTrue(run.millis() < 40_000, run.millis() + " ms");
    }
  }

  /** Answers each request on its connection with BODY zero bytes, streamed; counts the answers. */
  private static void serve(ServerSocket listener, AtomicInteger answered) {
    byte[] chunk = new byte[64 * 1024];
    while (!listener.isClosed()) {
      try (Socket s = listener.accept()) {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        while (readHead(in)) {
          out.write(
              ("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: "
                      + BODY
                      + "\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
          for (long sent = 0; sent < BODY; sent += chunk.length) {
            out.write(chunk);
          }
          out.flush();
          answered.incrementAndGet();
        }
      } catch (IOException e) {
        // the client went away, or the listener closed: take the next connection, if any
      }
    }
  }

  /** Reads a request's head up to its blank line; false at the end of the stream. */
  private static boolean readHead(InputStream in) throws IOException {
    int state = 0;
    for (int b = in.read(); b >= 0; b = in.read()) {
      state = (b == '\r' || b == '\n') ? state + 1 : 0;
      if (state == 4) {
        return true;
      }
    }
    return false;
  }
}
