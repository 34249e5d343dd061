package io.phaseload.client.engine;

import io.phaseload.client.plan.Target;
import io.phaseload.client.request.ByteBuf;
import io.phaseload.client.request.Expectation;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.RequestSpec;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.request.Vars;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLSocketFactory;

/**
 * A lean blocking HTTP/1.1 engine: each session keeps one persistent connection per origin (TLS
 * through {@code SSLSocket} for https), sends requests without variables from bytes serialized once
 * here, renders the others into the thread's reused buffer, and reads responses into buffers it
 * reuses. See {@link RawSession} for how connections are kept and replaced.
 *
 * <p>Thread-safe: the engine holds only immutable state; sessions are per thread.
 */
public final class RawEngine implements Engine {

  /** The User-Agent both engines send unless a request sets its own. */
  static final String USER_AGENT = "phaseload";

  private static final Pattern IPV4 = Pattern.compile("[0-9]+(\\.[0-9]+){3}");
  private static final byte[] HTTP11 = bytes(" HTTP/1.1\r\nHost: ");
  private static final byte[] CRLF = bytes("\r\n");
  private static final byte[] COLON = bytes(": ");
  private static final byte[] CONTENT_LENGTH = bytes("Content-Length: ");

  /** Where a session connects: one per distinct scheme, host and port of the scenario. */
  static final class Origin {
    final String host;
    final int port;

    /** Null for plain http. */
    final SSLSocketFactory tlsFactory;

    final boolean verifyHostname;

    /** The SNI name to send; empty for IP literals, which SNI does not carry. */
    final List<SNIServerName> serverNames;

    /** The Host header's value. */
    final byte[] hostHeader;

    Origin(Target target, Tls tls) {
      String h = target.host();
      this.host = h.startsWith("[") ? h.substring(1, h.length() - 1) : h;
      this.port = target.port();
      this.tlsFactory = target.tls() ? tls.contextOrDefault().getSocketFactory() : null;
      this.verifyHostname = tls.verifyHostname();
      this.serverNames = sniNames(host);
      // The Host header carries the port when the URL names one or it is not the scheme's
      // default, as browsers and Apache HttpClient send it.
      int defaultPort = target.tls() ? 443 : 80;
      boolean showPort = target.uri().getPort() > 0 || target.port() != defaultPort;
      this.hostHeader = bytes(target.host() + (showPort ? ":" + target.port() : ""));
    }
  }

  /** One request of the scenario, prepared for sending. */
  static final class Prepared {
    final RequestSpec spec;
    final Expectation expect;
    final boolean head;
    final int keep;

    /** The origin index of each endpoint. */
    final int[] origin;

    /** Each endpoint's bytes when the request has no variable, else null. */
    final byte[][] fixed;

    private final byte[] method;
    private final byte[][] hosts;
    private final byte[] defaults;
    private final byte[][] headerNames;
    private final boolean sendsLength;

    Prepared(RequestSpec spec, int[] origin, List<Origin> origins) {
      this.spec = spec;
      this.expect = spec.expect();
      this.head = spec.head();
      this.keep = spec.head() ? 0 : spec.expect().bodyBytesNeeded();
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
        d.append("Connection: keep-alive\r\n");
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

    /** Renders the whole request for endpoint {@code e} into {@code vars.buffer}. */
    void render(int e, Vars vars) {
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
  }

  final Origin[] origins;
  final Prepared[] requests;
  final int connectTimeoutMillis;
  final int readTimeoutMillis;
  final Reasons reasons;

  /** Every connected socket, so that {@link #abort} can close them; touched on connect only. */
  private final Set<Socket> live = ConcurrentHashMap.newKeySet();

  private volatile boolean aborted;

  public RawEngine(Engines.Settings settings) {
    this.connectTimeoutMillis = millis(settings.connectTimeout().toMillis());
    this.readTimeoutMillis = millis(settings.readTimeout().toMillis());
    this.reasons = settings.reasons();
    Scenario scenario = settings.scenario();
    Map<String, Integer> ids = new LinkedHashMap<>();
    List<Origin> list = new ArrayList<>();
    this.requests = new Prepared[scenario.size()];
    for (int r = 0; r < scenario.size(); r++) {
      RequestSpec spec = scenario.get(r);
      int[] origin = new int[spec.endpoints().size()];
      for (int e = 0; e < origin.length; e++) {
        Target t = spec.endpoints().get(e).originOr(settings.base());
        String key = t.uri().getScheme() + "://" + t.host() + ":" + t.port();
        Integer id = ids.get(key);
        if (id == null) {
          id = list.size();
          ids.put(key, id);
          list.add(new Origin(t, settings.tls()));
        }
        origin[e] = id;
      }
      requests[r] = new Prepared(spec, origin, list);
    }
    this.origins = list.toArray(new Origin[0]);
  }

  @Override
  public String name() {
    return "raw";
  }

  @Override
  public Session open() {
    return new RawSession(this);
  }

  @Override
  public void prepare() {
    Engine.super.prepare();
    new ResponseReader();
    Vars none = Vars.none();
    for (int r = 0; r < requests.length; r++) {
      requests[r].render(requests[r].spec.pickEndpoint(r, none), none);
    }
  }

  @Override
  public void abort() {
    aborted = true;
    for (Socket s : live) {
      try {
        s.close();
      } catch (IOException e) {
        // closing is all we want; a failure to close leaves nothing more to do
      }
    }
  }

  @Override
  public void close() {}

  /** Registers a new connection; refuses it if the engine was aborted. */
  void connected(Socket s) throws IOException {
    live.add(s);
    if (aborted) {
      live.remove(s);
      throw new Failures.AbortedException();
    }
  }

  boolean aborted() {
    return aborted;
  }

  void disconnected(Socket s) {
    live.remove(s);
  }

  private static List<SNIServerName> sniNames(String host) {
    if (host.indexOf(':') >= 0 || IPV4.matcher(host).matches()) {
      return List.of();
    }
    try {
      return List.of(new SNIHostName(host));
    } catch (IllegalArgumentException e) {
      return List.of(); // not a name SNI can carry (e.g. an underscore); the handshake goes on
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static int millis(long ms) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, ms));
  }
}
