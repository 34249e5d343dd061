package io.phaseload.client.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.phaseload.client.realservers.RealServer;
import io.phaseload.client.realservers.Resource;
import io.phaseload.client.realservers.ServerKind;
import io.phaseload.client.stats.Summary;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real run against server.jar and against nginx, scraped every second by a real Prometheus
 * (Debian's, started here on loopback with its own storage): once the run is over, Prometheus's
 * value of the request counter is the run's count of requests sent, exactly, the histogram's count
 * is the successful ones, and the server answered as many. Skipped, saying why, where Prometheus or
 * nginx is not installed.
 */
@Timeout(180)
class LivePrometheusTest {

  static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");

  @TempDir Path dir;

  @Test
  void prometheusCountsWhatTheRunSentToServerJarExactly() throws Exception {
    LocalDaemon.assumeInstalled(PROMETHEUS, "LivePrometheusTest");
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      scrapedRun(
          List.of("4", "1500", "127.0.0.1", String.valueOf(server.port())),
          () -> server.stats().answered());
    }
  }

  @Test
  void prometheusCountsWhatTheRunSentToNginxExactly() throws Exception {
    LocalDaemon.assumeInstalled(PROMETHEUS, "LivePrometheusTest");
    assumeTrue(ServerKind.NGINX.installed(), ServerKind.NGINX.notInstalled());
    try (RealServer nginx = RealServer.start(ServerKind.NGINX)) {
      long before = nginx.received();
      scrapedRun(
          List.of("4", "1500", "--url", nginx.url(Resource.STATIC)),
          () -> nginx.received() - before);
    }
  }

  /**
   * Runs the client with {@code target} and {@code --live}, scraped every second by a Prometheus
   * started here, and checks Prometheus's counts against the run's and the server's, whose count of
   * requests answered since the run began {@code answered} gives.
   */
  private void scrapedRun(List<String> target, LongSupplier answered) throws Exception {
    int live = LocalDaemon.freePort();
    int web = LocalDaemon.freePort();
    Path config = dir.resolve("prometheus.yml");
    Files.writeString(
        config,
        String.join(
            "\n",
            "global:",
            "  scrape_interval: 1s",
            "  scrape_timeout: 1s",
            "scrape_configs:",
            "  - job_name: phaseload",
            "    static_configs:",
            "      - targets: ['127.0.0.1:" + live + "']",
            ""));
    List<String> args = new ArrayList<>(target);
    args.addAll(
        List.of("--phases", "1.0", "--live", "127.0.0.1:" + live, "--live-linger", "120s", "-q"));
    try (LocalDaemon prometheus = LocalDaemon.prometheus(PROMETHEUS, config, web, dir);
        LiveCommand run = new LiveCommand(args.toArray(String[]::new))) {
      assertTrue(LocalDaemon.poll(run::lingering, b -> b || run.done(), 90), run.out() + run.err());
      assertTrue(run.lingering(), run.out() + run.err());
      double over = System.currentTimeMillis() / 1000.0;
      // The first scrape that began after the run was over holds its final counts.
      String newest = "max(timestamp(phaseload_requests_total))";
      double scraped = LocalDaemon.poll(() -> value(prometheus, newest), t -> t > over + 0.001, 30);
      assertTrue(scraped > over, "a scrape after the run: " + prometheus.log());
      Summary summary = run.finished().summary();
      long sent = summary.total().sent();
      assertTrue(sent > 0);
      assertEquals(
          (double) sent,
          value(prometheus, "sum(phaseload_requests_total{outcome!=\"notSent\"})"),
          "Prometheus's count of requests sent");
      assertEquals(
          (double) summary.total().ok(),
          value(prometheus, "sum(phaseload_request_duration_seconds_count)"),
          "the histogram's count of successful requests");
      // A server may log a request a little after its answer's last byte.
      double ok = value(prometheus, "sum(phaseload_requests_total{outcome=\"ok\",status=\"200\"})");
      assertEquals(
          (long) ok,
          LocalDaemon.poll(answered::getAsLong, n -> n >= (long) ok, 15),
          "what the server answered");
      assertEquals(0, run.stop(), run.err());
    }
  }

  /** The one value of an instant query; fails if it has not exactly one series. */
  static double value(LocalDaemon prometheus, String query) throws Exception {
    JsonNode answer =
        prometheus.getJson(
            "/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    JsonNode result = answer.path("data").path("result");
    if (result.size() != 1) {
      return Double.NaN;
    }
    JsonNode value = result.get(0).path("value").get(1);
    assertNotNull(value, answer.toString());
    return Double.parseDouble(value.asText());
  }
}
