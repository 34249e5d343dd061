package io.phaseload.client.engine;

import io.phaseload.client.request.ByteBuf;
import io.phaseload.client.request.Capture;
import io.phaseload.client.request.Expectation;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.RequestSpec;
import io.phaseload.client.request.Vars;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One request of the scenario as HTTP/1.1 bytes: encoded once when it has no variable, else
 * rendered per send into the caller's buffer. What every socket engine writes. Immutable; {@link
 * #render} writes only into the {@link Vars} it is given.
 */
public final class EncodedRequest {

  /** The User-Agent every engine sends unless a request sets its own. */
  public static final String USER_AGENT = "phaseload";

  private static final byte[] HTTP11 = bytes(" HTTP/1.1\r\nHost: ");
  private static final byte[] CRLF = bytes("\r\n");
  private static final byte[] COLON = bytes(": ");
  private static final byte[] CONTENT_LENGTH = bytes("Content-Length: ");

  public final RequestSpec spec;
  public final Expectation expect;
  public final boolean head;
  public final int keep;

  /** The headers the request's captures read, lower case: the parser keeps their values. */
  public final String[] keepHeaders;

  private final List<Capture> captures;

  /** Whether users keep cookies: the parser keeps Set-Cookie, and requests send Cookie. */
  public final boolean cookies;

  /** Each endpoint's host name, for cookie domains. */
  private final String[] hostNames;

  /** Whether each endpoint is https, for Secure cookies. */
  private final boolean[] https;

  /** Each endpoint's default cookie path ({@link RequestSpec.Endpoint#defaultCookiePath}). */
  private final String[] defaultPaths;

  /** The origin index of each endpoint. */
  public final int[] origin;

  /** Each endpoint's bytes when the request has no variable, else null. */
  public final byte[][] fixed;

  private final byte[] method;
  private final byte[][] hosts;
  private final byte[] defaults;
  private final byte[][] headerNames;
  private final boolean sendsLength;

  /**
   * @param keepAlive whether to ask for the connection to stay open ({@code Connection:
   *     keep-alive}) or to be closed after the response ({@code Connection: close})
   * @param cookies whether users keep cookies
   */
  EncodedRequest(
      RequestSpec spec, int[] origin, List<Origin> origins, boolean keepAlive, boolean cookies) {
    this.spec = spec;
    this.cookies = cookies;
    this.expect = spec.expect();
    this.head = spec.head();
    this.captures = spec.captures();
    this.keep = bodyToKeep(spec);
    this.keepHeaders =
        spec.captures().stream()
            .map(Capture::headerName)
            .filter(Objects::nonNull)
            .distinct()
            .toArray(String[]::new);
    this.origin = origin;
    this.method = bytes(spec.method() + " ");
    this.hosts = new byte[origin.length][];
    this.hostNames = new String[origin.length];
    this.https = new boolean[origin.length];
    this.defaultPaths = new String[origin.length];
    for (int e = 0; e < origin.length; e++) {
      Origin o = origins.get(origin[e]);
      hosts[e] = o.hostHeader;
      hostNames[e] = o.host;
      https[e] = o.tlsContext != null;
      defaultPaths[e] = spec.endpoints().get(e).defaultCookiePath();
    }
    StringBuilder d = new StringBuilder();
    if (!spec.sets("User-Agent")) {
      d.append("User-Agent: ").append(USER_AGENT).append("\r\n");
    }
    if (!spec.sets("Accept")) {
      d.append("Accept: */*\r\n");
    }
    if (!spec.sets("Connection")) {
      d.append(keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n");
    }
    this.defaults = bytes(d.toString());
    this.headerNames = new byte[spec.headers().size()][];
    for (int i = 0; i < headerNames.length; i++) {
      headerNames[i] = bytes(spec.headers().get(i).name());
    }
    this.sendsLength =
        spec.body() != null
            || spec.method().equals("POST")
            || spec.method().equals("PUT")
            || spec.method().equals("PATCH");
    this.fixed = new byte[origin.length][];
    if (spec.constant()) {
      Vars none = Vars.none();
      for (int e = 0; e < origin.length; e++) {
        render(e, none);
        fixed[e] = Arrays.copyOf(none.buffer.array(), none.buffer.length());
      }
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
   * The bytes to send for endpoint {@code e}: those encoded once, or the request rendered into
   * {@code vars.buffer}. Valid up to {@link #length} with the same arguments. Null when a rendered
   * value would end a line of the head ({@link #render}): nothing may be sent then, and the request
   * fails with {@link #unsafe}.
   */
  public byte[] bytes(int e, Vars vars) {
    vars.sentTo(e);
    if (sendsFixed(e, vars)) {
      return fixed[e];
    }
    return render(e, vars) ? vars.buffer.array() : null;
  }

  /**
   * The outcome of a request that {@link #bytes} refused: not sent, for a value that held CR, LF or
   * NUL. On the failure path only (it looks up the reason's code).
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

  /** How many of {@link #bytes} to send. */
  public int length(int e, Vars vars) {
    return sendsFixed(e, vars) ? fixed[e].length : vars.buffer.length();
  }

  /** Whether endpoint {@code e} is sent as encoded once: no variable, and no cookie to add. */
  private boolean sendsFixed(int e, Vars vars) {
    return fixed[e] != null && (!cookies || vars.cookies.isEmpty());
  }

  /**
   * Renders the whole request for endpoint {@code e} into {@code vars.buffer}. False when a value
   * rendered into the head (the path, a header's value, the cookies) holds CR, LF or NUL ({@link
   * #safeInHead}): a variable, a capture or a data row would then write lines of its own, so the
   * request must not be sent. The bytes scanned are those just written; nothing is allocated.
   */
  public boolean render(int e, Vars vars) {
    vars.startRequest();
    ByteBuf out = vars.buffer;
    out.clear();
    out.append(method);
    int pathStart = out.length();
    spec.endpoints().get(e).path().render(vars, out);
    int pathEnd = out.length();
    boolean safe = safeInHead(out.array(), pathStart, pathEnd);
    out.append(HTTP11).append(hosts[e]).append(CRLF).append(defaults);
    List<RequestSpec.Header> headers = spec.headers();
    for (int i = 0; i < headerNames.length; i++) {
      out.append(headerNames[i]).append(COLON);
      int from = out.length();
      headers.get(i).value().render(vars, out);
      safe &= safeInHead(out.array(), from, out.length());
      out.append(CRLF);
    }
    if (cookies && !vars.cookies.isEmpty()) {
      int from = out.length();
      vars.cookies.appendHeader(
          hostNames[e], https[e], out.array(), pathStart, pathEnd, System.currentTimeMillis(), out);
      // The cookie line ends in its own CRLF; the pairs before it come from the target.
      safe &= out.length() == from || safeInHead(out.array(), from, out.length() - CRLF.length);
    }
    if (!sendsLength) {
      out.append(CRLF);
      return safe;
    }
    ByteBuf body = vars.body;
    body.clear();
    if (spec.body() != null) {
      spec.body().render(vars, body);
    }
    out.append(CONTENT_LENGTH).append(body.length()).append(CRLF).append(CRLF);
    out.append(body.array(), 0, body.length());
    return safe;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
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
