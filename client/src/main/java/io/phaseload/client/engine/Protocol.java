package io.phaseload.client.engine;

/**
 * Which HTTP a run speaks, and how HTTP/2 shares its connections. HTTP/1.1 is the default: a
 * connection per user, a request at a time on it. HTTP/2 ({@code --http2}) is asked for with prior
 * knowledge on http (h2c) and by ALPN on https, where the server's choice is used unless {@code
 * --http2-prior-knowledge} insists on it. Its users share {@code connections} connections (0: one
 * each), each with at most {@code streams} streams open at once (0: the server's limit), as
 * h2load's {@code -c} and {@code -m}. Immutable.
 *
 * @param http2 whether HTTP/2 is asked for
 * @param insist on https, whether only {@code h2} is offered by ALPN (no fall back to HTTP/1.1)
 * @param connections the connections the users share; 0 for one per user
 * @param streams the most streams open at once on each connection; 0 for the server's limit
 */
public record Protocol(boolean http2, boolean insist, int connections, int streams) {

  /** HTTP/1.1, a connection per user. */
  public static final Protocol HTTP_1_1 = new Protocol(false, false, 0, 0);

  public Protocol {
    if (connections < 0) {
      throw new IllegalArgumentException("--connections must be at least 1, got " + connections);
    }
    if (streams < 0) {
      throw new IllegalArgumentException("--streams must be at least 1, got " + streams);
    }
    if (!http2 && (connections > 0 || streams > 0)) {
      throw new IllegalArgumentException(
          "--connections and --streams share HTTP/2 connections: add --http2");
    }
  }

  /**
   * Checks that the run's other settings fit this protocol: HTTP/2 runs on the loop engine and
   * keeps its connections.
   *
   * @throws IllegalArgumentException with a message for a person, if they do not
   */
  public void check(EngineKind engine, boolean keepAlive) {
    if (http2 && engine != EngineKind.LOOP) {
      throw new IllegalArgumentException(
          "HTTP/2 runs on the loop engine: leave out --engine " + engine.label());
    }
    if (http2 && !keepAlive) {
      throw new IllegalArgumentException(
          "--no-keepalive is HTTP/1.1's (a connection per request): HTTP/2 shares its connections");
    }
  }

  /** The name reports give the protocol asked for: HTTP/1.1 or HTTP/2. */
  public String label() {
    return http2 ? "HTTP/2" : "HTTP/1.1";
  }
}
