package io.phaseload.client.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A service with a known capacity: every request holds one of K slots for S milliseconds, so it
 * answers at most K / S requests per second (4 slots x 10 ms = 400/s); beyond that requests queue
 * for a slot and their latency grows without bound. A JDK HttpServer on 127.0.0.1; runs from tests,
 * and from scripts/bench.sh through {@link #main} (K, S, PORT). Thread-safe.
 */
public final class SlotServer implements AutoCloseable {

  static {
    // The JDK server writes a response's headers and body apart; without TCP_NODELAY, Nagle's
    // algorithm holds the body until the client's delayed ACK, some 40 ms, on every request. Read
    // once, when the JDK's server first starts in this process.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  private final HttpServer server;
  private final ExecutorService workers;
  private final AtomicLong answered = new AtomicLong();

  /** Nanoseconds the slots were held in all: a late wake-up holds a slot past S. */
  private final AtomicLong heldNanos = new AtomicLong();

  private SlotServer(int slots, long holdNanos, int port) throws IOException {
    Semaphore free = new Semaphore(slots, true);
    byte[] body = "ok\n".getBytes(StandardCharsets.US_ASCII);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
    // More workers than any test's threads: the slots, not the pool, must be what queues.
    workers = Executors.newFixedThreadPool(512);
    server.setExecutor(workers);
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            exchange.getRequestBody().readAllBytes();
            free.acquireUninterruptibly();
            long taken = System.nanoTime();
            try {
              hold(holdNanos);
            } finally {
              heldNanos.addAndGet(System.nanoTime() - taken);
              free.release();
            }
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
            answered.incrementAndGet();
          }
        });
    // GET /held: "ANSWERED HELD_NANOS", so that a benchmark can tell K / S from what the slots
    // really held on a busy machine.
    server.createContext(
        "/held",
        exchange -> {
          try (exchange) {
            byte[] b =
                (answered.get() + " " + heldNanos.get() + "\n").getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, b.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(b);
            }
          }
        });
    server.start();
  }

  /** K slots of S ms each on an ephemeral loopback port. */
  public static SlotServer start(int slots, long holdMillis) throws IOException {
    return new SlotServer(slots, TimeUnit.MILLISECONDS.toNanos(holdMillis), 0);
  }

  /** Its capacity, requests per second: K / S. */
  public static double capacity(int slots, long holdMillis) {
    return slots * 1000.0 / holdMillis;
  }

  public int port() {
    return server.getAddress().getPort();
  }

  public String url() {
    return "http://127.0.0.1:" + port() + "/";
  }

  public long answered() {
    return answered.get();
  }

  /** The service time itself: a slot is held, not a thread slept on, for exactly this long. */
  private static void hold(long nanos) {
    long end = System.nanoTime() + nanos;
    for (long left = nanos; left > 0; left = end - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    workers.shutdownNow();
  }

  /** {@code SlotServer K S PORT}: serves until killed, after one line saying where. */
  public static void main(String[] args) throws IOException {
    int slots = Integer.parseInt(args[0]);
    long ms = Long.parseLong(args[1]);
    SlotServer s =
        new SlotServer(slots, TimeUnit.MILLISECONDS.toNanos(ms), Integer.parseInt(args[2]));
    System.out.printf(
        "SlotServer: %d slots x %d ms = %.0f requests/s at %s%n",
        slots, ms, capacity(slots, ms), s.url());
  }
}
