package io.phaseload.client.engine.http2;

import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;
import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.Origin;
import io.phaseload.client.request.ByteBuf;
import io.phaseload.client.request.RequestSpec;
import io.phaseload.client.request.Vars;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One request of the scenario as HTTP/2 fields: {@code :method}, {@code :scheme}, {@code
 * :authority} and {@code :path}, then the request's headers with lower-case names, the defaults
 * every engine sends (User-Agent, Accept), the user's cookies in one {@code cookie} field, and
 * {@code content-length} with a body. A request without variables is encoded once per endpoint,
 * before the run; one with variables is rendered into its {@link Vars} and encoded per send. The
 * headers HTTP/2 forbids (RFC 9113, 8.2.2: Connection and those it names) are not sent; a Host
 * header becomes {@code :authority}. Immutable.
 */
public final class Http2Request {

  /** Header names that are HTTP/1.1's alone: an HTTP/2 request that carried one is malformed. */
  private static final Set<String> CONNECTION_SPECIFIC =
      Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade");

  private static final AsciiString USER_AGENT = AsciiString.cached("user-agent");
  private static final AsciiString ACCEPT = AsciiString.cached("accept");
  private static final AsciiString COOKIE = AsciiString.cached("cookie");
  private static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");
  private static final AsciiString AGENT = AsciiString.cached(EncodedRequest.USER_AGENT);
  private static final AsciiString ANY = AsciiString.cached("*/*");
  private static final byte[] NO_BODY = {};

  /** "Cookie: " and CRLF, around the value the cookie jar writes. */
  private static final int COOKIE_PREFIX = 8;

  private static final int CRLF = 2;

  private final RequestSpec spec;
  private final boolean cookies;
  private final AsciiString method;
  private final AsciiString[] schemes;
  private final AsciiString[] authorities;
  private final String[] hostNames;
  private final boolean[] https;
  private final boolean userAgent;
  private final boolean accept;
  private final boolean sendsLength;

  /** Each of the request's headers' lower-case name; null for one not sent. */
  private final AsciiString[] names;

  /** The index of the request's Host header, whose value is {@code :authority}; -1 if none. */
  private final int host;

  /** Each endpoint's fields when the request has no variable, else null; never changed. */
  private final Http2Headers[] fixed;

  private final byte[] fixedBody;

  /**
   * @param origins the scenario's origins, which {@link EncodedRequest#origin} indexes
   */
  public Http2Request(EncodedRequest request, List<Origin> origins) {
    this.spec = request.spec;
    this.cookies = request.cookies;
    this.method = new AsciiString(spec.method());
    int[] origin = request.origin;
    this.schemes = new AsciiString[origin.length];
    this.authorities = new AsciiString[origin.length];
    this.hostNames = new String[origin.length];
    this.https = new boolean[origin.length];
    for (int e = 0; e < origin.length; e++) {
      Origin o = origins.get(origin[e]);
      https[e] = o.tlsContext != null;
      schemes[e] = new AsciiString(https[e] ? "https" : "http");
      authorities[e] = new AsciiString(o.hostHeader);
      hostNames[e] = o.host;
    }
    this.userAgent = !spec.sets("User-Agent");
    this.accept = !spec.sets("Accept");
    List<RequestSpec.Header> headers = spec.headers();
    this.names = new AsciiString[headers.size()];
    int h = -1;
    for (int i = 0; i < names.length; i++) {
      String name = headers.get(i).name().toLowerCase(Locale.ROOT);
      if (name.equals("host")) {
        h = i;
      } else if (!CONNECTION_SPECIFIC.contains(name)) {
        names[i] = new AsciiString(name);
      }
    }
    this.host = h;
    this.sendsLength = request.sendsLength;
    this.fixed = new Http2Headers[origin.length];
    if (spec.constant()) {
      Vars none = Vars.none();
      RequestBlock block = new RequestBlock();
      for (int e = 0; e < origin.length; e++) {
        render(e, none, block);
        fixed[e] = new DefaultHttp2Headers(false).set(block.fields);
      }
      fixedBody =
          spec.body() == null ? NO_BODY : java.util.Arrays.copyOf(block.body, block.bodyLength);
    } else {
      fixedBody = NO_BODY;
    }
  }

  /**
   * Points {@code to} at the request for endpoint {@code e}, which {@code vars} notes as the one
   * sent to, encoded by {@code to}'s encoder: the fields built once, or the request rendered into
   * {@code vars}. False when a rendered value would hold CR, LF or NUL ({@link
   * EncodedRequest#safeInHead}; RFC 9113, 8.2.1): nothing may be sent then.
   */
  public boolean encode(int e, Vars vars, RequestBlock to) {
    vars.sentTo(e);
    if (fixed[e] != null && (!cookies || vars.cookies.isEmpty())) {
      to.encode(fixed[e], fixedBody);
      return true;
    }
    return render(e, vars, to);
  }

  /**
   * Renders the request for endpoint {@code e} with {@code vars} and encodes it into {@code to}.
   */
  boolean render(int e, Vars vars, RequestBlock to) {
    vars.startRequest();
    ByteBuf b = vars.buffer;
    b.clear();
    spec.endpoints().get(e).path().render(vars, b);
    int pathEnd = b.length();
    boolean safe = EncodedRequest.safeInHead(b.array(), 0, pathEnd);
    Http2Headers f = to.fields;
    f.clear();
    f.method(method).scheme(schemes[e]).path(text(b, 0, pathEnd));
    AsciiString authority = authorities[e];
    List<RequestSpec.Header> headers = spec.headers();
    for (int i = 0; i < names.length; i++) {
      if (names[i] == null && i != host) {
        continue;
      }
      int from = b.length();
      headers.get(i).value().render(vars, b);
      safe &= EncodedRequest.safeInHead(b.array(), from, b.length());
      AsciiString value = text(b, from, b.length());
      if (i == host) {
        authority = value;
      } else {
        f.add(names[i], value);
      }
    }
    f.authority(authority);
    if (userAgent) {
      f.add(USER_AGENT, AGENT);
    }
    if (accept) {
      f.add(ACCEPT, ANY);
    }
    if (cookies && !vars.cookies.isEmpty()) {
      int from = b.length();
      vars.cookies.appendHeader(
          hostNames[e], https[e], b.array(), 0, pathEnd, System.currentTimeMillis(), b);
      if (b.length() > from) {
        int vs = from + COOKIE_PREFIX;
        int ve = b.length() - CRLF;
        safe &= EncodedRequest.safeInHead(b.array(), vs, ve);
        f.add(COOKIE, text(b, vs, ve));
      }
    }
    ByteBuf body = vars.body;
    body.clear();
    if (sendsLength) {
      if (spec.body() != null) {
        spec.body().render(vars, body);
      }
      f.add(CONTENT_LENGTH, AsciiString.of(Integer.toString(body.length())));
    }
    to.encodeFields();
    to.body = body.array();
    to.bodyLength = body.length();
    return safe;
  }

  private static AsciiString text(ByteBuf b, int from, int to) {
    return new AsciiString(b.array(), from, to - from, true);
  }
}
