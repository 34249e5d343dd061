package io.phaseload.client.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The live page quotes the command line as the HTML page does: a secret header's value reads {@code
 * ***} there, while the server received it.
 */
@Timeout(60)
class LiveSecretsTest {

  @Test
  void theLivePageHidesSecretHeaders() throws Exception {
    AtomicInteger real = new AtomicInteger();
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              if ("Bearer l1ve-secret".equals(r.header("Authorization"))) {
                real.incrementAndGet();
              }
              return Reply.response(200, "ok");
            })) {
      int live = LocalDaemon.freePort();
      try (LiveCommand run =
          new LiveCommand(
              "1",
              "3",
              "--phases",
              "1.0",
              "--url",
              server.url("/x"),
              "-H",
              "Authorization: Bearer l1ve-secret",
              "--live",
              "127.0.0.1:" + live,
              "--live-linger",
              "60s",
              "-q")) {
        assertTrue(LocalDaemon.poll(run::lingering, b -> b || run.done(), 30), run.out());
        HttpResponse<String> page =
            HttpClient.newHttpClient()
                .send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + live + "/")).build(),
                    HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("Authorization: ***"), "the page quotes the header");
        assertFalse(page.body().contains("l1ve-secret"), "the secret on the live page");
        assertEquals(0, run.stop(), run.err());
      }
      assertEquals(3, real.get(), "the server received the real value");
    }
  }
}
