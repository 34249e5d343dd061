package io.phaseload.client.engine;

import io.phaseload.client.engine.http1.Http1Request;
import io.phaseload.client.engine.http1.ResponseReader;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.OpenedAhead;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One user thread's connections for {@link RawEngine}, one per origin of the scenario: each made on
 * its first request (within the connect timeout), kept while the server keeps it, and replaced
 * before the next request when the server said {@code Connection: close}, framed a body by closing,
 * or any exchange failed; with {@code --no-keepalive}, closed after every response.
 *
 * <p>Retries: a request is sent once, with one exception. If writing it to a connection that
 * already carried a response fails, the kernel has refused the bytes (the server's reset of a
 * connection it dropped had already arrived), so the server cannot have seen them; the request is
 * then sent once more on a new connection. A request that was written but got no answer (end of
 * stream, reset) is never retried, even on a reused connection: the server may have received and
 * counted it, and phaseload's counts must equal the server's. That differs from browsers, which
 * retry idempotent requests on stale keep-alive connections.
 *
 * <p>Not thread-safe: used by the thread that opened it. Never logs; failures become outcomes.
 */
final class RawSession implements Engine.Session {

  private final EncodedRequest[] requests;
  private final Http1Request[] encoded;
  private final LiveSockets sockets;
  private final Reasons reasons;
  private final Connection[] connections;

  /** False with {@code --no-keepalive}: every connection is closed after its one response. */
  private final boolean keepAlive;

  /** The connection of the last request, whose times {@link #connectNanos} and after report. */
  private Connection last;

  /**
   * How long a connection opened ahead may wait for its first request before it is made anew: under
   * the shortest common server timeout for a first request (Apache's and Tomcat's 20 s).
   */
  static final long STALE_AHEAD_NANOS = 15_000_000_000L;

  RawSession(
      Wire wire,
      LiveSockets sockets,
      int connectTimeoutMillis,
      int readTimeoutMillis,
      Reasons reasons) {
    this.requests = wire.requests();
    this.encoded = wire.http1();
    this.sockets = sockets;
    this.reasons = reasons;
    this.keepAlive = wire.keepAlive();
    this.connections = new Connection[wire.origins().length];
    for (int i = 0; i < connections.length; i++) {
      connections[i] =
          new Connection(wire.origins()[i], sockets, connectTimeoutMillis, readTimeoutMillis);
      if (!keepAlive) {
        connections[i].timed = true;
        connections[i].reader.timeFirstByte();
      }
    }
  }

  @Override
  public int execute(int request, Vars vars) {
    EncodedRequest p = requests[request];
    int e = p.spec.pickEndpoint(request, vars);
    Connection c = connections[p.origin[e]];
    Http1Request h = encoded[request];
    byte[] bytes = h.bytes(e, vars);
    c.written = false;
    last = c;
    if (bytes == null) {
      return EncodedRequest.unsafe(reasons);
    }
    int length = h.length(e, vars);
    if (!keepAlive) {
      c.connectNanos = 0;
      c.tlsNanos = 0;
      c.began = System.nanoTime();
    }
    try {
      c.send(bytes, length);
      ResponseReader reader = c.reader;
      reader.read(p);
      c.reused = true;
      int outcome = p.outcome(reader.status(), reader.body(), vars, request, reasons);
      if (!keepAlive || !reader.keepAlive()) {
        c.disconnect();
      }
      return outcome;
    } catch (IOException | RuntimeException ex) {
      c.disconnect();
      return Failures.outcomeOf(ex, reasons, c.written, sockets.aborted());
    }
  }

  @Override
  public void openAhead(OpenedAhead tally) {
    if (!keepAlive) {
      return;
    }
    tally.begin(connections.length);
    for (Connection c : connections) {
      try {
        c.openAhead();
        tally.open(c.connectNanos, c.tlsNanos);
        c.connectNanos = 0;
        c.tlsNanos = 0;
      } catch (IOException | RuntimeException e) {
        tally.fail(Failures.outcomeOf(e, reasons, false, sockets.aborted()));
      }
    }
  }

  @Override
  public int capture(int outcome, int request, Vars vars) {
    ResponseReader reader = last.reader;
    return requests[request].capture(
        outcome, reader.body(), reader.headers(), vars, request, reasons);
  }

  @Override
  public long connectNanos() {
    return last == null ? 0 : last.connectNanos;
  }

  @Override
  public long tlsNanos() {
    return last == null ? 0 : last.tlsNanos;
  }

  @Override
  public long firstByteNanos() {
    long at = last == null || keepAlive ? 0 : last.reader.firstByteAt();
    return at == 0 ? 0 : at - last.began;
  }

  @Override
  public void close() {
    for (Connection c : connections) {
      c.disconnect();
    }
  }

  /** The connection to one origin, and what its current request has done. */
  private static final class Connection {
    private final Origin origin;
    private final LiveSockets sockets;
    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;
    final ResponseReader reader;
    private Socket socket;

    /** The TCP socket under {@link #socket} (the same one unless TLS wraps it). */
    private Socket tcp;

    private OutputStream out;
    boolean reused;

    /** Whether the current request's bytes reached the socket: after that it counts as sent. */
    boolean written;

    /** Whether to time connects and handshakes ({@code --no-keepalive}). */
    boolean timed;

    /** {@link System#nanoTime} when the current request began, if {@link #timed}. */
    long began;

    /** The current request's TCP connect and TLS handshake, if {@link #timed}; 0 if none. */
    long connectNanos;

    long tlsNanos;

    /** Whether the connection was opened ahead and waits for its first request; since when. */
    private boolean ahead;

    private long openedAheadAt;

    Connection(
        Origin origin, LiveSockets sockets, int connectTimeoutMillis, int readTimeoutMillis) {
      this.origin = origin;
      this.sockets = sockets;
      this.connectTimeoutMillis = connectTimeoutMillis;
      this.readTimeoutMillis = readTimeoutMillis;
      this.reader = new ResponseReader(readTimeoutMillis * 1_000_000L);
    }

    void send(byte[] request, int length) throws IOException {
      if (ahead) {
        // A blocking socket cannot tell whether the server closed it while it waited (a server's
        // timeout for a first request: Apache's and Tomcat's are 20 s), and a request written into
        // one that it closed is lost: one opened ahead that waited too long is made anew.
        if (System.nanoTime() - openedAheadAt > STALE_AHEAD_NANOS) {
          disconnect();
        }
        ahead = false;
      }
      if (socket == null) {
        connect();
      }
      try {
        written = true;
        out.write(request, 0, length);
      } catch (IOException e) {
        if (!reused) {
          throw e;
        }
        disconnect();
        written = false;
        connect();
        written = true;
        out.write(request, 0, length);
      }
    }

    /** Connects before the first request; a write that fails on it may then be retried. */
    void openAhead() throws IOException {
      if (socket == null) {
        boolean each = timed;
        timed = true;
        try {
          connect();
        } finally {
          timed = each;
        }
        reused = true;
        ahead = true;
        openedAheadAt = System.nanoTime();
      }
    }

    private void connect() throws IOException {
      Socket plain = new Socket();
      Socket s = plain;
      try {
        plain.setTcpNoDelay(true);
        plain.setSoTimeout(readTimeoutMillis);
        long before = timed ? System.nanoTime() : 0;
        plain.connect(new InetSocketAddress(origin.host, origin.port), connectTimeoutMillis);
        long connected = timed ? System.nanoTime() : 0;
        connectNanos = connected - before;
        sockets.connected(plain);
        if (origin.tlsFactory != null) {
          SSLSocket ssl =
              (SSLSocket) origin.tlsFactory.createSocket(plain, origin.host, origin.port, true);
          s = ssl;
          SSLParameters params = ssl.getSSLParameters();
          params.setEndpointIdentificationAlgorithm(origin.verifyHostname ? "HTTPS" : null);
          if (!origin.serverNames.isEmpty()) {
            params.setServerNames(origin.serverNames);
          }
          ssl.setSSLParameters(params);
          ssl.startHandshake();
          tlsNanos = timed ? System.nanoTime() - connected : 0;
        }
        out = s.getOutputStream();
        reader.reset(s.getInputStream());
      } catch (IOException | RuntimeException e) {
        sockets.disconnected(plain);
        close(s);
        throw e;
      }
      socket = s;
      tcp = plain;
      reused = false;
    }

    void disconnect() {
      ahead = false;
      if (socket != null) {
        sockets.disconnected(tcp);
        close(socket);
        socket = null;
        tcp = null;
        out = null;
      }
    }

    private static void close(Socket s) {
      try {
        s.close();
      } catch (IOException e) {
        // nothing to do: the connection is being dropped either way
      }
    }
  }
}
