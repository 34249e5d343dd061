package io.phaseload.client.engine;

import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Scenario;
import java.time.Duration;

/**
 * What an engine needs to know. Immutable.
 *
 * @param scenario the requests the engine sends, with their targets and expectations
 * @param base where requests without a URL of their own go: the run's target
 * @param maxConnections concurrent users the engine must serve (the busiest phase's threads)
 * @param tls how https targets are trusted
 * @param keepAlive whether a connection carries request after request; false ({@code
 *     --no-keepalive}): a new connection for every request, asked to close ({@code Connection:
 *     close}) and closed after its response, the time to open it measured apart
 * @param reasons the run's table of failure reasons, which the engine's sessions fill
 * @param protocol which HTTP the engine speaks, and how HTTP/2 shares connections
 */
public record EngineSettings(
    EngineKind kind,
    Scenario scenario,
    Target base,
    int maxConnections,
    Duration connectTimeout,
    Duration readTimeout,
    Tls tls,
    boolean keepAlive,
    Reasons reasons,
    Protocol protocol) {

  public EngineSettings {
    protocol.check(kind, keepAlive);
    if (maxConnections < 1) {
      throw new IllegalArgumentException(
          "an engine needs at least 1 connection, got " + maxConnections);
    }
    if (connectTimeout.isNegative() || connectTimeout.isZero()) {
      throw new IllegalArgumentException("connect timeout must be positive");
    }
    if (readTimeout.isNegative() || readTimeout.isZero()) {
      throw new IllegalArgumentException("read timeout must be positive");
    }
  }
}
