package io.phaseload.client.engine.loop;

import io.phaseload.client.engine.Origin;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;

/**
 * The TLS of one {@link LoopSocket} to an https origin: an {@link SSLEngine} per connection made,
 * driven without blocking from the loop, and two buffers of records, those received and not yet
 * decrypted and those encrypted and not yet taken by the socket. The engine trusts what the
 * origin's context trusts and checks the host name and sends SNI as the raw engine's {@code
 * SSLSocket} does, so {@code --insecure} and the trust store behave the same on both engines.
 *
 * <p>The record buffers are made on the first connect and kept for the connections that follow, so
 * that a request allocates none of its own; plaintext goes in from the loop's write buffer and
 * comes out into the loop's read buffer. Delegated tasks (certificate checks) run inline on the
 * loop's thread: one handshake's are short, and handing them to another thread would take a queue
 * and a wake-up back. Loop thread only.
 */
final class LoopTls {

  /** A TLS record carries at most this much plaintext. */
  static final int MAX_PLAIN = 16 * 1024;

  /** The source of a wrap that only makes handshake or alert records. Never written to. */
  private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

  private final Origin origin;

  /** The protocols offered by ALPN, most wanted first; empty to offer none. */
  private final String[] alpn;

  private SSLEngine engine;

  /** Records received and not yet decrypted, from 0 to the position. */
  private ByteBuffer netIn;

  /** Records made and not yet written, from the position to the limit. */
  private ByteBuffer netOut;

  LoopTls(Origin origin, List<String> alpn) {
    this.origin = origin;
    this.alpn = alpn.toArray(new String[0]);
  }

  /** A new engine for a connection just made; its handshake is not begun until {@link #step}. */
  void start() throws SSLException {
    engine = origin.tlsContext.createSSLEngine(origin.host, origin.port);
    engine.setUseClientMode(true);
    SSLParameters params = engine.getSSLParameters();
    params.setEndpointIdentificationAlgorithm(origin.verifyHostname ? "HTTPS" : null);
    if (!origin.serverNames.isEmpty()) {
      params.setServerNames(origin.serverNames);
    }
    if (alpn.length > 0) {
      params.setApplicationProtocols(alpn);
    }
    engine.setSSLParameters(params);
    int size = engine.getSession().getPacketBufferSize();
    if (netIn == null || netIn.capacity() < size) {
      netIn = ByteBuffer.allocate(size);
      netOut = ByteBuffer.allocate(size);
    }
    netIn.clear();
    netOut.clear().flip();
    engine.beginHandshake();
  }

  /**
   * Drives the handshake as far as the socket allows now.
   *
   * @param scratch a buffer of at least {@link #MAX_PLAIN} bytes the handshake may write into
   * @return 0 once the handshake is over and its last record written, else the {@code SelectionKey}
   *     operation it waits for
   * @throws SSLException if the handshake fails (untrusted certificate, not a TLS server)
   */
  int handshake(SocketChannel channel, ByteBuffer scratch) throws IOException {
    while (true) {
      if (netOut.hasRemaining()) {
        drain(channel);
        if (netOut.hasRemaining()) {
          return SelectionKey.OP_WRITE;
        }
      }
      switch (engine.getHandshakeStatus()) {
        case NEED_WRAP -> wrap(NOTHING);
        case NEED_TASK -> runTasks();
        case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
          scratch.clear();
          SSLEngineResult r = unwrapInto(scratch);
          if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
            throw terminated();
          }
          if (r.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
            int n = fill(channel);
            if (n < 0) {
              throw terminated();
            }
            if (n == 0) {
              return SelectionKey.OP_READ;
            }
          }
        }
        default -> {
          return 0;
        }
      }
    }
  }

  /** The protocol the server chose by ALPN once the handshake is over; empty if none. */
  String applicationProtocol() {
    String p = engine == null ? null : engine.getApplicationProtocol();
    return p == null ? "" : p;
  }

  /** What {@code SSLSocket} says when the server closes during the handshake. */
  private static SSLHandshakeException terminated() {
    return new SSLHandshakeException("Remote host terminated the handshake");
  }

  /** Whether records wait to be written. */
  boolean pending() {
    return netOut.hasRemaining();
  }

  /** Writes what records the socket takes now; returns how many bytes it took. */
  int drain(SocketChannel channel) throws IOException {
    return channel.write(netOut);
  }

  /**
   * Encrypts what it can of {@code plain} into one record to write; call only when none is {@link
   * #pending}. Returns how many bytes of {@code plain} it took.
   */
  int wrap(ByteBuffer plain) throws SSLException {
    netOut.clear();
    SSLEngineResult r;
    try {
      r = engine.wrap(plain, netOut);
    } finally {
      netOut.flip();
    }
    if (r.getStatus() != SSLEngineResult.Status.OK) {
      throw new SSLException("cannot send on the connection: " + r.getStatus());
    }
    if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
      runTasks();
    }
    return r.bytesConsumed();
  }

  /** Reads what the socket has into the received records: its count, or -1 at end of stream. */
  int fill(SocketChannel channel) throws IOException {
    return channel.read(netIn);
  }

  /**
   * Decrypts received records into {@code app} (cleared, room for {@link #MAX_PLAIN} bytes) until
   * one gives plaintext. Records that give none (session tickets) are consumed on the way; one that
   * asks for an answer (a key update) has it queued to {@link #pending}.
   *
   * @return the plaintext bytes now in {@code app} from 0; 0 if a whole record has yet to come; -1
   *     once the server sent close_notify
   */
  int unwrap(ByteBuffer app) throws IOException {
    while (netIn.position() > 0) {
      SSLEngineResult r = unwrapInto(app);
      switch (r.getStatus()) {
        case CLOSED:
          return -1;
        case BUFFER_UNDERFLOW:
          return 0;
        case BUFFER_OVERFLOW:
          throw new SSLException("a TLS record larger than " + app.capacity() + " bytes");
        default:
          break;
      }
      if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP && !pending()) {
        wrap(NOTHING);
      }
      if (r.bytesProduced() > 0) {
        return r.bytesProduced();
      }
    }
    return 0;
  }

  /** Whether received bytes wait to be decrypted. */
  boolean received() {
    return netIn.position() > 0;
  }

  private SSLEngineResult unwrapInto(ByteBuffer app) throws SSLException {
    netIn.flip();
    try {
      SSLEngineResult r = engine.unwrap(netIn, app);
      if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
        runTasks();
      }
      return r;
    } catch (SSLException e) {
      throw sameAsSocket(e);
    } finally {
      netIn.compact();
    }
  }

  /**
   * {@code e} in the words {@code SSLSocket} uses for the same failure, so that both engines count
   * it under one reason: they differ only for bytes that are not TLS at all.
   */
  private static SSLException sameAsSocket(SSLException e) {
    String m = e.getMessage();
    return m != null && m.startsWith("Unrecognized SSL message")
        ? new SSLException("Unsupported or unrecognized SSL message", e)
        : e;
  }

  private void runTasks() {
    for (Runnable task = engine.getDelegatedTask(); task != null; ) {
      task.run();
      task = engine.getDelegatedTask();
    }
  }

  /**
   * Ends the connection's TLS: sends close_notify if the socket takes it now (as {@code
   * SSLSocket.close} does), without waiting for the server's.
   */
  void close(SocketChannel channel) {
    SSLEngine e = engine;
    engine = null;
    if (e == null || pending()) {
      return;
    }
    try {
      e.closeOutbound();
      if (e.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP) {
        netOut.clear();
        e.wrap(NOTHING, netOut);
        netOut.flip();
        channel.write(netOut);
      }
    } catch (IOException | RuntimeException ex) {
      // the connection is being dropped either way
    } finally {
      netOut.clear().flip();
    }
  }

  /** Loads and links what a handshake uses, so that the first connection does not wait on disk. */
  static void prepare(Origin origin) throws SSLException {
    LoopTls tls = new LoopTls(origin, List.of());
    tls.start();
    tls.wrap(NOTHING);
    tls.engine.closeOutbound();
  }
}
