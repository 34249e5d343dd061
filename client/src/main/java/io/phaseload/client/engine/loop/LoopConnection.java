package io.phaseload.client.engine.loop;

import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.Failures;
import io.phaseload.client.engine.Origin;
import io.phaseload.client.engine.Wire;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Vars;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * A user's non-blocking connection to one origin, as its {@link EventLoop} drives it: the part
 * every protocol shares. It is made on its user's first request (within the connect timeout), or
 * before the run's clock starts ({@link #openAhead}), kept while the server keeps it, replaced
 * before the next request when the server said {@code Connection: close}, framed a body by closing,
 * sent bytes nobody asked for, closed it between requests, or any exchange failed; with {@code
 * --no-keepalive}, closed after every response. The retry rule is the raw engine's: a request whose
 * write fails on a connection that already carried a response, or was opened ahead, is sent once
 * more on a new one (the kernel refused the bytes, so the server never saw them); a request written
 * but not answered is never retried.
 *
 * <p>This class owns the socket, TLS, the connect and handshake, the timeouts, the writing of a
 * request's bytes and the reading of a response's, and how a failure is told. The protocol is a
 * subclass in a package of its own, {@code engine.http1.Http1Connection} for HTTP/1.1: it says what
 * bytes a request is ({@link #send}), where its response ends ({@link #received}, {@link #ended})
 * and what was captured from it ({@link #capture}). Each hook is called once per event (a send, a
 * read), never per byte.
 *
 * <p>Loop thread only. Nothing is allocated per request once connected: constant requests are
 * written from their encoded bytes, the response is parsed from the loop's read buffer.
 */
public abstract class LoopConnection implements LoopChannel {

  static final int IDLE = 0;
  static final int CONNECTING = 1;
  static final int WRITING = 2;
  static final int READING = 3;
  static final int HANDSHAKING = 4;

  /** What hears how opening a connection ahead ended. Loop thread only. */
  interface Ahead {

    /** The connection is open, after a connect and a TLS handshake (0 on http) of these ns. */
    void opened(long connectNanos, long tlsNanos);

    /** It could not be opened: {@code failure} is the packed {@link Outcome} a request gets. */
    void failed(int failure);
  }

  /**
   * Makes a user's connection to {@code wire}'s origin number {@code origin} on {@code loop}: one
   * protocol's constructor.
   */
  interface Maker {
    LoopConnection make(EventLoop loop, Caller caller, Wire wire, int origin);
  }

  private final EventLoop loop;
  private final Caller caller;
  private final Runnable tellFailure = this::tellFailure;
  private int failure;
  private final Origin origin;

  /** False with {@code --no-keepalive}: the connection is closed after its one response. */
  private final boolean keepAlive;

  /** The connection's TLS; null for plain http. */
  private final LoopTls tls;

  /** What hears the end of the connect (and handshake) begun by {@link #openAhead}; else null. */
  private Ahead ahead;

  private SocketChannel channel;
  private SelectionKey key;

  /** The key's interest ops as last set. */
  private int interest;

  private int state = IDLE;

  /** When the current step (connect, or the exchange since its last byte) times out. */
  private long deadline;

  /**
   * When the response under way must have ended: the read timeout after its request was written.
   * {@link #deadline} bounds each wait for bytes; this bounds a body that keeps coming.
   */
  private long responseDeadline;

  private byte[] out;
  private int outPos;
  private int outLength;

  /**
   * Whether the connection carried a response, or was opened ahead, so that a failed write was
   * refused by a connection made earlier, and may be retried.
   */
  private boolean reused;

  /** Whether the connection was opened ahead and has carried no request yet. */
  private boolean unused;

  /** Whether any byte of the request reached the socket: after that it counts as sent. */
  private boolean written;

  /** Whether the socket took any byte of the request, so that it may not be sent again. */
  private boolean reached;

  /**
   * {@link System#nanoTime} when the request was handed over, when its connect began, and when its
   * response's first byte came (0 before); the connect's and the TLS handshake's lengths once made.
   * Kept only without keep-alive, where each request opens its connection.
   */
  private long began;

  private long connectStart;
  private long connectedAt;
  private long firstByteAt;
  private long connectNanos;
  private long tlsNanos;

  /**
   * @param loop the loop that drives the connection, and whose buffers it reads and writes through
   * @param caller what hears each request's outcome
   * @param keepAlive false with {@code --no-keepalive}: closed after its one response
   */
  protected LoopConnection(EventLoop loop, Caller caller, Origin origin, boolean keepAlive) {
    this.loop = loop;
    this.caller = caller;
    this.origin = origin;
    this.keepAlive = keepAlive;
    this.tls = origin.tlsContext == null ? null : new LoopTls(origin);
  }

  /**
   * Sends request {@code index} of the iteration, {@code request} to its endpoint {@code endpoint}
   * rendered with {@code vars} (untouched until the answer), in the protocol's bytes, by {@link
   * #exchange}: its caller hears the outcome on a later turn.
   */
  protected abstract void send(EncodedRequest request, int endpoint, int index, Vars vars);

  /**
   * The request's last byte is written: its response is read from now on, each read handed to
   * {@link #received}.
   */
  protected abstract void sent();

  /**
   * Takes {@code b[0, n)}, the bytes the socket gave for the response under way, and returns
   * whether they ended it; once ended, the protocol has called {@link #answered}.
   *
   * @throws IOException if they are not the protocol's: the request fails as {@link Failures} says
   */
  protected abstract boolean received(byte[] b, int n) throws IOException;

  /**
   * The stream ended while the response was under way: the protocol calls {@link #answered} if that
   * ends the response, else throws.
   */
  protected abstract void ended() throws IOException;

  /**
   * Takes request {@code index}'s captures from the last response, just timed, into {@code vars}
   * and returns its outcome ({@link EncodedRequest#capture}).
   */
  protected abstract int capture(int outcome, EncodedRequest request, int index, Vars vars);

  /** The run's failure reasons, which outcomes name. */
  protected final Reasons reasons() {
    return loop.reasons;
  }

  /**
   * Connects, and handshakes on https, with no request to send: {@code done} hears how it ended,
   * from within this call or a later turn of the loop, never both. The connect's and handshake's
   * timeouts bound it as they bound a request's; {@link #abandonAhead} ends it sooner. False, and
   * nothing is done, with {@code --no-keepalive} (each request opens its own connection, whose
   * times are measured) or when connected already.
   */
  final boolean openAhead(Ahead done) {
    if (!keepAlive || channel != null) {
      return false;
    }
    ahead = done;
    written = false;
    reached = false;
    if (loop.aborted()) {
      failed(Outcome.failure(Outcome.NOT_SENT, Reasons.ABORTED));
    } else {
      connect();
    }
    return true;
  }

  /**
   * Ends an opening begun by {@link #openAhead} that is still under way: the connection is closed,
   * and its request, when one comes, opens a new one.
   */
  final void abandonAhead(int failure) {
    if (ahead != null) {
      disconnect();
      failed(failure);
    }
  }

  /**
   * Sends {@code bytes[0, length)}, the request {@link #send} was given, connecting first if need
   * be. Null {@code bytes} is a request the protocol refused to encode ({@link
   * EncodedRequest#safeInHead}): it fails, not sent ({@link EncodedRequest#unsafe}), and the
   * connection is left as it is.
   */
  protected final void exchange(byte[] bytes, int length) {
    if (ahead != null) {
      abandonAhead(
          Outcome.failure(Outcome.CONNECT, loop.reasons.intern("still opening at its first send")));
    }
    out = bytes;
    outPos = 0;
    outLength = length;
    written = false;
    reached = false;
    if (!keepAlive) {
      began = System.nanoTime();
      firstByteAt = 0;
      connectNanos = 0;
      tlsNanos = 0;
    }
    if (loop.aborted()) {
      failed(Outcome.failure(Outcome.NOT_SENT, Reasons.ABORTED));
    } else if (bytes == null) {
      failed(EncodedRequest.unsafe(loop.reasons));
    } else if (channel == null) {
      connect();
    } else {
      write();
    }
  }

  private void connect() {
    reused = false;
    if (timed()) {
      connectStart = System.nanoTime();
    }
    try {
      SocketChannel ch = SocketChannel.open();
      channel = ch;
      ch.configureBlocking(false);
      ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
      InetSocketAddress address = new InetSocketAddress(origin.host, origin.port);
      if (address.isUnresolved()) {
        throw new UnknownHostException(origin.host);
      }
      key = ch.register(loop.selector, 0, this);
      interest = 0;
      if (ch.connect(address)) {
        connected();
      } else {
        state = CONNECTING;
        deadline = loop.now + loop.connectTimeoutNanos;
        interest(SelectionKey.OP_CONNECT);
      }
    } catch (IOException | RuntimeException e) {
      fail(e);
    }
  }

  @Override
  public final void ready(int ops) {
    try {
      if (state == CONNECTING && (ops & SelectionKey.OP_CONNECT) != 0) {
        if (channel.finishConnect()) {
          connected();
        }
      } else if (state == HANDSHAKING) {
        handshake();
      } else if (state == WRITING && (ops & SelectionKey.OP_WRITE) != 0) {
        flush();
      } else if (state == READING && (ops & SelectionKey.OP_READ) != 0) {
        read();
      } else if (state == IDLE && (ops & SelectionKey.OP_READ) != 0) {
        idleRead();
      }
    } catch (IOException | RuntimeException e) {
      fail(e);
    }
  }

  /** The connect just completed: its length, if timed; then the handshake, or the request. */
  private void connected() throws IOException {
    if (timed()) {
      connectedAt = System.nanoTime();
      connectNanos = connectedAt - connectStart;
    }
    if (tls == null) {
      established();
    } else {
      tls.start();
      state = HANDSHAKING;
      handshake();
    }
  }

  /** Goes on with the handshake; once over, its length, if timed, and the request. */
  private void handshake() throws IOException {
    // The read timeout runs from each step, as the raw engine's socket's bounds each of its reads.
    deadline = loop.now + loop.readTimeoutNanos;
    int wait = tls.handshake(channel, loop.readBuffer);
    if (wait != 0) {
      interest(wait);
    } else {
      if (timed()) {
        tlsNanos = System.nanoTime() - connectedAt;
      }
      established();
    }
  }

  /** Connected, and handshaken on https: the request goes, or the opening ahead is over. */
  private void established() {
    if (ahead == null) {
      write();
      return;
    }
    state = IDLE;
    reused = true;
    unused = true;
    // Read interest while idle, as after a response: a server that closes the connection before
    // its first request is seen (idleRead), and the request opens a new one.
    interest(SelectionKey.OP_READ);
    Ahead done = ahead;
    ahead = null;
    done.opened(connectNanos, tlsNanos);
    connectNanos = 0;
    tlsNanos = 0;
  }

  /**
   * Whether the connect and handshake under way are timed: each request's without keep-alive, and
   * an opening's ahead, whose times are the setup's.
   */
  private boolean timed() {
    return !keepAlive || ahead != null;
  }

  /** The current request's TCP connect, in nanoseconds; 0 if it opened none or is not timed. */
  final long connectNanos() {
    return connectNanos;
  }

  /** The current request's TLS handshake, in nanoseconds; 0 if it made none or is not timed. */
  final long tlsNanos() {
    return tlsNanos;
  }

  /** From the request's hand-over to its response's first byte; 0 if none came or not timed. */
  final long firstByteNanos() {
    return firstByteAt == 0 ? 0 : firstByteAt - began;
  }

  private void write() {
    state = WRITING;
    unused = false;
    deadline = loop.now + loop.readTimeoutNanos;
    try {
      written = true;
      flush();
    } catch (IOException e) {
      if (!reused || reached) {
        fail(e);
        return;
      }
      disconnect();
      written = false;
      connect();
    }
  }

  /** Writes what the socket takes now; waits for it to take more, or starts reading. */
  private void flush() throws IOException {
    ByteBuffer b = loop.writeBuffer;
    if (tls != null) {
      if (!flushTls(b)) {
        return;
      }
    } else {
      while (outPos < outLength) {
        int n = Math.min(b.capacity(), outLength - outPos);
        b.clear();
        b.put(out, outPos, n).flip();
        int w = channel.write(b);
        outPos += w;
        reached |= w > 0;
        if (w < n) {
          interest(SelectionKey.OP_WRITE);
          return;
        }
      }
    }
    sent();
    state = READING;
    responseDeadline = loop.now + loop.readTimeoutNanos;
    interest(SelectionKey.OP_READ);
  }

  /**
   * Encrypts the request a record at a time through {@code b} and writes the records; false if the
   * socket took not all of them, to be called again when it takes more.
   */
  private boolean flushTls(ByteBuffer b) throws IOException {
    while (true) {
      if (tls.pending()) {
        reached |= tls.drain(channel) > 0;
        if (tls.pending()) {
          interest(SelectionKey.OP_WRITE);
          return false;
        }
      }
      if (outPos == outLength) {
        return true;
      }
      int n = Math.min(LoopTls.MAX_PLAIN, outLength - outPos);
      b.clear();
      b.put(out, outPos, n).flip();
      outPos += tls.wrap(b);
    }
  }

  /**
   * Sets the key's interest when it changes. The selector applies a change on its next select, one
   * epoll_ctl each, so a connection keeps OP_READ from its first request to its end (idle too, see
   * {@link #idleRead}) and asks for OP_WRITE only while the socket refuses bytes: a user of the
   * open model that waits idle for its next arrival costs no system call to park and unpark.
   */
  private void interest(int ops) {
    if (interest != ops) {
      interest = ops;
      key.interestOps(ops);
    }
  }

  /**
   * The socket is readable between requests: the server closed the connection, or sent bytes nobody
   * asked for. Left for the next request to find, as the raw engine finds it (written into a closed
   * connection, it fails as io and is not retried); only the interest is dropped, until that
   * request is written, so that the selector does not report the same bytes on every turn.
   */
  private void idleRead() throws IOException {
    if (unused) {
      readUnused();
    } else {
      interest(0);
    }
  }

  /**
   * The socket of a connection opened ahead is readable before its first request: a TLS 1.3
   * server's session tickets, which are taken, or the server closing it (its timeout for a first
   * request: Apache's 20 s, server.jar's idle timeout) or sending bytes nobody asked for, after
   * which it is closed here. No request was ever written on it, so its user's first request opens a
   * new one and the server sees that request exactly once.
   */
  private void readUnused() throws IOException {
    ByteBuffer b = loop.readBuffer;
    b.clear();
    int n;
    if (tls == null) {
      n = channel.read(b);
    } else {
      n = tls.fill(channel);
      if (n > 0) {
        n = tls.unwrap(b);
      }
    }
    if (n != 0) {
      disconnect();
    }
  }

  private void read() throws IOException {
    if (tls != null) {
      readTls();
      return;
    }
    ByteBuffer b = loop.readBuffer;
    b.clear();
    int n = channel.read(b);
    if (n < 0) {
      ended();
    } else if (n > 0) {
      if (!keepAlive && firstByteAt == 0) {
        firstByteAt = System.nanoTime();
      }
      deadline = loop.now + loop.readTimeoutNanos;
      if (!received(b.array(), n) && loop.now - responseDeadline >= 0) {
        slow();
      }
    }
  }

  /**
   * Reads records, decrypts them into the loop's read buffer and hands what they hold to the
   * protocol. The end of the stream and the server's close_notify both end a response framed by
   * closing, as they do for the raw engine's {@code SSLSocket} (which does not require
   * close_notify).
   */
  private void readTls() throws IOException {
    ByteBuffer b = loop.readBuffer;
    if (tls.fill(channel) < 0) {
      ended();
      return;
    }
    while (true) {
      b.clear();
      int n = tls.unwrap(b);
      if (n < 0) {
        ended();
        return;
      }
      if (n == 0) {
        return;
      }
      if (!keepAlive && firstByteAt == 0) {
        firstByteAt = System.nanoTime();
      }
      deadline = loop.now + loop.readTimeoutNanos;
      if (received(b.array(), n)) {
        return;
      }
      if (loop.now - responseDeadline >= 0) {
        slow();
        return;
      }
    }
  }

  /**
   * Whether bytes the last read took from the socket are still to be handed over: with TLS, records
   * received past the response's end. Such bytes were sent after the response, by nobody's asking.
   */
  protected final boolean moreReceived() {
    return tls != null && tls.received();
  }

  /**
   * The response under way is whole, with {@code outcome}; the connection is closed if {@code
   * close} (the protocol says it may not carry the next request) or the engine keeps none, and the
   * caller hears the outcome now.
   */
  protected final void answered(int outcome, boolean close) {
    reused = true;
    state = IDLE;
    if (close || !keepAlive) {
      disconnect();
    }
    caller.answered(outcome);
  }

  @Override
  public final void expireAt(long now) {
    if (state != IDLE && now - deadline >= 0) {
      int outcome =
          state == CONNECTING
              ? Outcome.failure(Outcome.CONNECT, Reasons.CONNECT_TIMEOUT)
              : Outcome.failure(Outcome.TIMEOUT, Reasons.READ_TIMEOUT);
      disconnect();
      failed(outcome);
    }
  }

  @Override
  public final void abort() {
    boolean inFlight = state != IDLE;
    disconnect();
    if (inFlight) {
      failed(Outcome.failure(written ? Outcome.IO : Outcome.NOT_SENT, Reasons.ABORTED));
    }
  }

  /** The response's bytes kept coming past the read timeout since its request was written. */
  private void slow() {
    disconnect();
    failed(Failures.slowResponse(loop.reasons));
  }

  private void fail(Throwable e) {
    disconnect();
    failed(Failures.outcomeOf(e, loop.reasons, written, loop.aborted()));
  }

  /**
   * The request failed: its caller hears it on the loop's next turn. An opening ahead that failed
   * is told at once: no request waits on it.
   */
  private void failed(int outcome) {
    if (ahead != null) {
      Ahead done = ahead;
      ahead = null;
      done.failed(outcome);
      return;
    }
    failure = outcome;
    loop.defer(tellFailure);
  }

  private void tellFailure() {
    caller.answered(failure);
  }

  @Override
  public final void disconnect() {
    state = IDLE;
    unused = false;
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
