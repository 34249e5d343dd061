package io.phaseload.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Thousands of {@code /work?ms=} requests in flight at once, each on its own connection, against a
 * server of two worker threads: every one is answered after its delay, and all of them sooner than
 * a server holding a thread per waiting request could answer them with every thread this JVM has.
 */
class InFlightTest {

  private static final int CONNECTIONS = 2_000;

  private static final int MS = 200;

  private static final byte[] REQUEST =
      ("GET /work?ms=" + MS + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII);

  private int ok;
  private int other;
  private int open;
  private long shortest = Long.MAX_VALUE;

  @Test
  @Timeout(120)
  void thousandsOfWaitsAreAnsweredTogetherFromATimer() throws IOException {
    // Both ends of every connection live in this JVM, plus the jars it has open.
    long files = 2L * CONNECTIONS + 500;
    long limit =
        ((com.sun.management.UnixOperatingSystemMXBean)
                ManagementFactory.getOperatingSystemMXBean())
            .getMaxFileDescriptorCount();
    assumeTrue(limit >= files, "needs about " + files + " open files, ulimit -n is " + limit);
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral().withWorkers(2));
        Selector selector = Selector.open()) {
      InetSocketAddress address = new InetSocketAddress("127.0.0.1", server.port());
      long start = System.nanoTime();
      for (int i = 0; i < CONNECTIONS; i++) {
        connect(selector, address);
      }
      // Counted while every request is in flight (none can be answered before MS): an upper
      // bound on the threads the server could have been holding waits with.
      int threads = ManagementFactory.getThreadMXBean().getThreadCount();
      while (open > 0) {
        selector.select();
        handle(selector);
      }
      long batchNanos = System.nanoTime() - start;
      assertEquals(0, other, "requests that did not get a 200");
      assertEquals(CONNECTIONS, ok);
      assertEquals(CONNECTIONS, server.stats().received());
      assertEquals(CONNECTIONS, server.stats().endpoint("GET " + WorkResource.PATH));
      assertEquals(CONNECTIONS, server.stats().status(200));
      assertTrue(shortest >= MS * 1_000_000L, "a request answered after " + shortest + " ns");
      // A thread per wait: at most `threads` waits at a time, so CONNECTIONS / threads rounds of
      // MS each. The timer must answer the whole batch in half that.
      long threadPerWaitNanos = (long) CONNECTIONS / threads * MS * 1_000_000L;
      assertTrue(
          batchNanos < threadPerWaitNanos / 2,
          "the batch took "
              + batchNanos / 1_000_000
              + " ms; a thread per wait on "
              + threads
              + " threads would take "
              + threadPerWaitNanos / 1_000_000
              + " ms");
    }
  }

  private void connect(Selector selector, InetSocketAddress address) throws IOException {
    SocketChannel channel = SocketChannel.open();
    channel.configureBlocking(false);
    open++;
    Client client = new Client();
    if (channel.connect(address)) {
      send(channel, client);
      channel.register(selector, SelectionKey.OP_READ, client);
    } else {
      channel.register(selector, SelectionKey.OP_CONNECT, client);
    }
  }

  private static void send(SocketChannel channel, Client client) throws IOException {
    client.sentNanos = System.nanoTime();
    ByteBuffer out = ByteBuffer.wrap(REQUEST);
    while (out.hasRemaining()) {
      channel.write(out);
    }
  }

  private void handle(Selector selector) {
    for (SelectionKey key : selector.selectedKeys()) {
      SocketChannel channel = (SocketChannel) key.channel();
      Client client = (Client) key.attachment();
      try {
        if (key.isConnectable()) {
          channel.finishConnect();
          send(channel, client);
          key.interestOps(SelectionKey.OP_READ);
          continue;
        }
        int status = client.responses.receive(channel);
        if (status == 0) {
          continue;
        }
        shortest = Math.min(shortest, System.nanoTime() - client.sentNanos);
        if (status == 200) {
          ok++;
        } else {
          other++;
        }
      } catch (IOException e) {
        other++;
      }
      try {
        channel.close();
      } catch (IOException e) {
        other++;
      }
      open--;
    }
    selector.selectedKeys().clear();
  }

  /** One connection: when its request went out, and its response. */
  private static final class Client {
    private final ResponseReader responses = new ResponseReader();
    private long sentNanos;
  }
}
