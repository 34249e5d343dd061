package io.phaseload.client.engine.http2;

import io.phaseload.client.engine.Wire;
import io.phaseload.client.engine.loop.Caller;
import io.phaseload.client.engine.loop.EventLoop;
import io.phaseload.client.engine.loop.Route;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The HTTP/2 connections of a loop engine, and which one each user's route takes: h2load's {@code
 * -c} and {@code -m}. With a number of connections, each loop gets its share of them per origin (as
 * even as can be), and its users take them in turn, so that N users share C connections; with none,
 * each user has a connection of its own. Each connection opens at most {@code streams} streams at
 * once (0: as many as the server allows), so a user whose request finds them all open waits for
 * one. The {@link Route.Maker} of an origin spoken as HTTP/2. Thread-safe.
 */
public final class Http2Connections implements Route.Maker {

  private final Http2Request[] requests;
  private final int connections;
  private final int streams;
  private final int loops;

  /** Each loop's connections to each origin, and which one its next user takes. */
  private final Map<EventLoop, Share[]> shares = new HashMap<>();

  private static final class Share {
    final List<Http2Connection> made = new ArrayList<>();

    /** How many connections this loop has to the origin. */
    final int count;

    int next;

    Share(int count) {
      this.count = count;
    }
  }

  /**
   * @param connections how many connections to share among the users, all loops together; 0 for one
   *     per user
   * @param streams the most streams open at once on each; 0 for the server's limit
   * @param loops how many loops the connections are shared among
   */
  public Http2Connections(Wire wire, int connections, int streams, int loops) {
    this.requests = new Http2Request[wire.requests().length];
    for (int r = 0; r < requests.length; r++) {
      requests[r] = new Http2Request(wire.requests()[r], Arrays.asList(wire.origins()));
    }
    this.connections = connections;
    this.streams = streams;
    this.loops = loops;
  }

  @Override
  public synchronized Route make(EventLoop loop, Caller caller, Wire wire, int origin) {
    if (connections == 0) {
      return new Http2Route(loop, caller, connection(loop, wire, origin), true);
    }
    Share[] s = shares.get(loop);
    if (s == null) {
      // Connection c is loop c % L's, where the engine places the users that take it: loop l
      // has C / L of them, the first C % L loops one more.
      int index = loop.index();
      int count = Math.max(1, connections / loops + (index < connections % loops ? 1 : 0));
      s = new Share[wire.origins().length];
      for (int o = 0; o < s.length; o++) {
        s[o] = new Share(count);
      }
      shares.put(loop, s);
    }
    Share share = s[origin];
    if (share.made.size() < share.count) {
      Http2Connection c = connection(loop, wire, origin);
      share.made.add(c);
      return new Http2Route(loop, caller, c, true);
    }
    Http2Connection c = share.made.get(share.next++ % share.count);
    return new Http2Route(loop, caller, c, false);
  }

  private Http2Connection connection(EventLoop loop, Wire wire, int origin) {
    return new Http2Connection(loop, wire.origins()[origin], requests, streams);
  }
}
