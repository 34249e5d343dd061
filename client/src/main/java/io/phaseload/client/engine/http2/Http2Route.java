package io.phaseload.client.engine.http2;

import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.loop.Caller;
import io.phaseload.client.engine.loop.EventLoop;
import io.phaseload.client.engine.loop.Route;
import io.phaseload.client.request.Vars;

/**
 * A user's way to one origin over HTTP/2: a stream at a time ({@link Http2Stream}) on a connection
 * it shares with other users of its loop ({@link Http2Connection}), which {@link Http2Connections}
 * assigned it. Loop thread only, but for {@link #ahead}.
 */
final class Http2Route implements Route {

  private final Http2Connection connection;
  private final Http2Stream stream;

  /** Whether this route made its connection, and so opens it ahead for the run. */
  private final boolean first;

  /** Whether the connection counts this route among those it serves. */
  private boolean counted;

  Http2Route(EventLoop loop, Caller caller, Http2Connection connection, boolean first) {
    this.connection = connection;
    this.stream = new Http2Stream(loop, caller);
    this.first = first;
  }

  @Override
  public int ahead() {
    return first ? 1 : 0;
  }

  @Override
  public void openAhead(Ahead done) {
    count();
    connection.openAhead(done);
  }

  @Override
  public void abandonAhead(int failure) {
    if (first) {
      connection.abandonAhead(failure);
    }
  }

  @Override
  public void send(EncodedRequest p, int e, int i, Vars v) {
    count();
    stream.take(p, e, i, v);
    connection.submit(stream);
  }

  private void count() {
    if (!counted) {
      counted = true;
      connection.join();
    }
  }

  @Override
  public int capture(int outcome, EncodedRequest p, int i, Vars v) {
    return p.capture(outcome, stream.body, stream.headers, v, i, stream.loop.reasons());
  }

  /** How long the last request waited for a free stream, in nanoseconds; 0 if it did not. */
  @Override
  public long streamWaitNanos() {
    return stream.streamWaitNanos;
  }

  @Override
  public void close() {
    if (counted) {
      counted = false;
      connection.leave(stream);
    }
  }
}
