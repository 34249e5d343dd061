package io.phaseload.client.live;

import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * {@code --push URL}: the run's metrics sent to a Prometheus Pushgateway, in the client library's
 * text format, with a PUT to the gateway's documented path {@code /metrics/job/phaseload} (and
 * {@code /shard@base64/...} for a shard), which replaces the group's metrics with these: every
 * counter is cumulative, so the last push holds the whole run.
 *
 * <p>The Java client's own pusher (prometheus-metrics-exporter-pushgateway) is not served by the
 * registry this project builds from, so this class does its one HTTP request itself.
 *
 * <p>Thread-safe: {@link #push} may be called from any thread, one push at a time.
 */
final class Pusher {

  /** How long one push may take before it counts as failed: well under the push period. */
  static final Duration TIMEOUT = Duration.ofSeconds(3);

  private final URI target;
  private final PrometheusRegistry registry;
  private final HttpClient client;

  Pusher(URI gateway, String shard, PrometheusRegistry registry) {
    this.target = target(gateway, shard);
    this.registry = registry;
    this.client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
  }

  /** The group's URL: the job, and the shard label (base64, since "0/3" holds a slash). */
  static URI target(URI gateway, String shard) {
    String base = gateway.toString();
    while (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    String path = base + "/metrics/job/phaseload";
    if (shard != null) {
      path +=
          "/shard@base64/"
              + Base64.getUrlEncoder()
                  .withoutPadding()
                  .encodeToString(shard.getBytes(StandardCharsets.UTF_8));
    }
    return URI.create(path);
  }

  URI target() {
    return target;
  }

  /**
   * Pushes the registry's metrics as they are now.
   *
   * @throws IOException if the gateway did not take them (no answer, or not a 2xx status)
   */
  synchronized void push() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(body, registry.scrape(), EscapingScheme.DEFAULT);
    HttpRequest request =
        HttpRequest.newBuilder(target)
            .timeout(TIMEOUT)
            .header("Content-Type", PrometheusTextFormatWriter.CONTENT_TYPE)
            .PUT(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()))
            .build();
    HttpResponse<String> response;
    try {
      response = client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    if (response.statusCode() / 100 != 2) {
      throw new IOException(
          "the gateway answered " + response.statusCode() + ": " + response.body().strip());
    }
  }
}
