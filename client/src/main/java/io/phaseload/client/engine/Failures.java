package io.phaseload.client.engine;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;

/** Maps the exceptions of any engine to an {@link Outcome} kind. Stateless. */
public final class Failures {

  private Failures() {}

  /**
   * The outcome kind of a failed exchange, from the innermost cause that says something: connect
   * errors first (including connect timeouts), then read timeouts, else I/O.
   */
  public static int kindOf(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ConnectException
          || t instanceof NoRouteToHostException
          || t instanceof UnknownHostException
          || t.getClass().getSimpleName().equals("ConnectTimeoutException")) {
        return Outcome.CONNECT;
      }
      if (t instanceof SocketTimeoutException) {
        String m = t.getMessage();
        return m != null && m.toLowerCase(java.util.Locale.ROOT).contains("connect")
            ? Outcome.CONNECT
            : Outcome.TIMEOUT;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return Outcome.IO;
  }
}
