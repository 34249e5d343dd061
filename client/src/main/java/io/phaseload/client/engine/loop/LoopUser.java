package io.phaseload.client.engine.loop;

import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.Wire;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ExchangeTimes;

/**
 * One user of the event-loop engine: a {@link Route} per origin of the scenario, each of the
 * protocol its {@link Route.Maker} makes (a connection of its own, or a stream on a shared one),
 * all driven by one loop, and at most one request in flight. Where the raw engine gives a user a
 * thread, this gives it a few hundred bytes and a {@link Caller} to call back.
 *
 * <p>{@link #execute} may be called from any thread; everything else only on the user's loop
 * thread, from a task run by {@link #execute} or from {@link Caller#answered}.
 */
final class LoopUser implements ExchangeTimes {

  private final EventLoop loop;
  private final EncodedRequest[] requests;
  private final Route[] routes;

  /** The route of the last request, whose times {@link #connectNanos} and after report. */
  private Route last;

  /**
   * @param protocols the maker of each origin's route, by origin
   */
  LoopUser(EventLoop loop, Caller caller, Wire wire, Route.Maker[] protocols) {
    this.loop = loop;
    this.requests = wire.requests();
    this.routes = new Route[wire.origins().length];
    for (int i = 0; i < routes.length; i++) {
      routes[i] = protocols[i].make(loop, caller, wire, i);
    }
  }

  /** Runs {@code task} on this user's loop thread. Thread-safe. */
  public void execute(Runnable task) {
    loop.execute(task);
  }

  /**
   * The connections {@link #openAhead} opens: at most one per origin, none with {@code
   * --no-keepalive}. Thread-safe.
   */
  int connectionsAhead() {
    int n = 0;
    for (Route r : routes) {
      n += r.ahead();
    }
    return n;
  }

  /**
   * Opens {@link #connectionsAhead} connections before the user's first request; {@code done} hears
   * each one's end. Loop thread only.
   */
  void openAhead(Route.Ahead done) {
    for (Route r : routes) {
      if (r.ahead() > 0) {
        r.openAhead(done);
      }
    }
  }

  /** Ends the openings ahead still under way, each with {@code failure}. Loop thread only. */
  void abandonAhead(int failure) {
    for (Route r : routes) {
      r.abandonAhead(failure);
    }
  }

  /**
   * Sends request {@code request} of the scenario, rendered with {@code vars} (which must stay
   * untouched until the answer), on this user's connection to its origin. The {@link Caller} hears
   * the outcome later, never from within this call. Loop thread only.
   */
  public void send(int request, Vars vars) {
    EncodedRequest p = requests[request];
    int e = p.spec.pickEndpoint(request, vars);
    last = routes[p.origin[e]];
    last.send(p, e, request, vars);
  }

  /**
   * The last request's TCP connect, in nanoseconds, in an engine without keep-alive; 0 if it opened
   * no connection or the engine keeps them. Loop thread only, once its answer is in.
   */
  @Override
  public long connectNanos() {
    return last == null ? 0 : last.connectNanos();
  }

  /**
   * The last request's TLS handshake, in nanoseconds, in an engine without keep-alive; 0 if it made
   * none (plain http, or no connection opened) or the engine keeps its connections. As {@link
   * #connectNanos}.
   */
  @Override
  public long tlsNanos() {
    return last == null ? 0 : last.tlsNanos();
  }

  /**
   * From the last request's send to its response's first byte, in nanoseconds, in an engine without
   * keep-alive; 0 if none came or the engine keeps its connections. As {@link #connectNanos}.
   */
  @Override
  public long firstByteNanos() {
    return last == null ? 0 : last.firstByteNanos();
  }

  /** How long the last request waited for a free HTTP/2 stream; 0 if it did not. */
  @Override
  public long streamWaitNanos() {
    return last == null ? 0 : last.streamWaitNanos();
  }

  /**
   * Takes request {@code request}'s captures from its response, just timed, into {@code vars}, and
   * returns its outcome ({@link EncodedRequest#capture}). Loop thread only, once its answer is in.
   */
  public int capture(int outcome, int request, Vars vars) {
    return last.capture(outcome, requests[request], request, vars);
  }

  /** Closes this user's routes; a request in flight is dropped unanswered. Loop thread only. */
  public void close() {
    for (Route r : routes) {
      r.close();
    }
  }
}
