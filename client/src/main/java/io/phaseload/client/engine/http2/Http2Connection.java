package io.phaseload.client.engine.http2;

import io.netty.handler.codec.http2.Http2Exception;
import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.Failures;
import io.phaseload.client.engine.Origin;
import io.phaseload.client.engine.loop.EventLoop;
import io.phaseload.client.engine.loop.LoopChannel;
import io.phaseload.client.engine.loop.LoopSocket;
import io.phaseload.client.engine.loop.Route;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.util.List;

/**
 * An HTTP/2 connection the users of one loop share (RFC 9113): streams multiplexed on one socket,
 * at most {@link #limit} open at once, the routes beyond it waiting in order for one to close (that
 * wait is timed: {@link Http2Stream#streamWaitNanos}). It writes the preface and its SETTINGS,
 * waits for the server's before its first stream, answers SETTINGS and PING, keeps both sides' flow
 * control (the server's windows bound the bodies it sends; its own are opened wide and given back
 * as DATA is read), and follows GOAWAY (the streams above the last the server processed fail as
 * refused, the rest finish, and the connection is replaced for those still waiting) and RST_STREAM.
 * Frames are its own; header blocks are HPACK through Netty ({@link RequestBlock}, {@link
 * ResponseFields}).
 *
 * <p>Made on h2c with prior knowledge, or on https when ALPN chose {@code h2}. Loop thread only.
 * Requests without variables are written from header blocks encoded once; DATA is read in place
 * from the loop's buffer, the kept bytes copied.
 */
final class Http2Connection implements LoopChannel, LoopSocket.Receiver {

  private static final int IDLE = 0;
  private static final int CONNECTING = 1;
  private static final int HANDSHAKING = 2;

  /** The preface is written; no stream opens before the server's SETTINGS. */
  private static final int SETTLING = 3;

  private static final int READY = 4;

  /** The server sent GOAWAY: the streams it took finish, and no new one opens here. */
  private static final int GOING_AWAY = 5;

  /** The window this side gives the server, per stream and for the connection: h2load's 2^30-1. */
  static final int RECEIVE_WINDOW = (1 << 30) - 1;

  /** The ALPN protocols offered on https: HTTP/2 alone, since the run was told to speak it. */
  static final List<String> ALPN = List.of("h2");

  private final EventLoop loop;
  private final LoopSocket socket;
  private final Http2Request[] requests;

  /** The most streams this side opens at once; 0 for as many as the server allows. */
  private final int maxStreams;

  private RequestBlock block;
  private ResponseFields fields;

  private int state = IDLE;
  private long deadline;

  /** What hears the end of the opening begun ahead of the run; else null. */
  private Route.Ahead ahead;

  private long connectStart;
  private long connectedAt;
  private long connectNanos;
  private long tlsNanos;

  /** The routes that joined this connection and have not left: when none is left it closes. */
  private int routes;

  // Streams: open ones by id, and the routes waiting for one, first come first served.
  private final StreamTable open = new StreamTable();
  private int nextStream;
  private Http2Stream waitingHead;
  private Http2Stream waitingTail;

  /** Counts the sessions begun on this connection's socket: a read stops when it changes. */
  private int session;

  /** Responses completed in this session; and the error code of the GOAWAY that ends it. */
  private long answeredInSession;

  private long goAwayCode;

  // The server's settings, and this side's send windows.
  private long serverMaxStreams;
  private int serverInitialWindow;
  private int serverMaxFrame;
  private long sendWindow;

  /** Bytes received on the connection not yet given back by WINDOW_UPDATE. */
  private int unacknowledged;

  private final Outbox outbox = new Outbox();

  /** Whether a read is handing bytes over: frames written meanwhile go out once it is done. */
  private boolean reading;

  private final FrameReader frames = new FrameReader(new Handler());

  /** The session a read began in: the read stops when it ends. */
  private int readSession;

  // The frame at hand: its type, flags, stream and payload, as the reader handed it over.
  private int frameLength;
  private int frameFlags;
  private int frameStream;
  private byte[] payload;

  /** The DATA frame's stream under way; null if none is, or its stream is gone. */
  private Http2Stream dataStream;

  /** The flags of the HEADERS frame whose block CONTINUATION frames go on with. */
  private int continuingFlags;

  Http2Connection(EventLoop loop, Origin origin, Http2Request[] requests, int maxStreams) {
    this.loop = loop;
    this.requests = requests;
    this.maxStreams = maxStreams;
    this.socket = new LoopSocket(loop, this, origin, ALPN);
  }

  /** A route counts itself among this connection's. */
  void join() {
    routes++;
  }

  /** A route is done with this connection: the last one closes it. */
  void leave(Http2Stream r) {
    if (r.stream != 0) {
      reset(r, Frames.CANCEL);
      forget(r);
    } else {
      unqueue(r);
    }
    if (--routes == 0) {
      disconnect();
    }
  }

  /** Opens the connection before the run's clock starts; {@code done} hears when it is ready. */
  void openAhead(Route.Ahead done) {
    if (state != IDLE) {
      done.opened(0, 0);
      return;
    }
    ahead = done;
    if (loop.aborted()) {
      failAhead(Outcome.failure(Outcome.NOT_SENT, Reasons.ABORTED));
    } else {
      connect();
    }
  }

  void abandonAhead(int failure) {
    if (ahead != null) {
      disconnect();
      failAhead(failure);
    }
  }

  private void failAhead(int failure) {
    Route.Ahead done = ahead;
    ahead = null;
    done.failed(failure);
  }

  /**
   * Sends {@code r}'s request on a stream of its own: at once if one is free, else once one is;
   * connects first if the connection is not open.
   */
  void submit(Http2Stream r) {
    if (loop.aborted()) {
      r.failed(Outcome.failure(Outcome.NOT_SENT, Reasons.ABORTED));
      return;
    }
    r.nextWaiting = null;
    if (waitingTail == null) {
      waitingHead = r;
    } else {
      waitingTail.nextWaiting = r;
    }
    waitingTail = r;
    if (state == IDLE) {
      connect();
    } else if (state == READY) {
      openWaiting();
      if (waitingHead != null) {
        r.blockedAt = r.handedAt; // every stream the limits allow is open: it waits from now
      }
      if (!reading) {
        flush();
      }
    }
  }

  /** The most streams open at once: this side's limit, within the server's. */
  private long limit() {
    return maxStreams == 0 ? serverMaxStreams : Math.min(maxStreams, serverMaxStreams);
  }

  /** Opens streams for the waiting routes while the limits let it. */
  private void openWaiting() {
    while (waitingHead != null && state == READY && open.size() < limit()) {
      if (nextStream < 0) {
        // Stream ids ran out (2^31): a new connection takes the rest, once these are done.
        state = GOING_AWAY;
        closeIfDone();
        return;
      }
      Http2Stream r = waitingHead;
      waitingHead = r.nextWaiting;
      if (waitingHead == null) {
        waitingTail = null;
      }
      r.nextWaiting = null;
      open(r);
    }
  }

  private void open(Http2Stream r) {
    Http2Request h = requests[r.index];
    if (!h.encode(r.endpoint, r.vars, block)) {
      r.failed(EncodedRequest.unsafe(loop.reasons()));
      return;
    }
    int id = nextStream;
    nextStream += 2;
    r.stream = id;
    r.streamWaitNanos = r.blockedAt == 0 ? 0 : System.nanoTime() - r.blockedAt;
    open.put(r);
    EncodedRequest p = r.request;
    r.body.start(p.keep);
    r.headers.start(p.keepHeaders, p.cookies);
    r.status = 0;
    r.unacknowledged = 0;
    r.sendWindow = serverInitialWindow;
    r.deadline = loop.now() + loop.readTimeoutNanos();
    r.responseDeadline = r.deadline;
    boolean body = block.bodyLength > 0;
    writeHeaders(id, block.headers, block.headersLength, !body);
    r.bodyBytes = block.body;
    r.bodyAt = 0;
    r.bodyEnd = block.bodyLength;
    if (body) {
      sendBody(r);
    }
  }

  /** A header block as HEADERS and, past the server's frame size, CONTINUATION frames. */
  private void writeHeaders(int id, byte[] b, int n, boolean endStream) {
    int first = Math.min(n, serverMaxFrame);
    int flags = (endStream ? Frames.END_STREAM : 0) | (first == n ? Frames.END_HEADERS : 0);
    frame(Frames.HEADERS, flags, id, b, 0, first);
    for (int at = first; at < n; ) {
      int k = Math.min(n - at, serverMaxFrame);
      frame(Frames.CONTINUATION, at + k == n ? Frames.END_HEADERS : 0, id, b, at, k);
      at += k;
    }
  }

  /** Sends what the windows let of {@code r}'s body, the last DATA frame ending the stream. */
  private void sendBody(Http2Stream r) {
    while (r.bodyAt < r.bodyEnd) {
      long room = Math.min(Math.min(sendWindow, r.sendWindow), serverMaxFrame);
      if (room <= 0) {
        return; // a WINDOW_UPDATE sends the rest
      }
      int k = (int) Math.min(room, r.bodyEnd - r.bodyAt);
      boolean last = r.bodyAt + k == r.bodyEnd;
      frame(Frames.DATA, last ? Frames.END_STREAM : 0, r.stream, r.bodyBytes, r.bodyAt, k);
      r.bodyAt += k;
      sendWindow -= k;
      r.sendWindow -= k;
    }
  }

  // ----- the socket

  private void connect() {
    connectStart = System.nanoTime();
    try {
      if (socket.connect()) {
        connected();
      } else {
        state = CONNECTING;
        deadline = loop.now() + loop.connectTimeoutNanos();
      }
    } catch (IOException | RuntimeException e) {
      failConnection(e);
    }
  }

  @Override
  public void ready(int ops) {
    try {
      if (state == CONNECTING) {
        if ((ops & SelectionKey.OP_CONNECT) != 0 && socket.finishConnect()) {
          connected();
        }
      } else if (state == HANDSHAKING) {
        handshake();
      } else if (state != IDLE) {
        if ((ops & SelectionKey.OP_WRITE) != 0) {
          flush();
        }
        if ((ops & SelectionKey.OP_READ) != 0 && socket.live()) {
          read();
        }
      }
    } catch (IOException | RuntimeException e) {
      failConnection(e);
    }
  }

  private void connected() throws IOException {
    connectedAt = System.nanoTime();
    connectNanos = connectedAt - connectStart;
    if (!socket.secure()) {
      established();
    } else {
      socket.startTls();
      state = HANDSHAKING;
      handshake();
    }
  }

  private void handshake() throws IOException {
    deadline = loop.now() + loop.readTimeoutNanos();
    if (socket.handshake()) {
      tlsNanos = System.nanoTime() - connectedAt;
      if (!socket.applicationProtocol().equals("h2")) {
        String chose = socket.applicationProtocol();
        throw new IOException(
            "the server did not choose HTTP/2 by ALPN ("
                + (chose.isEmpty() ? "it chose nothing" : "it chose " + chose)
                + ")");
      }
      established();
    }
  }

  /** Connected (and handshaken): a new HTTP/2 session begins with the preface and SETTINGS. */
  private void established() {
    session++;
    answeredInSession = 0;
    fields = new ResponseFields();
    block = new RequestBlock();
    nextStream = 1;
    serverMaxStreams = Long.MAX_VALUE;
    serverInitialWindow = Frames.DEFAULT_WINDOW;
    serverMaxFrame = Frames.DEFAULT_MAX_FRAME;
    sendWindow = Frames.DEFAULT_WINDOW;
    unacknowledged = 0;
    frames.reset();
    outbox.clear();
    state = SETTLING;
    deadline = loop.now() + loop.readTimeoutNanos();
    outbox.append(Frames.PREFACE, 0, Frames.PREFACE.length);
    byte[] settings = new byte[12];
    setting(settings, 0, Frames.SETTINGS_ENABLE_PUSH, 0);
    setting(settings, 6, Frames.SETTINGS_INITIAL_WINDOW_SIZE, RECEIVE_WINDOW);
    frame(Frames.SETTINGS, 0, 0, settings, 0, settings.length);
    outbox.windowUpdate(0, RECEIVE_WINDOW - Frames.DEFAULT_WINDOW);
    flush();
  }

  private static void setting(byte[] b, int at, int id, int value) {
    b[at] = (byte) (id >>> 8);
    b[at + 1] = (byte) id;
    Frames.putInt(b, at + 2, value);
  }

  // ----- writing

  private void frame(int type, int flags, int stream, byte[] b, int from, int n) {
    outbox.frame(type, flags, stream, b, from, n);
  }

  private void reset(Http2Stream r, int code) {
    outbox.rstStream(r.stream, code);
    if (!reading) {
      flush();
    }
  }

  /** Writes what the socket takes of the frames waiting; asks to write more when it takes more. */
  private void flush() {
    if (!socket.live() || state < SETTLING) {
      return;
    }
    boolean done;
    try {
      done = outbox.writeTo(socket);
    } catch (IOException e) {
      failConnection(e);
      return;
    }
    socket.interest(done ? SelectionKey.OP_READ : SelectionKey.OP_READ | SelectionKey.OP_WRITE);
  }

  // ----- reading

  private void read() throws IOException {
    reading = true;
    int end;
    try {
      end = socket.read(this);
    } finally {
      reading = false;
    }
    if (end < 0) {
      failConnection(new EOFException("the server closed the connection"));
      return;
    }
    flush();
  }

  @Override
  public boolean received(byte[] b, int n) throws IOException {
    readSession = session;
    try {
      return frames.read(b, n);
    } catch (FrameReader.Error e) {
      throw protocolError(e.code, e.getMessage());
    }
  }

  /** The frames read, handed to this connection's handlers. */
  private final class Handler implements FrameReader.Handler {
    @Override
    public void dataBegins(int stream, int flags, int length) {
      frameFlags = flags;
      dataStream = open.find(stream);
      received(length);
    }

    @Override
    public void data(byte[] b, int from, int n) {
      if (dataStream != null) {
        dataStream.body.keep(b, from, n);
        dataStream.deadline = loop.now() + loop.readTimeoutNanos();
      }
    }

    @Override
    public void dataEnds() {
      Http2Stream r = dataStream;
      dataStream = null;
      if (r != null && (frameFlags & Frames.END_STREAM) != 0) {
        complete(r);
      }
    }

    @Override
    public void frame(int type, int flags, int stream, byte[] bytes, int length)
        throws IOException {
      frameFlags = flags;
      frameStream = stream;
      payload = bytes;
      frameLength = length;
      Http2Connection.this.frame(type);
    }

    @Override
    public boolean stopped() {
      // The connection closed, or was replaced, on the way: the rest is not its.
      return session != readSession || !socket.live();
    }
  }

  /** Counts {@code n} received flow-controlled bytes, and gives them back as they add up. */
  private void received(int n) {
    unacknowledged += n;
    if (unacknowledged >= RECEIVE_WINDOW / 2) {
      outbox.windowUpdate(0, unacknowledged);
      unacknowledged = 0;
    }
    Http2Stream r = dataStream;
    if (r != null && (frameFlags & Frames.END_STREAM) == 0) {
      r.unacknowledged += n;
      if (r.unacknowledged >= RECEIVE_WINDOW / 2) {
        outbox.windowUpdate(r.stream, r.unacknowledged);
        r.unacknowledged = 0;
      }
    }
  }

  /** A whole frame of {@code type}, other than DATA, is in {@link #payload}. */
  private void frame(int type) throws IOException {
    switch (type) {
      case Frames.HEADERS -> headers();
      case Frames.CONTINUATION -> continuation();
      case Frames.SETTINGS -> settings();
      case Frames.PING -> ping();
      case Frames.WINDOW_UPDATE -> windowUpdate();
      case Frames.RST_STREAM -> rstStream();
      case Frames.GOAWAY -> goAway();
      case Frames.PUSH_PROMISE ->
          throw protocolError(Frames.PROTOCOL_ERROR, "PUSH_PROMISE, with push disabled");
      default -> {
        // PRIORITY, and frame types this side does not know, are ignored (RFC 9113, 4.1, 5.5)
      }
    }
  }

  private void headers() throws IOException {
    if (frameStream == 0) {
      throw protocolError(Frames.PROTOCOL_ERROR, "HEADERS on stream 0");
    }
    int from = 0;
    int end = frameLength;
    if ((frameFlags & Frames.PADDED) != 0) {
      end -= payload[0] & 0xff;
      from = 1;
    }
    if ((frameFlags & Frames.PRIORITY_FLAG) != 0) {
      from += 5;
    }
    if (from > end) {
      throw protocolError(Frames.PROTOCOL_ERROR, "HEADERS padded past its end");
    }
    fields.start();
    fields.append(payload, from, end - from);
    if ((frameFlags & Frames.END_HEADERS) == 0) {
      continuingFlags = frameFlags; // the reader sees that CONTINUATION frames follow on
      return;
    }
    block(frameStream, frameFlags);
  }

  private void continuation() throws IOException {
    fields.append(payload, 0, frameLength);
    if ((frameFlags & Frames.END_HEADERS) != 0) {
      block(frameStream, continuingFlags);
    }
  }

  /** A whole header block for {@code stream}, whose HEADERS frame had {@code flags}. */
  private void block(int stream, int flags) throws IOException {
    Http2Stream r = open.find(stream);
    int status;
    try {
      // Every block is decoded, a gone stream's too: the decoder's table must see each one.
      status = fields.decode(stream, r == null || r.status != 0 ? null : r.headers);
    } catch (Http2Exception e) {
      throw protocolError(
          Frames.COMPRESSION_ERROR, "a header block HPACK cannot read: " + e.getMessage());
    }
    if (r == null) {
      return;
    }
    r.deadline = loop.now() + loop.readTimeoutNanos();
    if (r.status == 0) {
      if (status >= 100 && status < 200) {
        r.headers.reset(); // an interim response: the final one follows
      } else {
        r.status = status;
      }
    }
    if ((flags & Frames.END_STREAM) != 0) {
      complete(r);
    }
  }

  private void settings() throws IOException {
    if ((frameFlags & Frames.ACK) != 0) {
      return;
    }
    if (frameLength % 6 != 0) {
      throw protocolError(Frames.FRAME_SIZE_ERROR, "SETTINGS of " + frameLength + " bytes");
    }
    for (int at = 0; at < frameLength; at += 6) {
      int id = (payload[at] & 0xff) << 8 | payload[at + 1] & 0xff;
      long value = Frames.getInt(payload, at + 2) & 0xffffffffL;
      switch (id) {
        case Frames.SETTINGS_MAX_CONCURRENT_STREAMS -> serverMaxStreams = value;
        case Frames.SETTINGS_INITIAL_WINDOW_SIZE -> {
          if (value > Frames.MAX_WINDOW) {
            throw protocolError(Frames.FLOW_CONTROL_ERROR, "an initial window past 2^31-1");
          }
          int delta = (int) value - serverInitialWindow;
          serverInitialWindow = (int) value;
          eachOpen(r -> r.sendWindow += delta);
        }
        case Frames.SETTINGS_MAX_FRAME_SIZE -> {
          if (value < Frames.DEFAULT_MAX_FRAME || value > 0xffffff) {
            throw protocolError(Frames.PROTOCOL_ERROR, "a max frame size of " + value);
          }
          serverMaxFrame = (int) value;
        }
        case Frames.SETTINGS_HEADER_TABLE_SIZE -> {
          try {
            block.tableSize(value);
          } catch (Http2Exception e) {
            throw protocolError(Frames.PROTOCOL_ERROR, "a header table size of " + value);
          }
        }
        default -> {
          // ENABLE_PUSH is the client's to send; MAX_HEADER_LIST_SIZE is advice
        }
      }
    }
    frame(Frames.SETTINGS, Frames.ACK, 0, payload, 0, 0);
    if (state == SETTLING) {
      state = READY;
      if (ahead != null) {
        Route.Ahead done = ahead;
        ahead = null;
        done.opened(connectNanos, tlsNanos);
      }
      openWaiting();
      // Those the limits leave waiting wait for a stream from now; before, for the connection.
      long now = System.nanoTime();
      for (Http2Stream w = waitingHead; w != null; w = w.nextWaiting) {
        w.blockedAt = now;
      }
    } else if (state == READY) {
      openWaiting();
      eachOpen(this::sendBody);
    }
  }

  private void ping() throws IOException {
    if (frameLength != 8) {
      throw protocolError(Frames.FRAME_SIZE_ERROR, "PING of " + frameLength + " bytes");
    }
    if ((frameFlags & Frames.ACK) == 0) {
      frame(Frames.PING, Frames.ACK, 0, payload, 0, 8);
    }
  }

  private void windowUpdate() throws IOException {
    if (frameLength != 4) {
      throw protocolError(Frames.FRAME_SIZE_ERROR, "WINDOW_UPDATE of " + frameLength + " bytes");
    }
    int increment = Frames.getInt(payload, 0) & Integer.MAX_VALUE;
    if (frameStream == 0) {
      sendWindow += increment;
      if (sendWindow > Frames.MAX_WINDOW) {
        throw protocolError(Frames.FLOW_CONTROL_ERROR, "the connection's window past 2^31-1");
      }
      eachOpen(this::sendBody);
    } else {
      Http2Stream r = open.find(frameStream);
      if (r != null) {
        r.sendWindow += increment;
        sendBody(r);
      }
    }
  }

  private void rstStream() throws IOException {
    if (frameLength != 4) {
      throw protocolError(Frames.FRAME_SIZE_ERROR, "RST_STREAM of " + frameLength + " bytes");
    }
    Http2Stream r = open.find(frameStream);
    if (r == null) {
      return;
    }
    long code = Frames.getInt(payload, 0) & 0xffffffffL;
    forget(r);
    String why =
        code == Frames.REFUSED_STREAM
            ? "refused by the server's RST_STREAM (REFUSED_STREAM): not processed"
            : "stream reset by the server: RST_STREAM " + Frames.error(code);
    r.failed(Outcome.failure(Outcome.IO, loop.reasons().intern(why)));
    openWaiting();
  }

  private void goAway() throws IOException {
    if (frameLength < 8) {
      throw protocolError(Frames.FRAME_SIZE_ERROR, "GOAWAY of " + frameLength + " bytes");
    }
    int last = Frames.getInt(payload, 0) & Integer.MAX_VALUE;
    long code = Frames.getInt(payload, 4) & 0xffffffffL;
    goAwayCode = code;
    state = GOING_AWAY;
    // The frames of streams opened in this read leave now: a refused request was sent.
    flush();
    int refused =
        Outcome.failure(
            Outcome.IO,
            loop.reasons()
                .intern(
                    "refused by the server's GOAWAY (" + Frames.error(code) + "): not processed"));
    for (int i = 0; i < open.capacity(); i++) {
      Http2Stream r = open.at(i);
      if (r != null && r.stream > last) {
        forget(r);
        r.failed(refused);
        i = -1; // the table moved under the removal: look again from the start
      }
    }
    closeIfDone();
  }

  /** The stream of {@code r} ended with its response whole. */
  private void complete(Http2Stream r) {
    if (r.bodyAt < r.bodyEnd) {
      reset(r, Frames.NO_ERROR); // the server answered before the body was all sent
    }
    forget(r);
    answeredInSession++;
    int outcome =
        r.status <= 0
            ? Outcome.failure(Outcome.IO, loop.reasons().intern("malformed response: no :status"))
            : r.request.outcome(r.status, r.body, r.vars, r.index, loop.reasons());
    openWaiting();
    r.answered(outcome);
    closeIfDone();
  }

  /**
   * A connection the server is leaving closes once its streams are done; waiting routes reconnect.
   */
  private void closeIfDone() {
    if (state == GOING_AWAY && open.size() == 0) {
      socket.close();
      state = IDLE;
      if (waitingHead == null) {
        return;
      }
      if (answeredInSession > 0) {
        connect();
        return;
      }
      // A server that sends GOAWAY before it answers anything would be reconnected to forever:
      // the requests waiting fail instead, and each user's next request tries again.
      int notSent =
          Outcome.failure(
              Outcome.NOT_SENT,
              loop.reasons()
                  .intern(
                      "not sent: the server sent GOAWAY ("
                          + Frames.error(goAwayCode)
                          + ") before answering any request on the connection"));
      failWaiting(notSent);
    }
  }

  // ----- failures and time

  @Override
  public void expireAt(long now) {
    if (state == IDLE) {
      return;
    }
    if (state < READY && now - deadline >= 0) {
      int outcome =
          state == CONNECTING
              ? Outcome.failure(Outcome.CONNECT, Reasons.CONNECT_TIMEOUT)
              : Outcome.failure(Outcome.TIMEOUT, Reasons.READ_TIMEOUT);
      dropAll(outcome, outcome);
      return;
    }
    for (int i = 0; i < open.capacity(); i++) {
      Http2Stream r = open.at(i);
      if (r != null && (now - r.deadline >= 0 || now - r.responseDeadline >= 0)) {
        boolean stalled = r.bodyAt < r.bodyEnd;
        int outcome =
            stalled
                ? Outcome.failure(
                    Outcome.TIMEOUT,
                    loop.reasons()
                        .intern(
                            "flow-control stall: the server's window stayed shut past the read timeout"))
                : now - r.deadline >= 0
                    ? Outcome.failure(Outcome.TIMEOUT, Reasons.READ_TIMEOUT)
                    : Failures.slowResponse(loop.reasons());
        reset(r, Frames.CANCEL);
        forget(r);
        r.failed(outcome);
        i = -1;
      }
    }
    openWaiting();
    flush();
  }

  @Override
  public void abort() {
    dropAll(
        Outcome.failure(Outcome.IO, Reasons.ABORTED),
        Outcome.failure(Outcome.NOT_SENT, Reasons.ABORTED));
  }

  /**
   * The connection failed: each open stream fails as {@code e} says, sent; each waiting route fails
   * not sent, with the same reason, as does an opening ahead.
   */
  private void failConnection(Throwable e) {
    boolean open = state >= SETTLING;
    int sent = Failures.outcomeOf(e, loop.reasons(), true, loop.aborted());
    int notSent =
        open
            ? Outcome.failure(Outcome.NOT_SENT, Outcome.reason(sent))
            : Failures.outcomeOf(e, loop.reasons(), false, loop.aborted());
    dropAll(sent, notSent);
  }

  private IOException protocolError(int code, String why) {
    // This side processes no stream the server opens (push is off): the last it took is 0.
    outbox.goAway(0, code);
    flush();
    return new java.net.ProtocolException("HTTP/2 " + Frames.error(code) + ": " + why);
  }

  /**
   * Closes the connection: open streams fail with {@code sent}, waiting routes with {@code
   * notSent}.
   */
  private void dropAll(int sent, int notSent) {
    socket.close();
    state = IDLE;
    if (ahead != null) {
      failAhead(notSent);
    }
    for (int i = 0; i < open.capacity(); i++) {
      Http2Stream r = open.at(i);
      if (r != null) {
        forget(r);
        r.failed(sent);
        i = -1;
      }
    }
    failWaiting(notSent);
  }

  /** Every request waiting for a stream fails with {@code outcome}, told on the next turn. */
  private void failWaiting(int outcome) {
    for (Http2Stream r = waitingHead; r != null; ) {
      Http2Stream next = r.nextWaiting;
      r.nextWaiting = null;
      r.failed(outcome);
      r = next;
    }
    waitingHead = null;
    waitingTail = null;
  }

  @Override
  public void disconnect() {
    socket.close();
    state = IDLE;
    open.clear();
    waitingHead = null;
    waitingTail = null;
  }

  /** Takes {@code r}'s stream out of the open ones. */
  private void forget(Http2Stream r) {
    open.remove(r);
    if (dataStream == r) {
      dataStream = null;
    }
  }

  private void unqueue(Http2Stream r) {
    Http2Stream prev = null;
    for (Http2Stream w = waitingHead; w != null; prev = w, w = w.nextWaiting) {
      if (w == r) {
        if (prev == null) {
          waitingHead = w.nextWaiting;
        } else {
          prev.nextWaiting = w.nextWaiting;
        }
        if (waitingTail == w) {
          waitingTail = prev;
        }
        w.nextWaiting = null;
        return;
      }
    }
  }

  private void eachOpen(java.util.function.Consumer<Http2Stream> f) {
    for (int i = 0; i < open.capacity(); i++) {
      Http2Stream r = open.at(i);
      if (r != null) {
        f.accept(r);
      }
    }
  }
}
