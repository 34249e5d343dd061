package io.phaseload.client.engine.loop;

import io.phaseload.client.engine.Origin;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.List;

/**
 * The bytes of one non-blocking connection to an origin, whatever protocol they carry: the socket,
 * its key on the loop's selector (whose attachment is the protocol's {@link LoopChannel}), and TLS
 * on https, with ALPN when the protocol asks for it. It connects, handshakes, writes what the
 * socket takes and reads what it has; when to do each, and what the bytes mean, is the protocol's
 * connection's ({@code engine.http1}, {@code engine.http2}).
 *
 * <p>Loop thread only. Writes go through the loop's write buffer, reads into its read buffer:
 * nothing is allocated per read or write.
 */
public final class LoopSocket {

  /** What a read hands the bytes it took to. */
  public interface Receiver {

    /**
     * Takes {@code b[0, n)}, plaintext the socket gave; returns true to stop the read there (the
     * bytes after, if any, wait for the next {@link #read}).
     */
    boolean received(byte[] b, int n) throws IOException;
  }

  private final EventLoop loop;
  private final LoopChannel owner;
  private final Origin origin;

  /** The connection's TLS; null for plain http. */
  private final LoopTls tls;

  private SocketChannel channel;
  private SelectionKey key;

  /** The key's interest ops as last set. */
  private int interest;

  /** Whether any byte reached the socket since {@link #resetReached}. */
  private boolean reached;

  /**
   * @param owner what the selector reports this socket's readiness to
   * @param alpn the protocols to offer by ALPN on https, most wanted first; empty to offer none
   */
  public LoopSocket(EventLoop loop, LoopChannel owner, Origin origin, List<String> alpn) {
    this.loop = loop;
    this.owner = owner;
    this.tls = origin.tlsContext == null ? null : new LoopTls(origin, alpn);
    this.origin = origin;
  }

  /** Whether a socket is open (connecting, handshaking or connected). */
  public boolean live() {
    return channel != null;
  }

  /** Whether the connection is https. */
  public boolean secure() {
    return tls != null;
  }

  /**
   * Opens a socket and begins its connect: true if it connected at once, else false and it waits
   * for {@code OP_CONNECT} ({@link #finishConnect} when the owner is ready for it).
   */
  public boolean connect() throws IOException {
    reached = false;
    SocketChannel ch = SocketChannel.open();
    channel = ch;
    ch.configureBlocking(false);
    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
    InetSocketAddress address = new InetSocketAddress(origin.host, origin.port);
    if (address.isUnresolved()) {
      throw new UnknownHostException(origin.host);
    }
    key = ch.register(loop.selector, 0, owner);
    interest = 0;
    if (ch.connect(address)) {
      return true;
    }
    interest(SelectionKey.OP_CONNECT);
    return false;
  }

  /** Whether the connect begun is over, on {@code OP_CONNECT}. */
  public boolean finishConnect() throws IOException {
    return channel.finishConnect();
  }

  /** Begins the TLS handshake, once connected; {@link #handshake} goes on with it. */
  public void startTls() throws IOException {
    tls.start();
  }

  /**
   * Goes on with the TLS handshake as far as the socket allows now: true once over, else false and
   * the interest is set to what it waits for.
   */
  public boolean handshake() throws IOException {
    int wait = tls.handshake(channel, loop.readBuffer);
    if (wait != 0) {
      interest(wait);
      return false;
    }
    return true;
  }

  /** The protocol the server chose by ALPN; empty if none was offered or chosen (plain http). */
  public String applicationProtocol() {
    return tls == null ? "" : tls.applicationProtocol();
  }

  /**
   * Writes what it can of {@code b[from, to)}: the bytes the socket takes now, through TLS on
   * https. Returns how many it took; on https those may wait as records ({@link #drained}).
   */
  public int write(byte[] b, int from, int to) throws IOException {
    ByteBuffer buffer = loop.writeBuffer;
    int pos = from;
    if (tls != null) {
      while (true) {
        if (tls.pending()) {
          reached |= tls.drain(channel) > 0;
          if (tls.pending()) {
            return pos - from;
          }
        }
        if (pos == to) {
          return pos - from;
        }
        int n = Math.min(LoopTls.MAX_PLAIN, to - pos);
        buffer.clear();
        buffer.put(b, pos, n).flip();
        pos += tls.wrap(buffer);
      }
    }
    while (pos < to) {
      int n = Math.min(buffer.capacity(), to - pos);
      buffer.clear();
      buffer.put(b, pos, n).flip();
      int w = channel.write(buffer);
      pos += w;
      reached |= w > 0;
      if (w < n) {
        break;
      }
    }
    return pos - from;
  }

  /** Whether every byte {@link #write} took is on the socket: no TLS record waits. */
  public boolean drained() {
    return tls == null || !tls.pending();
  }

  /** Whether any byte reached the socket since the last {@link #resetReached}. */
  public boolean reached() {
    return reached;
  }

  public void resetReached() {
    reached = false;
  }

  /**
   * Reads what the socket has and hands it, decrypted on https, to {@code to} in the loop's read
   * buffer, a piece at a time, until it has no more or {@code to} stops. Returns -1 if the stream
   * ended (or the server sent close_notify) before anything more came, else 0.
   */
  public int read(Receiver to) throws IOException {
    ByteBuffer b = loop.readBuffer;
    if (tls == null) {
      b.clear();
      int n = channel.read(b);
      if (n > 0) {
        to.received(b.array(), n);
      }
      return Math.min(n, 0);
    }
    if (tls.fill(channel) < 0) {
      return -1;
    }
    return unwrap(to);
  }

  /**
   * Hands on what TLS records wait decrypted, as {@link #read} does, without reading the socket.
   */
  public int unwrap(Receiver to) throws IOException {
    ByteBuffer b = loop.readBuffer;
    while (true) {
      b.clear();
      int n = tls.unwrap(b);
      if (n < 0) {
        return -1;
      }
      if (n == 0 || to.received(b.array(), n)) {
        return 0;
      }
    }
  }

  /**
   * Whether bytes the last read took from the socket are still to be handed over: with TLS, records
   * received past where the receiver stopped.
   */
  public boolean moreReceived() {
    return tls != null && tls.received();
  }

  /**
   * Sets the key's interest when it changes. The selector applies a change on its next select, one
   * epoll_ctl each, so a connection keeps the same interest while it can.
   */
  public void interest(int ops) {
    if (interest != ops) {
      interest = ops;
      key.interestOps(ops);
    }
  }

  /** Closes the socket, with close_notify on https if the socket takes it now. */
  public void close() {
    if (channel != null) {
      if (tls != null) {
        tls.close(channel);
      }
      if (key != null) {
        key.cancel();
      }
      try {
        channel.close();
      } catch (IOException e) {
        // nothing to do: the connection is being dropped either way
      }
      channel = null;
      key = null;
    }
  }
}
