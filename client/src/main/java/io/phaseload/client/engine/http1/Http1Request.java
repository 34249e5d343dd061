package io.phaseload.client.engine.http1;

import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.Origin;
import io.phaseload.client.request.ByteBuf;
import io.phaseload.client.request.RequestSpec;
import io.phaseload.client.request.Vars;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * One request of the scenario as HTTP/1.1 bytes: encoded once when it has no variable, else
 * rendered per send into the caller's buffer. What the HTTP/1.1 connections write, the thread
 * engine's and the loops'; the request's protocol-neutral part (its check, captures, cookies) is
 * its {@link EncodedRequest}. Immutable; {@link #render} writes only into the {@link Vars} it is
 * given.
 */
public final class Http1Request {

  private static final byte[] HTTP11 = bytes(" HTTP/1.1\r\nHost: ");
  private static final byte[] CRLF = bytes("\r\n");
  private static final byte[] COLON = bytes(": ");
  private static final byte[] CONTENT_LENGTH = bytes("Content-Length: ");

  private final RequestSpec spec;

  /** Whether users keep cookies: requests send Cookie. */
  private final boolean cookies;

  /** Each endpoint's host name, for cookie domains. */
  private final String[] hostNames;

  /** Whether each endpoint is https, for Secure cookies. */
  private final boolean[] https;

  /** Each endpoint's bytes when the request has no variable, else null. */
  private final byte[][] fixed;

  private final byte[] method;
  private final byte[][] hosts;
  private final byte[] defaults;
  private final byte[][] headerNames;
  private final boolean sendsLength;

  /**
   * @param origins the scenario's origins, which {@link EncodedRequest#origin} indexes
   * @param keepAlive whether to ask for the connection to stay open ({@code Connection:
   *     keep-alive}) or to be closed after the response ({@code Connection: close})
   */
  public Http1Request(EncodedRequest request, List<Origin> origins, boolean keepAlive) {
    this.spec = request.spec;
    this.cookies = request.cookies;
    int[] origin = request.origin;
    this.method = bytes(spec.method() + " ");
    this.hosts = new byte[origin.length][];
    this.hostNames = new String[origin.length];
    this.https = new boolean[origin.length];
    for (int e = 0; e < origin.length; e++) {
      Origin o = origins.get(origin[e]);
      hosts[e] = o.hostHeader;
      hostNames[e] = o.host;
      https[e] = o.tlsContext != null;
    }
    StringBuilder d = new StringBuilder();
    if (!spec.sets("User-Agent")) {
      d.append("User-Agent: ").append(EncodedRequest.USER_AGENT).append("\r\n");
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
    this.sendsLength = request.sendsLength;
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
   * The bytes to send for endpoint {@code e}, which {@code vars} notes as the one sent to: those
   * encoded once, or the request rendered into {@code vars.buffer}. Valid up to {@link #length}
   * with the same arguments. Null when a rendered value would end a line of the head ({@link
   * #render}): nothing may be sent then, and the request fails with {@link EncodedRequest#unsafe}.
   */
  public byte[] bytes(int e, Vars vars) {
    vars.sentTo(e);
    if (sendsFixed(e, vars)) {
      return fixed[e];
    }
    return render(e, vars) ? vars.buffer.array() : null;
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
   * EncodedRequest#safeInHead}): a variable, a capture or a data row would then write lines of its
   * own, so the request must not be sent. The bytes scanned are those just written; nothing is
   * allocated.
   */
  public boolean render(int e, Vars vars) {
    vars.startRequest();
    ByteBuf out = vars.buffer;
    out.clear();
    out.append(method);
    int pathStart = out.length();
    spec.endpoints().get(e).path().render(vars, out);
    int pathEnd = out.length();
    boolean safe = EncodedRequest.safeInHead(out.array(), pathStart, pathEnd);
    out.append(HTTP11).append(hosts[e]).append(CRLF).append(defaults);
    List<RequestSpec.Header> headers = spec.headers();
    for (int i = 0; i < headerNames.length; i++) {
      out.append(headerNames[i]).append(COLON);
      int from = out.length();
      headers.get(i).value().render(vars, out);
      safe &= EncodedRequest.safeInHead(out.array(), from, out.length());
      out.append(CRLF);
    }
    if (cookies && !vars.cookies.isEmpty()) {
      int from = out.length();
      vars.cookies.appendHeader(
          hostNames[e], https[e], out.array(), pathStart, pathEnd, System.currentTimeMillis(), out);
      // The cookie line ends in its own CRLF; the pairs before it come from the target.
      safe &=
          out.length() == from
              || EncodedRequest.safeInHead(out.array(), from, out.length() - CRLF.length);
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
}
