package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A three-request scenario with variables against a server that records every request: what the
 * client reports per request name is exactly what the server received, every variable is filled in
 * within its range, and the same --seed sends the same requests again.
 */
@Timeout(60)
class ScenarioRunTest {

  static final String SCENARIO =
      """
      requests:
        - name: home
          path: /home
        - name: lift-ride
          method: POST
          path: /skiers/${random:1:10}/days/${iteration}/skiers/${random:1:100000}
          headers:
            Content-Type: application/json
          body: '{"time":${random:1:360},"thread":${thread},"phase":"${phase}"}'
          expect:
            status: [200, 201]
        - name: stats
          path: /stats
          expect:
            status: 2xx
            bodyContains: '"ok"'
      """;

  private static final Pattern RIDE = Pattern.compile("/skiers/(\\d+)/days/(\\d+)/skiers/(\\d+)");
  private static final Pattern BODY =
      Pattern.compile("\\{\"time\":(\\d+),\"thread\":(\\d+),\"phase\":\"(\\w+)\"}");

  /** One run of 4 threads x 5 iterations; returns the run and what the server received. */
  private static Run run(Path dir, long seed) throws Exception {
    Path file = dir.resolve("steps.yaml");
    Files.writeString(file, SCENARIO);
    List<ScriptedServer.Request> seen = new CopyOnWriteArrayList<>();
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              seen.add(r);
              if (r.target().startsWith("/skiers/")) {
                return Reply.response(201, "{}");
              }
              if (r.target().equals("/stats")) {
                // every 4th stats answer lacks "ok": a bad body the client must count
                return Reply.response(200, r.index() % 4 == 3 ? "{}" : "{\"ok\":true}");
              }
              return Reply.response(200, "home");
            })) {
      String base = "http://127.0.0.1:" + server.port();
      ClientRun client =
          ClientRun.of(
              "4",
              "5",
              "--url",
              base + "/",
              "--scenario",
              file.toString(),
              "--seed",
              String.valueOf(seed));
      return new Run(client, List.copyOf(seen));
    }
  }

  private record Run(ClientRun client, List<ScriptedServer.Request> received) {
    List<String> requestLines() {
      List<String> out = new ArrayList<>();
      for (ScriptedServer.Request r : received) {
        out.add(r.method() + " " + r.target() + " " + new String(r.body(), StandardCharsets.UTF_8));
      }
      out.sort(null);
      return out;
    }
  }

  @Test
  void whatTheServerReceivedIsWhatTheClientReportsPerRequestName(@TempDir Path dir)
      throws Exception {
    Run run = run(dir, 42);
    ClientRun c = run.client();
    // 1 + 2 + 4 + 1 threads x 5 iterations x 3 requests
    long iterations = (1 + 2 + 4 + 1) * 5;
    assertEquals(3 * iterations, c.sent(), c.out() + c.err());
    assertEquals(run.received().size(), c.sent(), "sent is what the server received");
    assertEquals(List.of("home", "lift-ride", "stats"), c.result().plan().requestNames());

    Map<String, Long> byPath = new TreeMap<>();
    for (ScriptedServer.Request r : run.received()) {
      String name =
          r.target().equals("/home")
              ? "home"
              : r.target().startsWith("/skiers/") ? "lift-ride" : "stats";
      byPath.merge(name, 1L, Long::sum);
      switch (name) {
        case "home" -> assertEquals("GET", r.method());
        case "stats" -> assertEquals("GET", r.method());
        default -> {
          assertEquals("POST", r.method());
          Matcher m = RIDE.matcher(r.target());
          assertTrue(m.matches(), r.target());
          assertTrue(in(m.group(1), 1, 10) && in(m.group(2), 0, 4) && in(m.group(3), 1, 100000));
          String body = new String(r.body(), StandardCharsets.UTF_8);
          Matcher b = BODY.matcher(body);
          assertTrue(b.matches(), body);
          assertTrue(in(b.group(1), 1, 360) && in(b.group(2), 0, 3), body);
          assertTrue(List.of("WARMUP", "LOADING", "PEAK", "COOLDOWN").contains(b.group(3)), body);
          assertTrue(
              r.headers().stream()
                  .anyMatch(h -> h.equalsIgnoreCase("Content-Type: application/json")));
        }
      }
    }
    long badStats =
        run.received().stream()
            .filter(r -> r.target().equals("/stats") && r.index() % 4 == 3)
            .count();
    for (Group g : c.summary().requests()) {
      assertEquals(byPath.get(g.request()), g.sent(), g.request());
    }
    Group home = c.summary().requests().get(0);
    Group ride = c.summary().requests().get(1);
    Group stats = c.summary().requests().get(2);
    assertEquals(iterations, home.ok());
    assertEquals(iterations, ride.ok(), "201 is expected");
    assertEquals(iterations - badStats, stats.ok());
    assertEquals(badStats, stats.count(Outcome.BAD_BODY));
    assertTrue(badStats > 0);
    assertEquals(1, c.code(), "bad bodies are failures");
  }

  @Test
  void theSameSeedSendsTheSameRequestsAndAnotherDoesNot(@TempDir Path dir) throws Exception {
    List<String> first = run(dir, 7).requestLines();
    List<String> again = run(dir, 7).requestLines();
    List<String> other = run(dir, 8).requestLines();
    assertEquals(first, again);
    assertNotEquals(first, other);
  }

  private static boolean in(String value, long lo, long hi) {
    long v = Long.parseLong(value);
    return v >= lo && v <= hi;
  }
}
