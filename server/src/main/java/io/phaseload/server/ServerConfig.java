package io.phaseload.server;

import io.phaseload.common.ThreadMode;

/**
 * How the server listens. Immutable; checked once when built.
 *
 * @param host the address to bind; loopback unless the operator says otherwise
 * @param port the TCP port, or 0 for an ephemeral one
 * @param workers the size of Grizzly's worker thread pool
 * @param maxBodyBytes the largest POST body accepted before answering 413
 * @param idleTimeoutSeconds how long a keep-alive connection may sit idle before the server closes
 *     it
 * @param workerThreads platform pool of {@code workers}, or a virtual thread per request (JDK 21+)
 * @param inline whether a request that arrived whole runs on the I/O thread that read it; false
 *     hands every request to a worker thread
 */
public record ServerConfig(
    String host,
    int port,
    int workers,
    int maxBodyBytes,
    int idleTimeoutSeconds,
    ThreadMode workerThreads,
    boolean inline) {

  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PORT = 8080;
  public static final int DEFAULT_MAX_BODY_BYTES = 1 << 20;
  public static final int DEFAULT_IDLE_TIMEOUT_SECONDS = 30;

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
    if (workerThreads == null) {
      throw new IllegalArgumentException("worker threads must be given");
    }
    if (idleTimeoutSeconds < 1) {
      throw new IllegalArgumentException(
          "idle timeout must be at least 1 second, got " + idleTimeoutSeconds);
    }
  }

  /** The default idle timeout and worker threads; whole requests run inline. */
  public ServerConfig(String host, int port, int workers, int maxBodyBytes) {
    this(host, port, workers, maxBodyBytes, DEFAULT_IDLE_TIMEOUT_SECONDS, ThreadMode.AUTO, true);
  }

  /** The default worker pool: enough to keep every core busy while some threads wait. */
  public static int defaultWorkers() {
    return Math.max(8, 4 * Runtime.getRuntime().availableProcessors());
  }

  /** Loopback on an ephemeral port with default pool and limits: what tests and the demo use. */
  public static ServerConfig ephemeral() {
    return new ServerConfig(DEFAULT_HOST, 0, defaultWorkers(), DEFAULT_MAX_BODY_BYTES);
  }

  public ServerConfig withMaxBodyBytes(int bytes) {
    return new ServerConfig(host, port, workers, bytes, idleTimeoutSeconds, workerThreads, inline);
  }

  public ServerConfig withIdleTimeoutSeconds(int seconds) {
    return new ServerConfig(host, port, workers, maxBodyBytes, seconds, workerThreads, inline);
  }

  /**
   * A fixed pool of {@code newWorkers} platform threads running every request (the pool size is
   * what is varied, so nothing runs inline).
   */
  public ServerConfig withWorkers(int newWorkers) {
    return new ServerConfig(
        host, port, newWorkers, maxBodyBytes, idleTimeoutSeconds, ThreadMode.PLATFORM, false);
  }
}
