package io.phaseload.client.live;

import io.prometheus.metrics.exporter.pushgateway.PushGateway;
import io.prometheus.metrics.exporter.pushgateway.Scheme;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;

/**
 * {@code --push URL}: the run's metrics sent to a Prometheus Pushgateway by the Java client's own
 * {@link PushGateway}, job {@code phaseload} (and the grouping key {@code shard} for a shard). Each
 * push is a PUT, which replaces the group's metrics with these: every counter is cumulative, so the
 * last push holds the whole run.
 *
 * <p>Thread-safe: {@link #push} may be called from any thread, one push at a time.
 */
final class Pusher {

  /** How long one push may take before it counts as failed: well under the push period. */
  static final Duration TIMEOUT = Duration.ofSeconds(3);

  private final URI gateway;
  private final PushGateway client;

  Pusher(URI gateway, String shard, PrometheusRegistry registry) {
    this.gateway = gateway;
    PushGateway.Builder builder =
        PushGateway.builder()
            .address(gateway.getRawAuthority())
            .scheme("https".equals(gateway.getScheme()) ? Scheme.HTTPS : Scheme.HTTP)
            .job("phaseload")
            .registry(registry)
            .connectionTimeout(TIMEOUT)
            .readTimeout(TIMEOUT);
    if (shard != null) {
      builder.groupingKey("shard", shard);
    }
    this.client = builder.build();
  }

  /** The gateway pushed to, as given. */
  URI target() {
    return gateway;
  }

  /**
   * Pushes the registry's metrics as they are now.
   *
   * @throws IOException if the gateway did not take them (no answer, or not a 2xx status)
   */
  synchronized void push() throws IOException {
    client.push();
  }
}
