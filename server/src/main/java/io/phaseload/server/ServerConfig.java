package io.phaseload.server;

/**
 * How the server listens. Immutable; checked once when built.
 *
 * @param host the address to bind; loopback unless the operator says otherwise
 * @param port the TCP port, or 0 for an ephemeral one
 * @param workers the size of Grizzly's worker thread pool
 * @param maxBodyBytes the largest POST body accepted before answering 413
 */
public record ServerConfig(String host, int port, int workers, int maxBodyBytes) {

  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PORT = 8080;
  public static final int DEFAULT_MAX_BODY_BYTES = 1 << 20;

  public ServerConfig {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("host must not be empty");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be between 0 and 65535, got " + port);
    }
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be at least 1, got " + workers);
    }
    if (maxBodyBytes < 1) {
      throw new IllegalArgumentException("max body bytes must be at least 1, got " + maxBodyBytes);
    }
  }

  /** The default worker pool: enough to keep every core busy while some threads wait. */
  public static int defaultWorkers() {
    return Math.max(8, 4 * Runtime.getRuntime().availableProcessors());
  }

  /** Loopback on an ephemeral port with default pool and limits: what tests and the demo use. */
  public static ServerConfig ephemeral() {
    return new ServerConfig(DEFAULT_HOST, 0, defaultWorkers(), DEFAULT_MAX_BODY_BYTES);
  }

  public ServerConfig withWorkers(int newWorkers) {
    return new ServerConfig(host, port, newWorkers, maxBodyBytes);
  }
}
