package io.phaseload.client.engine.http1;

import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.Failures;
import io.phaseload.client.engine.Wire;
import io.phaseload.client.engine.loop.Caller;
import io.phaseload.client.engine.loop.EventLoop;
import io.phaseload.client.engine.loop.LoopChannel;
import io.phaseload.client.engine.loop.LoopSocket;
import io.phaseload.client.engine.loop.Route;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Vars;
import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.util.List;

/**
 * A user's HTTP/1.1 connection to one origin on an event loop: one request at a time, written as
 * {@link Http1Request} encoded it, its response framed by the one {@link ResponseParser} as the
 * loop reads it. It is made on its user's first request (within the connect timeout), or before the
 * run's clock starts ({@link #openAhead}), kept while the server keeps it, replaced before the next
 * request when the server said {@code Connection: close}, framed a body by closing, sent bytes
 * nobody asked for, closed it between requests, or any exchange failed; with {@code
 * --no-keepalive}, closed after every response. A request whose write fails on a connection that
 * already carried a response, or was opened ahead, is sent once more on a new one (the kernel
 * refused the bytes, so the server never saw them); a request written but not answered is never
 * retried. The socket and TLS are its {@link LoopSocket}'s.
 *
 * <p>Loop thread only. Nothing is allocated per request once connected: constant requests are
 * written from their encoded bytes, the response is parsed in place from the loop's read buffer.
 */
public final class Http1Connection implements LoopChannel, Route, LoopSocket.Receiver {

  private static final int IDLE = 0;
  private static final int CONNECTING = 1;
  private static final int WRITING = 2;
  private static final int READING = 3;
  private static final int HANDSHAKING = 4;

  private final EventLoop loop;
  private final Caller caller;
  private final Runnable tellFailure = this::tellFailure;
  private int failure;
  private final LoopSocket socket;
  private final ResponseParser parser = new ResponseParser();

  /** The scenario's requests as HTTP/1.1 bytes, by their number. */
  private final Http1Request[] encoded;

  /** False with {@code --no-keepalive}: the connection is closed after its one response. */
  private final boolean keepAlive;

  private EncodedRequest request;

  /** The request's number in the iteration and the values it was rendered with, for its check. */
  private int requestIndex;

  private Vars requestVars;

  /** What hears the end of the connect (and handshake) begun by {@link #openAhead}; else null. */
  private Ahead ahead;

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

  /** A connection to {@code wire}'s origin number {@code origin}, driven by {@code loop}. */
  public Http1Connection(EventLoop loop, Caller caller, Wire wire, int origin) {
    this.loop = loop;
    this.caller = caller;
    this.keepAlive = wire.keepAlive();
    this.encoded = wire.http1();
    this.socket = new LoopSocket(loop, this, wire.origins()[origin], ALPN);
  }

  /** What ALPN offers on https: nothing, so that the server speaks HTTP/1.1 as to any client. */
  private static final List<String> ALPN = List.of();

  @Override
  public int ahead() {
    return keepAlive ? 1 : 0;
  }

  /**
   * Connects, and handshakes on https, with no request to send: {@code done} hears how it ended,
   * from within this call or a later turn of the loop, never both. The connect's and handshake's
   * timeouts bound it as they bound a request's; {@link #abandonAhead} ends it sooner. Nothing is
   * done with {@code --no-keepalive} (each request opens its own connection, whose times are
   * measured) or when connected already.
   */
  @Override
  public void openAhead(Ahead done) {
    if (!keepAlive || socket.live()) {
      return;
    }
    ahead = done;
    written = false;
    if (loop.aborted()) {
      failed(Outcome.failure(Outcome.NOT_SENT, Reasons.ABORTED));
    } else {
      connect();
    }
  }

  /**
   * Ends an opening begun by {@link #openAhead} that is still under way: the connection is closed,
   * and its request, when one comes, opens a new one.
   */
  @Override
  public void abandonAhead(int failure) {
    if (ahead != null) {
      disconnect();
      failed(failure);
    }
  }

  @Override
  public void send(EncodedRequest p, int endpoint, int index, Vars vars) {
    Http1Request h = encoded[index];
    byte[] bytes = h.bytes(endpoint, vars);
    request = p;
    requestIndex = index;
    requestVars = vars;
    exchange(bytes, bytes == null ? 0 : h.length(endpoint, vars));
  }

  /**
   * Sends {@code bytes[0, length)}, connecting first if need be. Null {@code bytes} is a request
   * encoding refused ({@link EncodedRequest#safeInHead}): it fails, not sent ({@link
   * EncodedRequest#unsafe}), and the connection is left as it is.
   */
  private void exchange(byte[] bytes, int length) {
    if (ahead != null) {
      abandonAhead(
          Outcome.failure(
              Outcome.CONNECT, loop.reasons().intern("still opening at its first send")));
    }
    out = bytes;
    outPos = 0;
    outLength = length;
    written = false;
    if (!keepAlive) {
      began = System.nanoTime();
      firstByteAt = 0;
      connectNanos = 0;
      tlsNanos = 0;
    }
    if (loop.aborted()) {
      failed(Outcome.failure(Outcome.NOT_SENT, Reasons.ABORTED));
    } else if (bytes == null) {
      failed(EncodedRequest.unsafe(loop.reasons()));
    } else if (!socket.live()) {
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
      if (socket.connect()) {
        connected();
      } else {
        state = CONNECTING;
        deadline = loop.now() + loop.connectTimeoutNanos();
      }
    } catch (IOException | RuntimeException e) {
      fail(e);
    }
  }

  @Override
  public void ready(int ops) {
    try {
      if (state == CONNECTING && (ops & SelectionKey.OP_CONNECT) != 0) {
        if (socket.finishConnect()) {
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
    if (!socket.secure()) {
      established();
    } else {
      socket.startTls();
      state = HANDSHAKING;
      handshake();
    }
  }

  /** Goes on with the handshake; once over, its length, if timed, and the request. */
  private void handshake() throws IOException {
    // The read timeout runs from each step, as the raw engine's socket's bounds each of its reads.
    deadline = loop.now() + loop.readTimeoutNanos();
    if (socket.handshake()) {
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
    socket.interest(SelectionKey.OP_READ);
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
  @Override
  public long connectNanos() {
    return connectNanos;
  }

  /** The current request's TLS handshake, in nanoseconds; 0 if it made none or is not timed. */
  @Override
  public long tlsNanos() {
    return tlsNanos;
  }

  /** From the request's hand-over to its response's first byte; 0 if none came or not timed. */
  @Override
  public long firstByteNanos() {
    return firstByteAt == 0 ? 0 : firstByteAt - began;
  }

  private void write() {
    state = WRITING;
    unused = false;
    deadline = loop.now() + loop.readTimeoutNanos();
    socket.resetReached();
    try {
      written = true;
      flush();
    } catch (IOException e) {
      if (!reused || socket.reached()) {
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
    outPos += socket.write(out, outPos, outLength);
    if (outPos < outLength || !socket.drained()) {
      socket.interest(SelectionKey.OP_WRITE);
      return;
    }
    parser.start(request);
    state = READING;
    responseDeadline = loop.now() + loop.readTimeoutNanos();
    // A connection keeps OP_READ from its first request to its end (idle too, see idleRead) and
    // asks for OP_WRITE only while the socket refuses bytes: a user of the open model that waits
    // idle for its next arrival costs no system call to park and unpark.
    socket.interest(SelectionKey.OP_READ);
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
      socket.interest(0);
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
    if (socket.read(unasked) != 0 || sawUnasked) {
      sawUnasked = false;
      disconnect();
    }
  }

  /** Whether bytes came on a connection opened ahead before its first request. */
  private boolean sawUnasked;

  private final LoopSocket.Receiver unasked =
      (b, n) -> {
        sawUnasked = true;
        return true;
      };

  private void read() throws IOException {
    if (socket.read(this) < 0 && state == READING) {
      parser.endOfStream();
      answer(false);
    }
  }

  /**
   * Takes the bytes a read gave for the response under way: true once they end it, which is then
   * answered, or once the response's time is up, which fails it.
   */
  @Override
  public boolean received(byte[] b, int n) throws IOException {
    if (!keepAlive && firstByteAt == 0) {
      firstByteAt = System.nanoTime();
    }
    deadline = loop.now() + loop.readTimeoutNanos();
    int used = parser.feed(b, 0, n);
    if (parser.done()) {
      answer(used < n || socket.moreReceived());
      return true;
    }
    if (loop.now() - responseDeadline >= 0) {
      slow();
      return true;
    }
    return false;
  }

  /**
   * The response is whole; {@code extra} says bytes nobody asked for came after it. The connection
   * is closed if it may not carry the next request, or the engine keeps none, and the caller hears
   * the outcome now.
   */
  private void answer(boolean extra) {
    int outcome =
        request.outcome(parser.status(), parser.body(), requestVars, requestIndex, loop.reasons());
    reused = true;
    state = IDLE;
    if (extra || !parser.keepAlive() || !keepAlive) {
      disconnect();
    }
    caller.answered(outcome);
  }

  @Override
  public int capture(int outcome, EncodedRequest p, int index, Vars vars) {
    return p.capture(outcome, parser.body(), parser.headers(), vars, index, loop.reasons());
  }

  @Override
  public void expireAt(long now) {
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
  public void abort() {
    boolean inFlight = state != IDLE;
    disconnect();
    if (inFlight) {
      failed(Outcome.failure(written ? Outcome.IO : Outcome.NOT_SENT, Reasons.ABORTED));
    }
  }

  /** The response's bytes kept coming past the read timeout since its request was written. */
  private void slow() {
    disconnect();
    failed(Failures.slowResponse(loop.reasons()));
  }

  private void fail(Throwable e) {
    disconnect();
    failed(Failures.outcomeOf(e, loop.reasons(), written, loop.aborted()));
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
  public void close() {
    disconnect();
  }

  @Override
  public void disconnect() {
    state = IDLE;
    unused = false;
    socket.close();
  }
}
