package io.phaseload.client.engine.http1;

import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.Wire;
import io.phaseload.client.engine.loop.Caller;
import io.phaseload.client.engine.loop.EventLoop;
import io.phaseload.client.engine.loop.LoopConnection;
import io.phaseload.client.request.Vars;
import java.io.IOException;

/**
 * HTTP/1.1 on an event loop's connection: one request at a time, written as {@link Http1Request}
 * encoded it, its response framed by the one {@link ResponseParser} as the loop reads it, and the
 * connection kept only while the response says it may carry the next request and no byte came after
 * it. Connecting, TLS, timeouts and failures are {@link LoopConnection}'s.
 *
 * <p>Loop thread only. Nothing is allocated per request: the parser grows to the largest head line
 * and kept body, then reads in place from the loop's buffer.
 */
public final class Http1Connection extends LoopConnection {

  private final ResponseParser parser = new ResponseParser();

  /** The scenario's requests as HTTP/1.1 bytes, by their number. */
  private final Http1Request[] encoded;

  private EncodedRequest request;

  /** The request's number in the iteration and the values it was rendered with, for its check. */
  private int requestIndex;

  private Vars requestVars;

  /** A connection to {@code wire}'s origin number {@code origin}. */
  public Http1Connection(EventLoop loop, Caller caller, Wire wire, int origin) {
    super(loop, caller, wire.origins()[origin], wire.keepAlive());
    this.encoded = wire.http1();
  }

  @Override
  protected void send(EncodedRequest p, int endpoint, int index, Vars vars) {
    Http1Request h = encoded[index];
    byte[] bytes = h.bytes(endpoint, vars);
    request = p;
    requestIndex = index;
    requestVars = vars;
    exchange(bytes, bytes == null ? 0 : h.length(endpoint, vars));
  }

  @Override
  protected void sent() {
    parser.start(request);
  }

  @Override
  protected boolean received(byte[] b, int n) throws IOException {
    int used = parser.feed(b, 0, n);
    if (!parser.done()) {
      return false;
    }
    answer(used < n || moreReceived());
    return true;
  }

  @Override
  protected void ended() throws IOException {
    parser.endOfStream();
    answer(false);
  }

  /** The response is whole; {@code extra} says bytes nobody asked for came after it. */
  private void answer(boolean extra) {
    int outcome =
        request.outcome(parser.status(), parser.body(), requestVars, requestIndex, reasons());
    answered(outcome, extra || !parser.keepAlive());
  }

  @Override
  protected int capture(int outcome, EncodedRequest p, int index, Vars vars) {
    return p.capture(outcome, parser.body(), parser.headers(), vars, index, reasons());
  }
}
