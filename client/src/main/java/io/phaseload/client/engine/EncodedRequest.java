package io.phaseload.client.engine;

import io.phaseload.client.request.Capture;
import io.phaseload.client.request.Expectation;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.RequestSpec;
import io.phaseload.client.request.Vars;
import java.util.List;
import java.util.Objects;

/**
 * One request of the scenario as the socket engines prepare it, whatever their protocol: the origin
 * of each endpoint, what its response's check and captures keep (body bytes, headers, cookies), and
 * how an answer becomes an outcome. Its bytes are a protocol's ({@code engine.http1.Http1Request}
 * for HTTP/1.1), built beside it by {@link Wire}. Immutable.
 */
public final class EncodedRequest {

  /** The User-Agent every engine sends unless a request sets its own. */
  public static final String USER_AGENT = "phaseload";

  public final RequestSpec spec;
  public final Expectation expect;
  public final boolean head;

  /**
   * Whether the request says its body's length: it has one, or its method is one that carries one
   * (POST, PUT, PATCH), where an empty body is sent as {@code Content-Length: 0}.
   */
  public final boolean sendsLength;

  public final int keep;

  /** The headers the request's captures read, lower case: the parser keeps their values. */
  public final String[] keepHeaders;

  private final List<Capture> captures;

  /** Whether users keep cookies: the parser keeps Set-Cookie, and requests send Cookie. */
  public final boolean cookies;

  /** Each endpoint's host name, for cookie domains. */
  private final String[] hostNames;

  /** Each endpoint's default cookie path ({@link RequestSpec.Endpoint#defaultCookiePath}). */
  private final String[] defaultPaths;

  /** The origin index of each endpoint. */
  public final int[] origin;

  /**
   * @param origin the origin index of each endpoint, in {@code origins}
   * @param cookies whether users keep cookies
   */
  EncodedRequest(RequestSpec spec, int[] origin, List<Origin> origins, boolean cookies) {
    this.spec = spec;
    this.cookies = cookies;
    this.expect = spec.expect();
    this.head = spec.head();
    this.sendsLength =
        spec.body() != null
            || spec.method().equals("POST")
            || spec.method().equals("PUT")
            || spec.method().equals("PATCH");
    this.captures = spec.captures();
    this.keep = bodyToKeep(spec);
    this.keepHeaders =
        spec.captures().stream()
            .map(Capture::headerName)
            .filter(Objects::nonNull)
            .distinct()
            .toArray(String[]::new);
    this.origin = origin;
    this.hostNames = new String[origin.length];
    this.defaultPaths = new String[origin.length];
    for (int e = 0; e < origin.length; e++) {
      hostNames[e] = origins.get(origin[e]).host;
      defaultPaths[e] = spec.endpoints().get(e).defaultCookiePath();
    }
  }

  /**
   * The outcome of a response with {@code status} and the first bytes of its body, to request
   * number {@code request} of the iteration sent with {@code vars}.
   */
  public int outcome(int status, KeptBody body, Vars vars, int request, Reasons reasons) {
    return expect.check(
        status, body.bytes(), body.length(), body.truncated(), vars, request, reasons);
  }

  /**
   * Takes the request's captures from the response just timed into {@code vars}, and returns its
   * outcome (the reason of an unexpected status kept first, {@link Expectation#explain}): {@code
   * outcome} as it was, or a {@link Outcome#CAPTURE} failure with the reason of the first capture
   * that found nothing. A response that failed sets none: each of its captures' values is taken
   * away, so that the requests needing them are skipped. Allocates (a capture parses the body);
   * call after the response is recorded as timed.
   */
  public int capture(
      int outcome, KeptBody body, KeptHeaders headers, Vars vars, int request, Reasons reasons) {
    expect.explain(outcome, body.bytes(), body.length(), body.truncated(), vars, request, reasons);
    if (cookies && headers.setCookies() > 0) {
      int e = vars.sentTo();
      long now = System.currentTimeMillis();
      for (int i = 0; i < headers.setCookies(); i++) {
        vars.cookies.receive(headers.setCookie(i), hostNames[e], defaultPaths[e], now);
      }
    }
    if (captures.isEmpty()) {
      return outcome;
    }
    return Capture.takeAll(
        captures,
        outcome,
        body.bytes(),
        body.length(),
        body.truncated(),
        headers::value,
        vars,
        request,
        reasons);
  }

  /**
   * The outcome of a request whose bytes a protocol refused: not sent, for a value that held CR, LF
   * or NUL. On the failure path only (it looks up the reason's code).
   */
  public static int unsafe(Reasons reasons) {
    return Outcome.failure(Outcome.NOT_SENT, reasons.intern(UNSAFE));
  }

  /** The reason of {@link #unsafe}. */
  public static final String UNSAFE =
      "not sent: a value rendered into its path, a header or a cookie held CR, LF or NUL"
          + " (it would have added lines to the request)";

  /**
   * Whether {@code b[from, to)} may stand in a request's head: it holds no CR, LF or NUL, which
   * would end the line and let the value write headers, or whole requests, of its own. Every engine
   * asks this of each value it renders into a head. Allocation-free.
   */
  public static boolean safeInHead(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (c == '\r' || c == '\n' || c == 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The bytes of a response body that request {@code spec}'s check and captures read: the rest is
   * counted and dropped, on every engine, so that a large answer costs no heap.
   */
  static int bodyToKeep(RequestSpec spec) {
    boolean readsBody = spec.captures().stream().anyMatch(Capture::readsBody);
    return spec.head()
        ? 0
        : Math.max(spec.expect().bodyBytesNeeded(), readsBody ? Expectation.MAX_BODY_CHECKED : 0);
  }
}
