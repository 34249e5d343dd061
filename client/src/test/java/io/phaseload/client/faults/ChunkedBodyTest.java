package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.testing.ClientRun;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Valid chunked bodies of many chunks are read whole on every engine, and an endless one ends on
 * the read timeout with a reason that says so, against a loopback server that writes them.
 */
@Timeout(120)
class ChunkedBodyTest {

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"loop", "threads", "jersey"})
  void readsTwentyThousandOneByteChunks(String engine) throws Exception {
    try (ChunkServer server = new ChunkServer(1, 20_000, 0)) {
      ClientRun run = run(engine, server, "30000");
      assertEquals(10, run.sent(), run.out() + run.err());
      assertEquals(10, run.ok(), run.out() + run.err());
      assertEquals(10, server.requests.get());
      assertEquals(0, run.code());
    }
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"loop", "threads", "jersey"})
  void readsFourMebibytesIn256ByteChunks(String engine) throws Exception {
    try (ChunkServer server = new ChunkServer(256, 4 * 1024 * 1024 / 256, 0)) {
      ClientRun run = run(engine, server, "30000");
      assertEquals(10, run.sent(), run.out() + run.err());
      assertEquals(10, run.ok(), run.out() + run.err());
      assertEquals(10, server.requests.get());
      assertEquals(0, run.code());
    }
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"loop", "threads", "jersey"})
  void anEndlessChunkedBodyEndsOnTheReadTimeout(String engine) throws Exception {
    // A chunk every 20 ms for ever: no read ever waits long, so only a bound on the whole
    // response ends it. The run's deadline here would be 5 s past the connect and read timeouts.
    try (ChunkServer server = new ChunkServer(16, Integer.MAX_VALUE, 20)) {
      ClientRun run =
          ClientRun.of(
              "1",
              "1",
              "--phases",
              "1.0",
              "--url",
              server.url(),
              "--engine",
              engine,
              "--read-timeout",
              "1000");
      assertEquals(1, run.code(), run.out() + run.err());
      assertEquals(1, run.sent());
      assertEquals(1, run.failed("timeout"));
      assertEquals(1, server.requests.get());
      Map.Entry<Integer, Long> reason = run.total().reasons(Outcome.TIMEOUT).get(0);
      assertEquals(
          "response not complete within the read timeout: its body was still arriving",
          run.result().reasons().message(reason.getKey()));
      assertTrue(run.millis() < 6_000, run.millis() + " ms"); // the deadline: 7 s
    }
  }

  private static ClientRun run(String engine, ChunkServer server, String readTimeout) {
    return ClientRun.of(
        "2",
        "5",
        "--phases",
        "1.0",
        "--url",
        server.url(),
        "--engine",
        engine,
        "--read-timeout",
        readTimeout);
  }

  /**
   * Answers every GET with a chunked body of {@code chunks} chunks of {@code size} bytes each,
   * {@code pauseMillis} apart, keeping the connection; counts the requests it read.
   */
  private static final class ChunkServer implements AutoCloseable {
    private final ServerSocket listener;
    private final int size;
    private final int chunks;
    private final long pauseMillis;
    final AtomicInteger requests = new AtomicInteger();

    ChunkServer(int size, int chunks, long pauseMillis) throws IOException {
      this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      this.size = size;
      this.chunks = chunks;
      this.pauseMillis = pauseMillis;
      Thread t = new Thread(this::accept, "chunk-server");
      t.setDaemon(true);
      t.start();
    }

    String url() {
      return "http://127.0.0.1:" + listener.getLocalPort() + "/chunks";
    }

    private void accept() {
      while (!listener.isClosed()) {
        try {
          Socket s = listener.accept();
          Thread t = new Thread(() -> serve(s), "chunk-conn");
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
        byte[] chunk = chunk();
        while (readHead(in)) {
          requests.incrementAndGet();
          out.write(
              "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                  .getBytes(StandardCharsets.ISO_8859_1));
          for (int i = 0; i < chunks; i++) {
            out.write(chunk);
            if (pauseMillis > 0) {
              out.flush();
              Thread.sleep(pauseMillis);
            }
          }
          out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
          out.flush();
        }
      } catch (IOException e) {
        // the client went away
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    /** One chunk: its size line, {@code size} bytes of 'x', its CRLF. */
    private byte[] chunk() {
      String line = Integer.toHexString(size) + "\r\n" + "x".repeat(size) + "\r\n";
      return line.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Reads a request head (GETs have no body); false at the end of the stream. */
    private static boolean readHead(InputStream in) throws IOException {
      int matched = 0;
      while (matched < 4) {
        int c = in.read();
        if (c < 0) {
          return false;
        }
        matched = c == "\r\n\r\n".charAt(matched) ? matched + 1 : c == '\r' ? 1 : 0;
      }
      return true;
    }

    @Override
    public void close() throws IOException {
      listener.close();
    }
  }
}
