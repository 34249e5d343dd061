package io.phaseload.lambda.local;

/**
 * Where and how the local gateway listens. Immutable; checked once when built.
 *
 * @param host the address to bind; loopback unless the user says otherwise
 * @param port the TCP port, or 0 for an ephemeral one
 * @param threads how many requests are handled at once (a warm Lambda container per thread)
 */
public record LocalGatewayConfig(String host, int port, int threads) {

  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PORT = 3000;
  public static final int DEFAULT_THREADS = 64;

  public LocalGatewayConfig {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("host must not be empty");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be between 0 and 65535, got " + port);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
  }
}
