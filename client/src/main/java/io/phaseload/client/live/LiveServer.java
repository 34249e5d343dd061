package io.phaseload.client.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import io.phaseload.client.report.HtmlPage;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code --live} port: the Prometheus client library's own HTTP server answers {@code /metrics}
 * (and {@code /-/healthy}); this class adds the page at {@code /} and its updates at {@code
 * /events}, as server-sent events, one a second. After the run, {@code /} is the final report page
 * and {@code /events} tells a page still open to load it. Every path answers only requests that
 * name this server in their {@code Host} ({@link HostCheck}); others get 421.
 *
 * <p>Thread-safe: the feed's thread publishes, the server's threads read.
 */
final class LiveServer implements AutoCloseable {

  /** Pages following the updates at once; more are told to come back later (503). */
  static final int MAX_STREAMS = 8;

  /** A comment line this often keeps an idle stream open through proxies. */
  private static final long KEEPALIVE_NANOS = 15_000_000_000L;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final HTTPServer server;
  private final String title;
  private final AtomicInteger streams = new AtomicInteger();
  private Map<String, Object> data;
  private String json;
  private long version;
  private String finalPage;
  private boolean closed;

  private LiveServer(InetSocketAddress address, PrometheusRegistry registry, String title)
      throws IOException {
    this.title = title;
    // Each open page holds a thread for its stream: a pool of its own, never the run's, with room
    // for every stream and the scrapes besides.
    ExecutorService pool =
        new ThreadPoolExecutor(
            1,
            MAX_STREAMS + 4,
            60,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            r -> {
              Thread t = new Thread(r, "phaseload-live-http");
              t.setDaemon(true);
              return t;
            },
            new ThreadPoolExecutor.AbortPolicy());
    HostCheck hosts = new HostCheck(address);
    try {
      this.server =
          HTTPServer.builder()
              .inetAddress(address.getAddress())
              .port(address.getPort())
              .registry(registry)
              .executorService(pool)
              .authenticator(hosts)
              .defaultHandler(this::handle)
              .buildAndStart();
      hosts.port(server.getPort());
    } catch (IOException | RuntimeException e) {
      pool.shutdownNow();
      throw e;
    }
  }

  /**
   * Binds {@code address} and starts serving.
   *
   * @throws IOException if the address is in use or not this machine's
   */
  static LiveServer start(InetSocketAddress address, PrometheusRegistry registry, String title)
      throws IOException {
    return new LiveServer(address, registry, title);
  }

  int port() {
    return server.getPort();
  }

  /** The page's new data: served to new pages, and sent to the open ones. */
  void update(Map<String, Object> page) {
    String text;
    try {
      text = MAPPER.writeValueAsString(page);
    } catch (IOException e) {
      throw new IllegalStateException("the live page's data cannot be written as JSON", e);
    }
    synchronized (this) {
      data = page;
      json = text;
      version++;
      notifyAll();
    }
  }

  /** From now on {@code /} is {@code page}, the final report; open pages are told to load it. */
  synchronized void finish(String page) {
    finalPage = page;
    notifyAll();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      if (!"GET".equals(exchange.getRequestMethod())) {
        reply(exchange, 405, "text/plain", "GET only\n");
      } else if (path.equals("/") || path.equals("/index.html")) {
        reply(exchange, 200, "text/html; charset=utf-8", page());
      } else if (path.equals("/events")) {
        events(exchange);
      } else {
        reply(
            exchange,
            404,
            "text/plain",
            "no such page: the live page is /, the metrics /metrics\n");
      }
    }
  }

  private String page() throws IOException {
    Map<String, Object> current;
    synchronized (this) {
      if (finalPage != null) {
        return finalPage;
      }
      current = data;
    }
    if (current == null) {
      current =
          Map.of("kind", "live", "live", true, "title", title, "sections", java.util.List.of());
    }
    StringWriter w = new StringWriter();
    HtmlPage.write(title, current, w);
    return w.toString();
  }

  /** One page's stream: each new reading as a message, then "final" when the run is over. */
  private void events(HttpExchange exchange) throws IOException {
    if (streams.incrementAndGet() > MAX_STREAMS) {
      streams.decrementAndGet();
      reply(exchange, 503, "text/plain", "too many pages open on this run\n");
      return;
    }
    try {
      exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
      exchange.getResponseHeaders().set("Cache-Control", "no-store");
      exchange.sendResponseHeaders(200, 0);
      OutputStream out = exchange.getResponseBody();
      long seen = -1;
      while (true) {
        String message;
        synchronized (this) {
          long deadline = System.nanoTime() + KEEPALIVE_NANOS;
          while (version == seen && finalPage == null && !closed) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
              break;
            }
            wait(Math.max(1, left / 1_000_000));
          }
          if (closed) {
            return;
          }
          if (finalPage != null) {
            message = "event: final\ndata: {}\n\n";
          } else if (version != seen) {
            seen = version;
            message = json == null ? ": starting\n\n" : "data: " + json + "\n\n";
          } else {
            message = ": still running\n\n";
          }
        }
        out.write(message.getBytes(StandardCharsets.UTF_8));
        out.flush();
        if (message.startsWith("event: final")) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      streams.decrementAndGet();
    }
  }

  private static void reply(HttpExchange exchange, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      notifyAll();
    }
    server.close();
  }
}
