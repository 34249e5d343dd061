package io.phaseload.client.engine;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.ProtocolException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * Turns the exceptions of any engine into an {@link Outcome}: a kind and a {@link Reasons} code.
 * The common failures map to fixed codes without allocating; anything else is interned by its
 * message. Called on the failure path only. Thread-safe.
 */
public final class Failures {

  private Failures() {}

  /** Why a response whose bytes kept coming failed: it outlasted the read timeout as a whole. */
  public static final String SLOW_RESPONSE =
      "response not complete within the read timeout: its body was still arriving";

  /** The outcome of a response still arriving when the read timeout had passed since it began. */
  public static int slowResponse(Reasons reasons) {
    return Outcome.failure(Outcome.TIMEOUT, reasons.intern(SLOW_RESPONSE));
  }

  /**
   * The outcome of a failed exchange, from the innermost cause that says something.
   *
   * @param written whether any byte of the request was written; a request that failed before (no
   *     socket, or an abort) never left the client, and is not sent
   * @param aborted whether the engine was aborted, so that a closed socket is the abort's doing
   */
  public static int outcomeOf(
      Throwable failure, Reasons reasons, boolean written, boolean aborted) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String m = t.getMessage() == null ? "" : t.getMessage();
      if (m.startsWith("Too many open files")) {
        return Outcome.failure(Outcome.NOT_SENT, Reasons.OUT_OF_FILES);
      }
      if (t instanceof AbortedException || aborted && t instanceof SocketException) {
        return Outcome.failure(written ? Outcome.IO : Outcome.NOT_SENT, Reasons.ABORTED);
      }
      if (t instanceof ConnectException) {
        return Outcome.failure(
            Outcome.CONNECT,
            m.startsWith("Connection refused")
                ? Reasons.REFUSED
                : m.contains("timed out")
                    ? Reasons.CONNECT_TIMEOUT
                    : reasons.intern("cannot connect: " + m));
      }
      if (t instanceof NoRouteToHostException) {
        return Outcome.failure(Outcome.CONNECT, Reasons.NO_ROUTE);
      }
      if (t instanceof UnknownHostException) {
        return Outcome.failure(Outcome.CONNECT, Reasons.UNKNOWN_HOST);
      }
      if (t.getClass().getSimpleName().equals("ConnectTimeoutException")) {
        return Outcome.failure(Outcome.CONNECT, Reasons.CONNECT_TIMEOUT);
      }
      if (t instanceof SlowResponseException) {
        return slowResponse(reasons);
      }
      if (t instanceof SocketTimeoutException) {
        return m.toLowerCase(Locale.ROOT).contains("connect")
            ? Outcome.failure(Outcome.CONNECT, Reasons.CONNECT_TIMEOUT)
            : Outcome.failure(Outcome.TIMEOUT, Reasons.READ_TIMEOUT);
      }
      if (t instanceof SSLException) {
        return Outcome.failure(Outcome.IO, reasons.intern(tls(m)));
      }
      if (t instanceof ProtocolException) {
        return Outcome.failure(Outcome.IO, reasons.intern("malformed response: " + m));
      }
      if (t instanceof EOFException) {
        return Outcome.failure(Outcome.IO, Reasons.CLOSED);
      }
      if (t instanceof SocketException) {
        if (m.startsWith("Connection reset")) {
          return Outcome.failure(Outcome.IO, Reasons.RESET);
        }
        if (m.startsWith("Broken pipe")) {
          return Outcome.failure(Outcome.IO, Reasons.BROKEN_PIPE);
        }
      }
      if (t.getCause() == null) {
        break;
      }
    }
    String m = failure.getMessage();
    return Outcome.failure(
        written ? Outcome.IO : Outcome.CONNECT,
        reasons.intern(failure.getClass().getSimpleName() + (m == null ? "" : ": " + m)));
  }

  /** A TLS failure in words, with the certificate problem named and what to do about it. */
  static String tls(String message) {
    String m = message.toLowerCase(Locale.ROOT);
    if (m.contains("pkix path") || m.contains("unable to find valid certification path")) {
      return "TLS: the server's certificate is not trusted (self-signed or unknown issuer);"
          + " for a self-signed test server, use --insecure";
    }
    if (m.contains("no subject alternative") || m.contains("no name matching")) {
      return "TLS: the certificate does not name this host ("
          + message
          + "); for a test server, use --insecure";
    }
    if (m.contains("validity check failed") || m.contains("certificate expired")) {
      return "TLS: the server's certificate has expired or is not yet valid";
    }
    if (m.contains("no_application_protocol")) {
      return "TLS: the server speaks none of the protocols ALPN offered"
          + " (no_application_protocol); without --http2-prior-knowledge, --http2 takes HTTP/1.1";
    }
    return "TLS: " + message;
  }

  /** Thrown when a request meets an engine that was aborted: it was never sent. */
  static final class AbortedException extends SocketException {
    private static final long serialVersionUID = 1L;

    AbortedException() {
      super("run aborted");
    }
  }

  /**
   * Thrown when a response's bytes keep coming past the read timeout, counted from when it began:
   * an endless or trickled body, which no single read's timeout ends.
   */
  public static final class SlowResponseException extends SocketTimeoutException {
    private static final long serialVersionUID = 1L;

    public SlowResponseException() {
      super(SLOW_RESPONSE);
    }
  }

  /** Loads and links every class the failure path uses, so that no failure waits on the disk. */
  static void prepare() {
    Reasons scratch = new Reasons();
    for (Throwable t :
        new Throwable[] {
          new SocketException("Too many open files"),
          new AbortedException(),
          new ConnectException("Connection refused"),
          new NoRouteToHostException(),
          new UnknownHostException(),
          new SocketTimeoutException("Read timed out"),
          new SlowResponseException(),
          new SSLException("x"),
          new ProtocolException("x"),
          new EOFException(),
          new SocketException("Connection reset"),
          new IOException("x")
        }) {
      outcomeOf(t, scratch, true, false);
    }
    scratch.message(Reasons.OTHER);
  }
}
