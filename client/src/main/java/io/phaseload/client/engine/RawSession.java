package io.phaseload.client.engine;

import io.phaseload.client.request.Operation;
import io.phaseload.client.request.Outcome;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One user thread's connection for {@link RawEngine}: made on the first request (within the connect
 * timeout), kept while the server keeps it, and replaced before the next request when the server
 * said {@code Connection: close}, framed a body by closing, or any exchange failed.
 *
 * <p>Retries: a request is sent once, with one exception. If writing it to a connection that
 * already carried a response fails, the kernel has refused the bytes (the server's reset of a
 * connection it dropped had already arrived), so the server cannot have seen them; the request is
 * then sent once more on a new connection. A request that was written but got no answer (end of
 * stream, reset) is never retried, even on a reused connection: the server may have received and
 * counted it, and phaseload's counts must equal the server's. That differs from browsers, which
 * retry idempotent requests on stale keep-alive connections; it cannot occur for the servers
 * phaseload targets, which announce their closes with {@code Connection: close}, nor through idle
 * timeouts, since a user thread sends its requests back to back.
 *
 * <p>Not thread-safe: used by the thread that opened it. Never logs; failures become outcomes.
 */
final class RawSession implements Engine.Session {

  private final RawEngine engine;
  private final ResponseReader reader = new ResponseReader();
  private Socket socket;

  /** The TCP socket under {@link #socket} (the same one unless TLS wraps it). */
  private Socket tcp;

  private OutputStream out;
  private boolean reused;

  /** Whether the current request's bytes reached the socket: after that it counts as sent. */
  private boolean written;

  RawSession(RawEngine engine) {
    this.engine = engine;
  }

  @Override
  public int execute(Operation op) {
    byte[] request = engine.requestBytes(op);
    written = false;
    try {
      send(request);
      reader.read();
      reused = true;
      int status = reader.status();
      boolean matches = status == 200 && reader.bodyMatches(op);
      if (!reader.keepAlive()) {
        disconnect();
      }
      return Outcome.ofResponse(status, matches);
    } catch (IOException | RuntimeException e) {
      disconnect();
      return Failures.outcomeOf(e, engine.reasons, written, engine.aborted());
    }
  }

  private void send(byte[] request) throws IOException {
    if (socket == null) {
      connect();
    }
    try {
      written = true;
      out.write(request);
    } catch (IOException e) {
      if (!reused) {
        throw e;
      }
      disconnect();
      written = false;
      connect();
      written = true;
      out.write(request);
    }
  }

  private void connect() throws IOException {
    Socket plain = new Socket();
    Socket s = plain;
    try {
      plain.setTcpNoDelay(true);
      plain.setSoTimeout(engine.readTimeoutMillis);
      plain.connect(new InetSocketAddress(engine.host, engine.port), engine.connectTimeoutMillis);
      engine.connected(plain);
      if (engine.tlsFactory != null) {
        SSLSocket ssl =
            (SSLSocket) engine.tlsFactory.createSocket(plain, engine.host, engine.port, true);
        s = ssl;
        SSLParameters params = ssl.getSSLParameters();
        params.setEndpointIdentificationAlgorithm(engine.verifyHostname ? "HTTPS" : null);
        if (!engine.serverNames.isEmpty()) {
          params.setServerNames(engine.serverNames);
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

  private void disconnect() {
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

  @Override
  public void close() {
    disconnect();
  }
}
