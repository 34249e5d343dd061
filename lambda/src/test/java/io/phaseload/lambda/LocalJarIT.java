package io.phaseload.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code java -jar lambda/target/lambda-local.jar --port 0}, as a user starts it. */
@Timeout(60)
class LocalJarIT {

  @Test
  void theLocalGatewayJarServesTheContractThroughTheHandlers() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process gateway =
        new ProcessBuilder(java, "-jar", "target/lambda-local.jar", "--port", "0")
            .redirectErrorStream(true)
            .start();
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(gateway.getInputStream(), StandardCharsets.UTF_8))) {
      String first = lines.readLine();
      assertTrue(
          first != null
              && first.startsWith("phaseload local gateway listening on http://127.0.0.1:"),
          first);
      URI url = URI.create(first.substring(first.indexOf("http://")));
      HttpClient client = HttpClient.newHttpClient();
      HttpResponse<String> get =
          client.send(
              HttpRequest.newBuilder(url).GET().build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, get.statusCode());
      assertEquals("{\"response\":\"hello\"}", get.body());
      HttpResponse<String> post =
          client.send(
              HttpRequest.newBuilder(url)
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"input\":\"abcd\"}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, post.statusCode());
      assertEquals("{\"response\":\"4\"}", post.body());
      HttpResponse<String> bad =
          client.send(
              HttpRequest.newBuilder(url).POST(HttpRequest.BodyPublishers.ofString("{")).build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(400, bad.statusCode());
      assertEquals(
          404,
          client
              .send(
                  HttpRequest.newBuilder(url.resolve("/other")).build(),
                  HttpResponse.BodyHandlers.ofString())
              .statusCode());
      assertEquals(
          405,
          client
              .send(
                  HttpRequest.newBuilder(url).DELETE().build(),
                  HttpResponse.BodyHandlers.ofString())
              .statusCode());
      gateway.toHandle().destroy();
      assertTrue(gateway.waitFor(10, TimeUnit.SECONDS));
    } finally {
      gateway.destroyForcibly();
    }
  }
}
