package io.phaseload.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.phaseload.common.Contract;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * More clients connecting at once than the kernel's accept queue holds, while hundreds of others
 * keep the default server's I/O threads busy with requests: every connection is accepted and
 * answered, the server counts exactly what was sent, and the kernel drops no handshake for a full
 * accept queue (TcpExt ListenOverflows in /proc/net/netstat, counted for the whole machine, so
 * another process overflowing its own queue meanwhile would fail this test too).
 */
class BurstTest {

  /**
   * Connections that request without pause from before the burst until it is done. They give the
   * selector threads the work that, when the listening socket's own selector ran requests, let its
   * accepts fall behind.
   */
  private static final int BUSY = 1_000;

  /** Burst connections beyond the accept queue's length: fewer could never overflow it. */
  private static final int BEYOND_QUEUE = 1_000;

  private static final int REQUESTS_EACH = 5;

  /** Burst connections opened between two looks at the busy ones, so they keep requesting. */
  private static final int BATCH = 50;

  private static final byte[] REQUEST =
      ("GET " + Contract.PATH + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII);

  private int ok;
  private int other;
  private int sent;
  private int open;
  private int burstOpen;

  @Test
  @Timeout(60)
  void aBurstBeyondTheAcceptQueueIsAcceptedWhileRequestsRun() throws IOException {
    Path somaxconn = Path.of("/proc/sys/net/core/somaxconn");
    assumeTrue(Files.isReadable(somaxconn), "needs Linux's /proc/sys/net/core/somaxconn");
    int queue =
        Math.min(
            Integer.parseInt(Files.readString(somaxconn).trim()), PhaseloadServer.ACCEPT_BACKLOG);
    int burst = queue + BEYOND_QUEUE;
    // Both ends of every connection live in this JVM, plus the jars it has open.
    long files = 2L * (BUSY + burst) + 500;
    long limit =
        ((com.sun.management.UnixOperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean())
            .getMaxFileDescriptorCount();
    assumeTrue(
        limit >= files,
        "needs about " + files + " open files, ulimit -n is " + limit + " (.ci/run raises it)");
    long overflows = listenOverflows();
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral());
        Selector selector = Selector.open()) {
      InetSocketAddress address = new InetSocketAddress("127.0.0.1", server.port());
      burstOpen = burst;
      for (int i = 0; i < BUSY; i++) {
        connect(selector, address, new Client(true));
      }
      while (ok < BUSY) {
        selector.select();
        handle(selector);
      }
      for (int i = 0; i < burst; i++) {
        connect(selector, address, new Client(false));
        if (i % BATCH == BATCH - 1) {
          selector.selectNow();
          handle(selector);
        }
      }
      while (open > 0) {
        selector.select();
        handle(selector);
      }
      assertEquals(0, other, "requests that did not get a 200");
      assertEquals(sent, ok);
      assertEquals(sent, server.stats().endpoint("GET " + Contract.PATH));
    }
    assertEquals(0, listenOverflows() - overflows, "handshakes dropped for a full accept queue");
  }

  private void connect(Selector selector, InetSocketAddress address, Client client)
      throws IOException {
    SocketChannel channel = SocketChannel.open();
    channel.configureBlocking(false);
    open++;
    if (channel.connect(address)) {
      send(channel);
      channel.register(selector, SelectionKey.OP_READ, client);
    } else {
      channel.register(selector, SelectionKey.OP_CONNECT, client);
    }
  }

  private void send(SocketChannel channel) throws IOException {
    ByteBuffer out = ByteBuffer.wrap(REQUEST);
    while (out.hasRemaining()) {
      channel.write(out);
    }
    sent++;
  }

  private void handle(Selector selector) {
    for (SelectionKey key : selector.selectedKeys()) {
      SocketChannel channel = (SocketChannel) key.channel();
      Client client = (Client) key.attachment();
      try {
        if (key.isConnectable()) {
          channel.finishConnect();
          send(channel);
          key.interestOps(SelectionKey.OP_READ);
          continue;
        }
        int status = client.responses.receive(channel);
        if (status == 0) {
          continue;
        }
        if (status == 200) {
          ok++;
        } else {
          other++;
        }
        if (client.busy ? burstOpen > 0 : client.responses.answered() < REQUESTS_EACH) {
          send(channel);
          continue;
        }
      } catch (IOException e) {
        other++;
      }
      if (!client.busy) {
        burstOpen--;
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

  /** The machine's count of handshakes dropped for a full accept queue. */
  private static long listenOverflows() throws IOException {
    List<String> lines = Files.readAllLines(Path.of("/proc/net/netstat"));
    for (int i = 0; i + 1 < lines.size(); i++) {
      if (lines.get(i).startsWith("TcpExt:")) {
        List<String> names = List.of(lines.get(i).split(" "));
        return Long.parseLong(lines.get(i + 1).split(" ")[names.indexOf("ListenOverflows")]);
      }
    }
    throw new IOException("no TcpExt ListenOverflows in /proc/net/netstat");
  }

  /** One connection: whether it is a busy one, and its responses. */
  private static final class Client {
    private final ResponseReader responses = new ResponseReader();
    private final boolean busy;

    Client(boolean busy) {
      this.busy = busy;
    }
  }
}
