package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cookie-session login against a real framework: express with express-session (npm), whose
 * session cookie phaseload's jar keeps with no header written by hand. {@code /me} answers each
 * user's own name, every step's count equals what the app counted, and without cookies every {@code
 * /me} is refused. Skipped, saying why, where express-session is not installed
 * (scripts/install-test-npm.sh, which .ci/run runs).
 */
@Timeout(120)
class ExpressSessionTest {

  static final String FLOW =
      """
      COOKIES
      requests:
        - name: login
          method: POST
          path: /login
          headers:
            Content-Type: application/json
          body: '{"user":"u${thread}"}'
        - name: me
          path: /me
          expect:
            bodyContains: '"user":"u${thread}"'
      """;

  private static final Path NPM =
      Path.of(System.getenv().getOrDefault("PHASELOAD_NPM", "/opt/phaseload-npm"), "node_modules");

  @TempDir Path dir;

  private ClientRun run(String cookies, String base) throws Exception {
    Path file = dir.resolve("flow.yaml");
    Files.writeString(file, FLOW.replace("COOKIES", cookies));
    return ClientRun.of("4", "5", "--url", base + "/", "--scenario", file.toString());
  }

  @Test
  void theSessionCookieCarriesTheLoginAndOnlyWithCookies() throws Exception {
    assumeTrue(
        Files.isDirectory(NPM.resolve("express-session")),
        "express-session is not installed (scripts/install-test-npm.sh)");
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path app = Path.of("src", "test", "resources", "express", "app.js").toAbsolutePath();
    ProcessBuilder pb =
        new ProcessBuilder("node", app.toString(), String.valueOf(port)).redirectErrorStream(true);
    pb.environment().put("NODE_PATH", NPM.toString());
    Process node = pb.start();
    try {
      BufferedReader out =
          new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
      String first = out.readLine();
      assertEquals("listening", first, "the express app did not start");
      String base = "http://127.0.0.1:" + port;
      long iterations = (1 + 2 + 4 + 1) * 5;

      ClientRun with = run("", base);
      assertEquals(0, with.code(), with.out() + with.err());
      assertEquals(iterations, with.request("me").ok(), "each user read back its own login");
      JsonNode counts = counts(base);
      assertEquals(with.request("login").sent(), counts.path("POST /login").asLong());
      assertEquals(with.request("me").sent(), counts.path("GET /me").asLong());

      ClientRun without = run("cookies: false", base);
      Group me = without.request("me");
      assertEquals(iterations, me.sent());
      assertEquals(0, me.ok(), "without cookies no session is found");
      assertTrue(me.statuses().containsKey(401), "refused with 401: " + me.statuses());
    } finally {
      node.destroy();
      if (!node.waitFor(10, TimeUnit.SECONDS)) {
        node.destroyForcibly();
      }
    }
  }

  private static JsonNode counts(String base) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(base + "/counts")).build(),
                HttpResponse.BodyHandlers.ofString());
    return new ObjectMapper().readTree(r.body());
  }
}
