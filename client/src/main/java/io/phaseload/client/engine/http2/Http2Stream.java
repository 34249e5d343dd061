package io.phaseload.client.engine.http2;

import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.KeptBody;
import io.phaseload.client.engine.KeptHeaders;
import io.phaseload.client.engine.loop.Caller;
import io.phaseload.client.engine.loop.EventLoop;
import io.phaseload.client.request.Vars;

/**
 * One user's request on an HTTP/2 connection, and its stream: what the request is, what its answer
 * keeps (body bytes, wanted headers), the stream's id and windows, and how long it waited for one.
 * A user's {@link Http2Route} reuses it for each of its requests; its {@link Http2Connection}
 * drives it and tells the user's {@link Caller} how it ended. Loop thread only.
 */
final class Http2Stream {

  final EventLoop loop;
  final Caller caller;

  final KeptBody body = new KeptBody();
  final KeptHeaders headers = new KeptHeaders();

  EncodedRequest request;
  int endpoint;
  int index;
  Vars vars;

  /** The request's stream; 0 while it has none (waiting for one, or no request). */
  int stream;

  /** The response's status, once its head came; 0 before. */
  int status;

  /** {@link System#nanoTime} when the request was handed over. */
  long handedAt;

  /**
   * When the request began to wait for a free stream on a ready connection (every stream the limits
   * allow open); 0 if it has not waited.
   */
  long blockedAt;

  /** How long the request waited for a free stream, in nanoseconds; 0 if it got one at once. */
  long streamWaitNanos;

  /** When the stream's next byte must have come, and when its whole response. */
  long deadline;

  long responseDeadline;

  /** How much more of the request's body the stream's window lets it send. */
  long sendWindow;

  /** The body still to send ({@code bodyAt} to {@code bodyEnd} of {@code bodyBytes}). */
  byte[] bodyBytes;

  int bodyAt;
  int bodyEnd;

  /** The stream's received bytes not yet given back by WINDOW_UPDATE. */
  int unacknowledged;

  /** The next request waiting for a stream on the same connection. */
  Http2Stream nextWaiting;

  private int failure;
  private final Runnable tellFailure = this::tellFailure;

  Http2Stream(EventLoop loop, Caller caller) {
    this.loop = loop;
    this.caller = caller;
  }

  /** Takes request {@code i} of the iteration to endpoint {@code e}, rendered with {@code v}. */
  void take(EncodedRequest p, int e, int i, Vars v) {
    request = p;
    endpoint = e;
    index = i;
    vars = v;
    status = 0;
    handedAt = System.nanoTime();
    blockedAt = 0;
    streamWaitNanos = 0;
  }

  /** The response ended: the caller hears {@code outcome} now. */
  void answered(int outcome) {
    stream = 0;
    caller.answered(outcome);
  }

  /** The request failed: the caller hears {@code outcome} on the loop's next turn. */
  void failed(int outcome) {
    stream = 0;
    failure = outcome;
    loop.defer(tellFailure);
  }

  private void tellFailure() {
    caller.answered(failure);
  }
}
