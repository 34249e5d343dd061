package io.phaseload.client.realservers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.testing.ClientRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HTTP/2 against real servers from Debian, nginx and h2o, over h2c with prior knowledge and over
 * TLS with ALPN: what the client sent is what each server logged, request for request, with the
 * protocol it logged. The same scenario (a login whose token is captured and whose cookie is kept,
 * a data file, a request that needs both) gives the same counts over HTTP/1.1 and HTTP/2; a limit
 * of 4 streams on nginx is kept (nginx refuses a stream past it); an https port that offers only
 * HTTP/1.1 by ALPN gets HTTP/1.1.
 */
@Timeout(180)
class Http2RealServerTest {

  static Stream<Arguments> servers() {
    List<Arguments> a = new ArrayList<>();
    for (H2RealServer.Kind k : H2RealServer.Kind.values()) {
      a.add(Arguments.of(k, false));
      a.add(Arguments.of(k, true));
    }
    return a.stream();
  }

  @ParameterizedTest(name = "{0}, tls {1}")
  @MethodSource("servers")
  void everyRequestSentIsOneTheServerLoggedAsHttp2(H2RealServer.Kind kind, boolean tls)
      throws Exception {
    assumeTrue(kind.installed(), kind.notInstalled());
    try (H2RealServer server = H2RealServer.start(kind, 16)) {
      String url = tls ? server.tlsUrl("/index.txt") : server.h2cUrl("/index.txt");
      List<String> args =
          new ArrayList<>(List.of("20", "50", "--url", url, "--http2", "--connections", "4"));
      if (tls) {
        args.add("--insecure");
      }
      Path json = Files.createTempFile("h2-run", ".json");
      args.addAll(List.of("--json", json.toString()));
      ClientRun run = ClientRun.of(args.toArray(String[]::new));
      assertEquals(0, run.code(), run.out() + run.err() + server.logs());
      JsonNode settings = new ObjectMapper().readTree(json.toFile()).get("settings");
      Files.delete(json);
      assertEquals(
          List.of("HTTP/2", 4),
          List.of(settings.get("protocol").asText(), settings.get("connections").asInt()));
      assertEquals(37 * 50, run.sent());
      assertEquals(run.sent(), run.ok());
      assertEquals(run.sent(), server.awaitReceived("HTTP/2", run.sent()), server.logs());
      assertEquals(0, server.received("HTTP/1.1"));
    }
  }

  @Test
  void aLimitOfFourStreamsIsKeptOnOneConnection() throws Exception {
    assumeTrue(H2RealServer.Kind.NGINX.installed(), H2RealServer.Kind.NGINX.notInstalled());
    try (H2RealServer server = H2RealServer.start(H2RealServer.Kind.NGINX, 4)) {
      ClientRun run =
          ClientRun.of(
              "30",
              "40",
              "--url",
              server.h2cUrl("/index.txt"),
              "--http2",
              "--connections",
              "1",
              "--streams",
              "100");
      assertEquals(0, run.code(), run.out());
      assertEquals(run.sent(), run.ok());
      assertEquals(run.sent(), server.awaitReceived("HTTP/2", run.sent()));
    }
  }

  @Test
  void anHttpsPortThatOffersOnlyHttp11IsSpokenToInHttp11(@TempDir Path tmp) throws Exception {
    assumeTrue(H2RealServer.Kind.NGINX.installed(), H2RealServer.Kind.NGINX.notInstalled());
    try (H2RealServer server = H2RealServer.start(H2RealServer.Kind.NGINX, 16)) {
      Path json = tmp.resolve("run.json");
      ClientRun run =
          ClientRun.of(
              "4",
              "10",
              "--url",
              server.http1TlsUrl("/index.txt"),
              "--http2",
              "--insecure",
              "--json",
              json.toString());
      assertEquals(0, run.code(), run.out());
      assertEquals(
          "HTTP/1.1", new ObjectMapper().readTree(json.toFile()).at("/settings/protocol").asText());
      assertEquals(run.sent(), server.awaitReceived("HTTP/1.1", run.sent()));
      assertEquals(0, server.received("HTTP/2"));

      ClientRun insisting =
          ClientRun.of(
              "1",
              "3",
              "--url",
              server.http1TlsUrl("/index.txt"),
              "--http2-prior-knowledge",
              "--insecure",
              "--phases",
              "1.0");
      assertEquals(1, insisting.code(), insisting.out());
      // nginx refuses the handshake when ALPN offers h2 alone: a fatal alert, said in words.
      assertEquals(List.of(3L, 0L), List.of(insisting.failed("io"), insisting.ok()));
      assertEquals(0, server.received("HTTP/2"));
      assertEquals(
          Map.of(
              "TLS: the server speaks none of the protocols ALPN offered"
                  + " (no_application_protocol); without --http2-prior-knowledge, --http2 takes"
                  + " HTTP/1.1",
              3L),
          insisting.reasons(Outcome.IO));
    }
  }

  @Test
  void theSameScenarioGetsTheSameCountsOverBothProtocols(@TempDir Path tmp) throws Exception {
    assumeTrue(H2RealServer.Kind.NGINX.installed(), H2RealServer.Kind.NGINX.notInstalled());
    Path users = tmp.resolve("users.csv");
    Files.writeString(users, "name\nada\nbob\ncyd\ndee\n");
    Path scenario = tmp.resolve("flow.yaml");
    Files.writeString(
        scenario,
        """
        data: {file: %s, pick: sequential}
        requests:
          - name: login
            path: /login
            capture:
              token: {json: $.token}
          - name: me
            path: /me/${token}
          - name: hello
            path: /hello/${data.name}
            headers:
              X-User: ${data.name}
        """
            .formatted(users));
    try (H2RealServer server = H2RealServer.start(H2RealServer.Kind.NGINX, 16)) {
      long[] sent = new long[2];
      String[] protocols = {"HTTP/1.1", "HTTP/2"};
      for (int p = 0; p < 2; p++) {
        List<String> args =
            new ArrayList<>(
                List.of(
                    "8",
                    "30",
                    "--url",
                    server.tlsUrl("/"),
                    "--scenario",
                    scenario.toString(),
                    "--insecure"));
        if (p == 1) {
          args.addAll(List.of("--http2", "--connections", "2"));
        }
        ClientRun run = ClientRun.of(args.toArray(String[]::new));
        assertEquals(0, run.code(), run.out());
        assertEquals(run.sent(), run.ok());
        assertEquals(0, run.total().count(Outcome.SKIPPED));
        sent[p] = run.sent();
        assertEquals(run.sent(), server.awaitReceived(protocols[p], run.sent()), protocols[p]);
        assertEquals(run.request("me").ok(), run.request("login").ok(), "each login's cookie");
      }
      assertEquals(sent[0], sent[1], "the same requests over both protocols");
      // Every /me went with the session cookie its login set, over both protocols.
      List<String> me = server.log().stream().filter(l -> l.startsWith("GET /me/")).toList();
      assertEquals(sent[0] / 3 * 2, me.size());
      assertTrue(me.stream().allMatch(l -> l.matches(".* 200 .* cookie=s\\d.*")), me.get(0));
    }
  }
}
