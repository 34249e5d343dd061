package io.phaseload.client.engine;

import io.phaseload.client.plan.Target;
import io.phaseload.client.request.ByteBuf;
import io.phaseload.client.request.Capture;
import io.phaseload.client.request.Expectation;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.RequestSpec;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.request.Template;
import io.phaseload.client.request.Vars;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.HttpsSupport;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;
import org.glassfish.jersey.apache5.connector.Apache5ClientProperties;
import org.glassfish.jersey.apache5.connector.Apache5ConnectorProvider;
import org.glassfish.jersey.apache5.connector.Apache5HttpClientBuilderConfigurator;
import org.glassfish.jersey.client.ClientConfig;
import org.glassfish.jersey.client.ClientProperties;
import org.glassfish.jersey.client.RequestEntityProcessing;

/**
 * The Jersey client on Apache HttpClient 5: one shared client whose pool holds a connection for
 * every thread of the busiest phase, so that the pool is never what limits the run (its default of
 * 5 per route is why home-grown clients stall). Automatic retries are off: every request the client
 * counts is exactly one request the server sees.
 */
public final class JerseyEngine implements Engine {

  private final Client client;
  private final PoolingHttpClientConnectionManager pool;
  private final Scenario scenario;
  private final Target base;

  private final Reasons reasons;
  private final boolean keepAlive;
  private final long readTimeoutNanos;
  private volatile boolean aborted;

  public JerseyEngine(EngineSettings settings) {
    this.scenario = settings.scenario();
    this.base = settings.base();
    int maxConnections = settings.maxConnections();
    Duration connectTimeout = settings.connectTimeout();
    Duration readTimeout = settings.readTimeout();
    Tls tls = settings.tls();
    this.reasons = settings.reasons();
    this.keepAlive = settings.keepAlive();
    this.readTimeoutNanos = readTimeout.toNanos();
    Timeout connect = Timeout.ofMilliseconds(connectTimeout.toMillis());
    Timeout read = Timeout.ofMilliseconds(readTimeout.toMillis());
    this.pool =
        PoolingHttpClientConnectionManagerBuilder.create()
            .setMaxConnTotal(maxConnections)
            .setMaxConnPerRoute(maxConnections)
            .setDefaultSocketConfig(
                SocketConfig.custom().setSoTimeout(read).setTcpNoDelay(true).build())
            .setTlsSocketStrategy(
                new DefaultClientTlsStrategy(
                    tls.contextOrDefault(),
                    tls.verifyHostname()
                        ? HttpsSupport.getDefaultHostnameVerifier()
                        : NoopHostnameVerifier.INSTANCE))
            .setDefaultConnectionConfig(
                ConnectionConfig.custom().setConnectTimeout(connect).setSocketTimeout(read).build())
            .build();
    ClientConfig config =
        new ClientConfig()
            .connectorProvider(new Apache5ConnectorProvider())
            .property(Apache5ClientProperties.CONNECTION_MANAGER, pool)
            .property(Apache5ClientProperties.CONNECTION_MANAGER_SHARED, false)
            .property(ClientProperties.CONNECT_TIMEOUT, (int) connectTimeout.toMillis())
            .property(ClientProperties.READ_TIMEOUT, (int) readTimeout.toMillis())
            .property(ClientProperties.FOLLOW_REDIRECTS, false)
            .property(Apache5ClientProperties.CONNECTION_CLOSING_STRATEGY, new JerseyBody.Closing())
            // Buffered entities carry Content-Length, as the raw engine sends them, not chunks.
            .property(ClientProperties.REQUEST_ENTITY_PROCESSING, RequestEntityProcessing.BUFFERED)
            .register(
                (Apache5HttpClientBuilderConfigurator)
                    builder -> {
                      builder.disableAutomaticRetries().disableContentCompression();
                      if (!keepAlive) {
                        // No connection goes back to the pool: each request opens its own.
                        builder.setConnectionReuseStrategy((request, response, context) -> false);
                      }
                      return builder;
                    });
    this.client = ClientBuilder.newClient(config);
  }

  @Override
  public Session open() {
    Invocation[] fixed = new Invocation[scenario.size()];
    int[] keep = new int[scenario.size()];
    for (int r = 0; r < fixed.length; r++) {
      RequestSpec spec = scenario.get(r);
      keep[r] = EncodedRequest.bodyToKeep(spec);
      if (spec.endpoints().size() == 1 && spec.constant()) {
        fixed[r] = invocation(spec, 0, Vars.none());
      }
    }
    return new Session() {
      /** Until the last response's head was in, without keep-alive; else 0. */
      private long firstByte;

      /**
       * The last response's first bytes, as many as its check and captures read (or its failure's
       * excerpt), and its headers, kept only for a request that captures or failed its status.
       */
      private final KeptBody kept = new KeptBody();

      private final byte[] buf = new byte[8192];

      private MultivaluedMap<String, String> lastHeaders;

      @Override
      public int execute(int request, Vars vars) {
        RequestSpec spec = scenario.get(request);
        Expectation x = spec.expect();
        long began = System.nanoTime();
        firstByte = 0;
        try {
          Invocation invocation = fixed[request];
          boolean withCookies = scenario.cookies() && !vars.cookies.isEmpty();
          if (invocation == null || withCookies) {
            int e = spec.pickEndpoint(request, vars);
            vars.sentTo(e);
            invocation = invocation(spec, e, vars);
            if (invocation == null) {
              return EncodedRequest.unsafe(reasons);
            }
          } else {
            vars.sentTo(0);
          }
          try (Response response = invocation.invoke()) {
            if (!keepAlive) {
              // Jersey hands back the response once its head is read: the nearest to a first
              // byte it shows. It hides the connect and the handshake, which this time includes.
              firstByte = System.nanoTime() - began;
            }
            int status = response.getStatus();
            kept.start(keep[request]);
            if (!x.statusOk(status)) {
              kept.keepAtLeast(Expectation.EXCERPT_BYTES); // for the reason's excerpt
            }
            if (!spec.head() && response.hasEntity()) {
              JerseyBody.read(response, began + readTimeoutNanos, kept, buf);
            }
            if (!spec.captures().isEmpty() || scenario.cookies()) {
              lastHeaders = response.getStringHeaders();
            }
            return x.check(
                status, kept.bytes(), kept.length(), kept.truncated(), vars, request, reasons);
          }
        } catch (ProcessingException | IllegalStateException | IOException e) {
          return Failures.outcomeOf(e, reasons, true, aborted);
        }
      }

      @Override
      public int capture(int outcome, int request, Vars vars) {
        scenario
            .get(request)
            .expect()
            .explain(
                outcome, kept.bytes(), kept.length(), kept.truncated(), vars, request, reasons);
        MultivaluedMap<String, String> headers = lastHeaders;
        List<String> setCookies = headers == null ? null : headers.get("Set-Cookie");
        if (scenario.cookies() && setCookies != null) {
          RequestSpec.Endpoint endpoint = scenario.get(request).endpoints().get(vars.sentTo());
          String host = endpoint.originOr(base).host();
          long now = System.currentTimeMillis();
          for (String c : setCookies) {
            vars.cookies.receive(c, host, endpoint.defaultCookiePath(), now);
          }
        }
        List<Capture> captures = scenario.get(request).captures();
        if (captures.isEmpty()) {
          return outcome;
        }
        return Capture.takeAll(
            captures,
            outcome,
            kept.bytes(),
            kept.length(),
            kept.truncated(),
            name -> headers == null ? null : headers.getFirst(name),
            vars,
            request,
            reasons);
      }

      @Override
      public long firstByteNanos() {
        return firstByte;
      }

      @Override
      public void close() {}
    };
  }

  /**
   * The request as Jersey builds it: the same method, URL, headers and body as the raw engine. Null
   * when a value rendered into its path, a header or the cookies holds CR, LF or NUL ({@link
   * EncodedRequest#safeInHead}, as the socket engines check it): it must not be sent.
   */
  private Invocation invocation(RequestSpec spec, int e, Vars vars) {
    vars.startRequest();
    RequestSpec.Endpoint endpoint = spec.endpoints().get(e);
    Target origin = endpoint.originOr(base);
    String base = origin.uri().getScheme() + "://" + origin.uri().getRawAuthority();
    String path = headValue(endpoint.path(), vars);
    if (path == null) {
      return null;
    }
    Invocation.Builder builder = client.target(base + path).request();
    if (scenario.cookies() && !vars.cookies.isEmpty()) {
      ByteBuf cookie = new ByteBuf(128);
      byte[] p = path.getBytes(StandardCharsets.UTF_8);
      vars.cookies.appendHeader(
          origin.host(),
          origin.uri().getScheme().equals("https"),
          p,
          0,
          p.length,
          System.currentTimeMillis(),
          cookie);
      if (!EncodedRequest.safeInHead(cookie.array(), 0, Math.max(0, cookie.length() - 2))) {
        return null;
      }
      String line = new String(cookie.array(), 0, cookie.length(), StandardCharsets.UTF_8);
      if (!line.isEmpty()) {
        builder.header("Cookie", line.substring("Cookie: ".length()).strip());
      }
    }
    String contentType = null;
    if (!spec.sets(HttpHeaders.USER_AGENT)) {
      builder.header(HttpHeaders.USER_AGENT, EncodedRequest.USER_AGENT);
    }
    if (!spec.sets(HttpHeaders.ACCEPT)) {
      builder.header(HttpHeaders.ACCEPT, "*/*");
    }
    if (!keepAlive && !spec.sets("Connection")) {
      builder.header("Connection", "close");
    }
    for (RequestSpec.Header h : spec.headers()) {
      String value = headValue(h.value(), vars);
      if (value == null) {
        return null;
      }
      if (h.name().equalsIgnoreCase(HttpHeaders.CONTENT_TYPE)) {
        contentType = value;
      } else {
        builder.header(h.name(), value);
      }
    }
    if (spec.body() == null && !spec.method().matches("POST|PUT|PATCH")) {
      return builder.build(spec.method());
    }
    byte[] body = spec.body() == null ? new byte[0] : renderBytes(spec.body(), vars);
    MediaType type =
        contentType == null
            ? MediaType.APPLICATION_OCTET_STREAM_TYPE
            : MediaType.valueOf(contentType);
    return builder.build(spec.method(), Entity.entity(body, type));
  }

  /** {@code t} rendered for a request's head; null if it holds CR, LF or NUL. */
  private static String headValue(Template t, Vars vars) {
    byte[] b = renderBytes(t, vars);
    return EncodedRequest.safeInHead(b, 0, b.length) ? new String(b, StandardCharsets.UTF_8) : null;
  }

  private static byte[] renderBytes(Template t, Vars vars) {
    if (t.constant() != null) {
      return t.constant();
    }
    ByteBuf out = vars.body;
    out.clear();
    t.render(vars, out);
    return Arrays.copyOf(out.array(), out.length());
  }

  /** A thread each, blocking on its own session: {@link ThreadUsers}. */
  @Override
  public void drive(User[] users, Drive how, LongConsumer started) throws InterruptedException {
    ThreadUsers.drive(this, users, how, started);
  }

  @Override
  public void abort() {
    aborted = true;
    // IMMEDIATE closes leased connections too, which unblocks their threads' reads.
    pool.close(CloseMode.IMMEDIATE);
  }

  @Override
  public void close() {
    client.close();
    pool.close();
  }
}
