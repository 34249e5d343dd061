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
   */
  EncodedRequest(RequestSpec spec, int[] origin, List<Origin> origins, boolean keepAlive) {
    this.spec = spec;
    this.expect = spec.expect();
    this.head = spec.head();
    this.captures = spec.captures();
    boolean readsBody = spec.captures().stream().anyMatch(Capture::readsBody);
    this.keep =
        spec.head()
            ? 0
            : Math.max(
                spec.expect().bodyBytesNeeded(), readsBody ? Expectation.MAX_BODY_CHECKED : 0);
    this.keepHeaders =
        spec.captures().stream()
            .map(Capture::headerName)
            .filter(Objects::nonNull)
            .distinct()
            .toArray(String[]::new);
    this.origin = origin;
    this.method = bytes(spec.method() + " ");
    this.hosts = new byte[origin.length][];
    for (int e = 0; e < origin.length; e++) {
      hosts[e] = origins.get(origin[e]).hostHeader;
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
   * outcome: {@code outcome} as it was, or a {@link Outcome#CAPTURE} failure with the reason of the
   * first capture that found nothing. A response that failed sets none: each of its captures'
   * values is taken away, so that the requests needing them are skipped. Allocates (a capture
   * parses the body); call after the response is recorded as timed.
   */
  public int capture(
      int outcome, KeptBody body, KeptHeaders headers, Vars vars, int request, Reasons reasons) {
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
   * {@code vars.buffer}. Valid up to {@link #length} with the same arguments.
   */
  public byte[] bytes(int e, Vars vars) {
    if (fixed[e] != null) {
      return fixed[e];
    }
    render(e, vars);
    return vars.buffer.array();
  }

  /** How many of {@link #bytes} to send. */
  public int length(int e, Vars vars) {
    return fixed[e] != null ? fixed[e].length : vars.buffer.length();
  }

  /** Renders the whole request for endpoint {@code e} into {@code vars.buffer}. */
  public void render(int e, Vars vars) {
    vars.startRequest();
    ByteBuf out = vars.buffer;
    out.clear();
    out.append(method);
    spec.endpoints().get(e).path().render(vars, out);
    out.append(HTTP11).append(hosts[e]).append(CRLF).append(defaults);
    List<RequestSpec.Header> headers = spec.headers();
    for (int i = 0; i < headerNames.length; i++) {
      out.append(headerNames[i]).append(COLON);
      headers.get(i).value().render(vars, out);
      out.append(CRLF);
    }
    if (!sendsLength) {
      out.append(CRLF);
      return;
    }
    ByteBuf body = vars.body;
    body.clear();
    if (spec.body() != null) {
      spec.body().render(vars, body);
    }
    out.append(CONTENT_LENGTH).append(body.length()).append(CRLF).append(CRLF);
    out.append(body.array(), 0, body.length());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
