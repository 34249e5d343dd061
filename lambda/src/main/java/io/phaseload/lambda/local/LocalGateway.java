package io.phaseload.lambda.local;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.phaseload.common.Contract;
import io.phaseload.lambda.GetProxyHandler;
import io.phaseload.lambda.PostProxyHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A local stand-in for API Gateway's proxy integration, for rehearsing the Lambda code on loopback:
 * each HTTP request to {@code /sayHello} becomes the {@link APIGatewayProxyRequestEvent} API
 * Gateway would send and is handed to the real handler class, whose response event becomes the HTTP
 * response. Other paths get 404, other methods 405, as JSON. It counts invocations so tests can
 * check that every request reached a handler. Thread-safe; one handler instance per function, as a
 * warm Lambda container keeps it.
 */
public final class LocalGateway implements AutoCloseable {

  /**
   * The JDK's HttpServer writes a response's head and body as two segments. With Nagle's algorithm
   * on, the body waits for the ACK of the head, which the client's TCP delays by about 40 ms: every
   * request on a keep-alive connection would take 40+ ms. The server reads this property once, when
   * its first instance in the JVM is made, so it is set as this class initialises, before {@link
   * #start} can make one. A value the user gave with {@code -D} is kept.
   */
  static final String NODELAY = "sun.net.httpserver.nodelay";

  static {
    if (System.getProperty(NODELAY) == null) {
      System.setProperty(NODELAY, "true");
    }
  }

  private static final int BACKLOG = 1024;

  private final HttpServer http;
  private final ExecutorService executor;
  private final RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> get =
      new GetProxyHandler();
  private final RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> post =
      new PostProxyHandler();
  private final AtomicLong gets = new AtomicLong();
  private final AtomicLong posts = new AtomicLong();

  private LocalGateway(HttpServer http, ExecutorService executor) {
    this.http = http;
    this.executor = executor;
  }

  /**
   * Binds {@code host:port} (0 for any free port) and starts serving with {@code threads} threads.
   *
   * @throws IllegalArgumentException if a value is out of range
   * @throws IOException if the address cannot be bound
   */
  public static LocalGateway start(String host, int port, int threads) throws IOException {
    return start(new LocalGatewayConfig(host, port, threads));
  }

  /**
   * Binds and starts serving.
   *
   * @throws IOException if the address cannot be bound
   */
  public static LocalGateway start(LocalGatewayConfig config) throws IOException {
    HttpServer http =
        HttpServer.create(new InetSocketAddress(config.host(), config.port()), BACKLOG);
    ExecutorService executor = Executors.newFixedThreadPool(config.threads());
    LocalGateway gateway = new LocalGateway(http, executor);
    http.createContext("/", gateway::handle);
    http.setExecutor(executor);
    http.start();
    return gateway;
  }

  public int port() {
    return http.getAddress().getPort();
  }

  public String url() {
    return "http://" + http.getAddress().getHostString() + ":" + port() + Contract.PATH;
  }

  /** Invocations of the GET function so far. */
  public long getInvocations() {
    return gets.get();
  }

  /** Invocations of the POST function so far. */
  public long postInvocations() {
    return posts.get();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] requestBody = exchange.getRequestBody().readAllBytes();
      String path = exchange.getRequestURI().getPath();
      String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
      if (!path.equals(Contract.PATH)) {
        send(exchange, 404, Contract.error("not found"), Map.of());
        return;
      }
      RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> function;
      if (method.equals("GET")) {
        function = get;
        gets.incrementAndGet();
      } else if (method.equals("POST")) {
        function = post;
        posts.incrementAndGet();
      } else {
        send(exchange, 405, Contract.error("method not allowed"), Map.of("Allow", "GET, POST"));
        return;
      }
      APIGatewayProxyResponseEvent response;
      try {
        response =
            function.handleRequest(event(exchange, method, path, requestBody), new LocalContext());
      } catch (RuntimeException e) {
        // What API Gateway answers when the function throws.
        send(exchange, 502, "{\"message\": \"Internal server error\"}", Map.of());
        return;
      }
      String body = response.getBody() == null ? "" : response.getBody();
      if (Boolean.TRUE.equals(response.getIsBase64Encoded())) {
        body = new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
      }
      send(
          exchange,
          response.getStatusCode() == null ? 200 : response.getStatusCode(),
          body,
          response.getHeaders() == null ? Map.of() : response.getHeaders());
    }
  }

  /** The event API Gateway's REST API proxy integration sends for this request. */
  static APIGatewayProxyRequestEvent event(
      HttpExchange exchange, String method, String path, byte[] body) {
    Map<String, String> headers = new HashMap<>();
    Map<String, List<String>> multi = new HashMap<>();
    exchange
        .getRequestHeaders()
        .forEach(
            (name, values) -> {
              headers.put(name, values.get(values.size() - 1));
              multi.put(name, new ArrayList<>(values));
            });
    Map<String, String> query = null;
    String raw = exchange.getRequestURI().getRawQuery();
    if (raw != null && !raw.isEmpty()) {
      query = new HashMap<>();
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        query.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
      }
    }
    String contentType = headers.getOrDefault("Content-type", "");
    boolean text =
        body.length == 0
            || contentType.startsWith("application/json")
            || contentType.startsWith("text/");
    APIGatewayProxyRequestEvent.ProxyRequestContext context =
        new APIGatewayProxyRequestEvent.ProxyRequestContext()
            .withStage("local")
            .withResourcePath(Contract.PATH)
            .withHttpMethod(method)
            .withPath("/local" + path)
            .withRequestId(UUID.randomUUID().toString());
    return new APIGatewayProxyRequestEvent()
        .withResource(Contract.PATH)
        .withPath(path)
        .withHttpMethod(method)
        .withHeaders(headers)
        .withMultiValueHeaders(multi)
        .withQueryStringParameters(query)
        .withRequestContext(context)
        .withIsBase64Encoded(!text)
        .withBody(
            body.length == 0
                ? null
                : text
                    ? new String(body, StandardCharsets.UTF_8)
                    : Base64.getEncoder().encodeToString(body));
  }

  private static void send(
      HttpExchange exchange, int status, String body, Map<String, String> headers)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    headers.forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
    exchange.getResponseHeaders().putIfAbsent("Content-Type", List.of("application/json"));
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    if (bytes.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  @Override
  public void close() {
    http.stop(0);
    executor.shutdownNow();
  }
}
