package io.phaseload.client.engine;

import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Scenario;
import java.time.Duration;

/** Makes the engine a run asks for. */
public final class Engines {

  private Engines() {}

  /**
   * What an engine needs to know. Immutable.
   *
   * @param scenario the requests the engine sends, with their targets and expectations
   * @param base where requests without a URL of their own go: the run's target
   * @param maxConnections concurrent users the engine must serve (the busiest phase's threads)
   * @param tls how https targets are trusted
   * @param reasons the run's table of failure reasons, which the engine's sessions fill
   */
  public record Settings(
      EngineKind kind,
      Scenario scenario,
      Target base,
      int maxConnections,
      Duration connectTimeout,
      Duration readTimeout,
      Tls tls,
      Reasons reasons) {

    public Settings {
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

  /** An engine as {@code settings} describe. */
  public static Engine create(Settings settings) {
    return switch (settings.kind()) {
      case RAW -> new RawEngine(settings);
      case JERSEY -> new JerseyEngine(settings);
    };
  }
}
