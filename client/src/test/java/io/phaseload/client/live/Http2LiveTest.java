package io.phaseload.client.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.H2Server;
import io.phaseload.client.testing.H2Server.Act;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The live metrics of a run over HTTP/2 count what the server answered, as over HTTP/1.1: the final
 * scrape's {@code phaseload_requests_total} of successes is every request the run sent, and every
 * one the server answered.
 */
@Timeout(120)
class Http2LiveTest {

  @Test
  void theLiveCountsOfARunOverHttp2AreTheServers() throws Exception {
    try (H2Server server = H2Server.start((n, s) -> Act.ANSWER, 4, 1)) {
      int live = LocalDaemon.freePort();
      try (LiveCommand run =
          new LiveCommand(
              "8",
              "25",
              "--phases",
              "1.0",
              "--url",
              server.url("/live"),
              "--http2",
              "--connections",
              "2",
              "--live",
              "127.0.0.1:" + live,
              "--live-linger",
              "60s",
              "-q")) {
        assertTrue(LocalDaemon.poll(run::lingering, b -> b || run.done(), 30), run.out());
        String metrics =
            HttpClient.newHttpClient()
                .send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + live + "/metrics"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .body();
        double ok =
            metrics
                .lines()
                .filter(l -> l.startsWith("phaseload_requests_total{") && l.contains("ok\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
        assertEquals(0, run.stop(), run.err());
        assertEquals(200, run.finished().summary().total().ok());
        assertEquals(200, server.answered());
        assertEquals(200.0, ok, metrics);
      }
    }
  }
}
