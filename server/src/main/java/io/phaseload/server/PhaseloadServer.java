package io.phaseload.server;

import io.phaseload.common.ThreadMode;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.nio.RoundRobinConnectionDistributor;
import org.glassfish.grizzly.nio.transport.TCPNIOTransport;
import org.glassfish.grizzly.strategies.SameThreadIOStrategy;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpContainer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ContainerFactory;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

/**
 * The REST target: the sayHello contract, {@code /work}, {@code /health} and {@code /stats} on
 * Jersey and Grizzly. Started by {@link #start}, stopped by {@link #close}; thread-safe.
 */
public final class PhaseloadServer implements AutoCloseable {

  /** Held so that the level set below survives garbage collection of the logger. */
  private static final Logger GLASSFISH_LOG = Logger.getLogger("org.glassfish");

  private static final Logger SHUTDOWN_LOG =
      Logger.getLogger("org.glassfish.grizzly.nio.GracefulShutdownRunner");

  private static final Logger PROVIDERS_LOG =
      Logger.getLogger("org.glassfish.jersey.internal.inject.Providers");

  /** The largest request line plus headers accepted. */
  public static final int MAX_HEADER_BYTES = 16 * 1024;

  static final int ACCEPT_BACKLOG = 16 * 1024;

  /**
   * Jersey buffers each response up to this many bytes to send a Content-Length (larger ones go
   * chunked). Its default, 8 KiB, was a fresh array per request and half of all bytes allocated
   * under wrk; every body this server writes is far smaller.
   */
  static final int RESPONSE_BUFFER_BYTES = 1024;

  private final HttpServer http;
  private final RequestStats stats;
  private final WorkTimer timer;
  private final URI baseUri;

  private PhaseloadServer(HttpServer http, RequestStats stats, WorkTimer timer, URI baseUri) {
    this.http = http;
    this.stats = stats;
    this.timer = timer;
    this.baseUri = baseUri;
  }

  /**
   * Binds and starts the server.
   *
   * @throws IOException if the address cannot be bound
   */
  public static PhaseloadServer start(ServerConfig config) throws IOException {
    GLASSFISH_LOG.setLevel(Level.WARNING);
    // Resource instances trip a cosmetic "will be ignored" warning (eclipse-ee4j/jersey#3700).
    PROVIDERS_LOG.setLevel(Level.SEVERE);
    // Graceful shutdown is routine here; its WARNING line would clutter every client report.
    SHUTDOWN_LOG.setLevel(Level.SEVERE);
    RequestStats stats = new RequestStats();
    URI uri = URI.create("http://" + hostForUri(config.host()) + ":" + config.port() + "/");
    HttpServer http = GrizzlyHttpServerFactory.createHttpServer(uri, false);
    NetworkListener listener = http.getListeners().iterator().next();
    TCPNIOTransport transport = listener.getTransport();
    // The worker pool is looked up on each use: Grizzly makes a platform pool only when it starts.
    WorkTimer timer = new WorkTimer(task -> transport.getWorkerThreadPool().execute(task));
    BodyReader bodies = new BodyReader(config.maxBodyBytes());
    ResourceConfig app =
        new ResourceConfig()
            .register(new SayHelloResource(bodies))
            .register(new WorkResource(bodies, timer))
            .register(new InfoResource(stats))
            .register(new StatsFilter(stats))
            .register(new ErrorMapper())
            .property(ServerProperties.WADL_FEATURE_DISABLE, true)
            .property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true)
            .property(ServerProperties.OUTBOUND_CONTENT_LENGTH_BUFFER, RESPONSE_BUFFER_BYTES);

    RequestGuard guard =
        new RequestGuard(
            ContainerFactory.createContainer(GrizzlyHttpContainer.class, app),
            new WorkHandler(timer, stats),
            config.inline());
    http.getServerConfiguration().addHttpHandler(guard, "/");
    http.getServerConfiguration().setDefaultErrorPageGenerator(guard);
    ThreadPoolConfig workers =
        ThreadPoolConfig.defaultConfig()
            .copy()
            .setPoolName("phaseload-worker")
            .setCorePoolSize(config.workers())
            .setMaxPoolSize(config.workers());
    if (config.inline()) {
      // Selector threads parse every request and run the whole ones themselves (RequestGuard
      // picks):
      // no hand-off to a worker and back, which cost more than Jersey's own work for a small GET.
      transport.setIOStrategy(SameThreadIOStrategy.getInstance());
    }
    transport.setWorkerThreadPoolConfig(workers);
    if (config.workerThreads().resolve() == ThreadMode.VIRTUAL) {
      // A virtual thread per request: no pool to size or to queue behind.
      transport.setWorkerThreadPool(ThreadMode.newVirtualThreadPerTaskExecutor());
    }
    // Keep connections open for as many requests as the client sends: a load generator's
    // connections are long-lived, and Grizzly's default of 256 forces needless reconnects.
    listener.getKeepAlive().setMaxRequestsCount(-1);
    listener.getKeepAlive().setIdleTimeoutInSeconds(config.idleTimeoutSeconds());
    // Request line plus headers; larger heads are refused by Grizzly before they reach Jersey.
    listener.setMaxHttpHeaderSize(MAX_HEADER_BYTES);
    // Thousands of clients connect at once in a ramp; the kernel caps this at net.core.somaxconn.
    transport.setServerConnectionBackLog(ACCEPT_BACKLOG);
    dedicateAcceptor(transport);
    countAccepted(transport, stats);
    listener.setMaxPendingBytes(-1);
    try {
      http.start();
    } catch (IOException e) {
      timer.close();
      http.shutdownNow();
      throw e;
    }
    int port = listener.getPort();
    URI base = URI.create("http://" + hostForUri(config.host()) + ":" + port + "/");
    return new PhaseloadServer(http, stats, timer, base);
  }

  /** The port actually bound (the ephemeral one when configured with 0). */
  public int port() {
    return baseUri.getPort();
  }

  /** {@code http://host:port/}. */
  public URI baseUri() {
    return baseUri;
  }

  public RequestStats stats() {
    return stats;
  }

  /** Stops accepting, lets in-flight requests finish for up to five seconds, then stops. */
  @Override
  public void close() {
    try {
      http.shutdown(5, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      http.shutdownNow();
    } catch (ExecutionException | TimeoutException e) {
      http.shutdownNow();
    } finally {
      timer.close();
    }
  }

  /**
   * Gives the listening socket a selector thread of its own, beside Grizzly's usual number for
   * connections. Grizzly accepts one connection per pass of the selector loop that owns the
   * listening socket, and by default that loop also serves a share of the connections: with whole
   * requests run on it, a pass over thousands of ready connections took long enough that 10,000
   * clients connecting at once filled the kernel's accept queue (capped at net.core.somaxconn), and
   * the kernel dropped their handshakes. A loop that only accepts passes in microseconds.
   */
  private static void dedicateAcceptor(TCPNIOTransport transport) {
    transport.setSelectorRunnersCount(transport.getSelectorRunnersCount() + 1);
    transport.setNIOChannelDistributor(new RoundRobinConnectionDistributor(transport, true));
  }

  /** Counts every connection the listener accepts into {@code stats}. */
  private static void countAccepted(TCPNIOTransport transport, RequestStats stats) {
    transport
        .getConnectionMonitoringConfig()
        .addProbes(
            new ConnectionProbe.Adapter() {
              @Override
              @SuppressWarnings("rawtypes") // Grizzly's probe interface names the raw type
              public void onAcceptEvent(Connection server, Connection client) {
                stats.onAccepted();
              }
            });
  }

  private static String hostForUri(String host) {
    return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
  }
}
