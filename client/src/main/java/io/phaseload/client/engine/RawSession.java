package io.phaseload.client.engine;

import io.phaseload.client.request.Expectation;
import io.phaseload.client.request.Vars;
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
 * or any exchange failed.
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

  private final RawEngine engine;
  private final Connection[] connections;

  RawSession(RawEngine engine) {
    this.engine = engine;
    this.connections = new Connection[engine.origins.length];
    for (int i = 0; i < connections.length; i++) {
      connections[i] = new Connection(engine, engine.origins[i]);
    }
  }

  @Override
  public int execute(int request, Vars vars) {
    RawEngine.Prepared p = engine.requests[request];
    int e = p.spec.pickEndpoint(request, vars);
    Connection c = connections[p.origin[e]];
    byte[] bytes = p.fixed[e];
    int length;
    if (bytes == null) {
      p.render(e, vars);
      bytes = vars.buffer.array();
      length = vars.buffer.length();
    } else {
      length = bytes.length;
    }
    c.written = false;
    try {
      c.send(bytes, length);
      ResponseReader reader = c.reader;
      reader.read(p.head, p.keep);
      c.reused = true;
      int status = reader.status();
      Expectation x = p.expect;
      boolean bodyOk =
          x.body() == Expectation.Body.NONE
              || x.statusOk(status)
                  && x.bodyOk(reader.body(), reader.bodyLength(), reader.bodyTruncated());
      if (!reader.keepAlive()) {
        c.disconnect();
      }
      return x.outcome(status, bodyOk);
    } catch (IOException | RuntimeException ex) {
      c.disconnect();
      return Failures.outcomeOf(ex, engine.reasons, c.written, engine.aborted());
    }
  }

  @Override
  public void close() {
    for (Connection c : connections) {
      c.disconnect();
    }
  }

  /** The connection to one origin, and what its current request has done. */
  private static final class Connection {
    private final RawEngine engine;
    private final RawEngine.Origin origin;
    final ResponseReader reader = new ResponseReader();
    private Socket socket;

    /** The TCP socket under {@link #socket} (the same one unless TLS wraps it). */
    private Socket tcp;

    private OutputStream out;
    boolean reused;

    /** Whether the current request's bytes reached the socket: after that it counts as sent. */
    boolean written;

    Connection(RawEngine engine, RawEngine.Origin origin) {
      this.engine = engine;
      this.origin = origin;
    }

    void send(byte[] request, int length) throws IOException {
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

    private void connect() throws IOException {
      Socket plain = new Socket();
      Socket s = plain;
      try {
        plain.setTcpNoDelay(true);
        plain.setSoTimeout(engine.readTimeoutMillis);
        plain.connect(new InetSocketAddress(origin.host, origin.port), engine.connectTimeoutMillis);
        engine.connected(plain);
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
        }
        out = s.getOutputStream();
        reader.reset(s.getInputStream());
      } catch (IOException | RuntimeException e) {
        engine.disconnected(plain);
        close(s);
        throw e;
      }
      socket = s;
      tcp = plain;
      reused = false;
    }

    void disconnect() {
      if (socket != null) {
        engine.disconnected(tcp);
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
