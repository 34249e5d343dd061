package io.phaseload.client.engine.loop;

import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.Wire;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ExchangeTimes;

/**
 * A user's way to one origin, one request at a time, whatever the protocol: on HTTP/1.1 a
 * connection of the user's own ({@code engine.http1.Http1Connection}); on HTTP/2 a stream on a
 * connection the loop's users share ({@code engine.http2.Http2Route}). A {@link LoopUser} holds one
 * per origin of the scenario and sends through it; the protocol behind it is picked per origin by
 * {@link LoopEngine}.
 *
 * <p>Loop thread only, but for {@link #ahead}: the user's loop's, from a task or a callback.
 */
public interface Route extends ExchangeTimes {

  /** What hears how opening a connection ahead ended. Loop thread only. */
  interface Ahead {

    /** The connection is open, after a connect and a TLS handshake (0 on http) of these ns. */
    void opened(long connectNanos, long tlsNanos);

    /** It could not be opened: {@code failure} is the packed {@link Outcome} a request gets. */
    void failed(int failure);
  }

  /** Makes a user's route to {@code wire}'s origin number {@code origin} on {@code loop}. */
  interface Maker {
    Route make(EventLoop loop, Caller caller, Wire wire, int origin);
  }

  /**
   * How many connections {@link #openAhead} opens: 0 or 1. Asked before the run, from the run's
   * thread.
   */
  int ahead();

  /**
   * Opens the route's connection before its first request, if {@link #ahead}: {@code done} hears
   * how it ended, once, from within this call or a later turn of the loop.
   */
  void openAhead(Ahead done);

  /** Ends an opening begun by {@link #openAhead} that is still under way, with {@code failure}. */
  void abandonAhead(int failure);

  /**
   * Sends request {@code index} of the iteration, {@code request} to its endpoint {@code endpoint}
   * rendered with {@code vars} (untouched until the answer): the user's {@link Caller} hears the
   * outcome on a later turn, never from within this call.
   */
  void send(EncodedRequest request, int endpoint, int index, Vars vars);

  /**
   * Takes request {@code index}'s captures from its response, just timed, into {@code vars} and
   * returns its outcome ({@link EncodedRequest#capture}).
   */
  int capture(int outcome, EncodedRequest request, int index, Vars vars);

  /**
   * Ends the route: its connection closes if it is the user's own; a request in flight is dropped.
   */
  void close();
}
