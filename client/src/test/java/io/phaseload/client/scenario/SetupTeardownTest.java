package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.StepCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code setup:} and {@code teardown:} against a server whose sessions are tokens: each user logs
 * in once, runs its iterations with the token it captured in setup, and logs out once. The server
 * counts logins, uses of each token and logouts; they equal what the client sent, and every session
 * made was ended. In the closed model a user is one of a phase's threads; in the open model every
 * arrival is a user of its own, as in Gatling's open model.
 */
@Timeout(60)
class SetupTeardownTest {

  static final String FLOW =
      """
      setup:
        - name: login
          method: POST
          path: /login
          capture:
            token: {json: '$.token'}
      requests:
        - name: create
          method: POST
          path: /items
          headers:
            Authorization: Bearer ${token}
          expect:
            status: 201
          capture:
            id: {json: '$.id'}
        - name: delete
          method: DELETE
          path: /items/${id}
          headers:
            Authorization: Bearer ${token}
          expect:
            status: 204
      teardown:
        - name: logout
          method: POST
          path: /logout
          headers:
            Authorization: Bearer ${token}
          expect:
            status: 204
      """;

  /** Sessions as tokens: a token is made by a login, used until its logout, and then refused. */
  private static final class Sessions {
    final AtomicInteger made = new AtomicInteger();
    final Map<String, AtomicInteger> live = new ConcurrentHashMap<>();
    final Map<String, Integer> ended = new ConcurrentHashMap<>();
    final StepCounts steps = new StepCounts();
    final AtomicInteger ids = new AtomicInteger();

    Reply reply(ScriptedServer.Request r) {
      String auth = r.header("authorization");
      String token = auth == null ? null : auth.replace("Bearer ", "");
      AtomicInteger uses = token == null ? null : live.get(token);
      if (r.method().equals("POST") && r.target().equals("/login")) {
        steps.count("login");
        String t = "t" + made.incrementAndGet();
        live.put(t, new AtomicInteger());
        return Reply.response(200, "{\"token\":\"" + t + "\"}");
      }
      if (uses == null) {
        return Reply.response(401, "{}");
      }
      if (r.method().equals("POST") && r.target().equals("/logout")) {
        steps.count("logout");
        ended.put(token, live.remove(token).get());
        return Reply.response(204, "");
      }
      uses.incrementAndGet();
      if (r.method().equals("POST") && r.target().equals("/items")) {
        steps.count("create");
        return Reply.response(201, "{\"id\":" + ids.incrementAndGet() + "}");
      }
      if (r.method().equals("DELETE") && r.target().startsWith("/items/")) {
        steps.count("delete");
        return Reply.response(204, "");
      }
      return Reply.response(404, "{}");
    }
  }

  private static ClientRun run(Path dir, Sessions sessions, String... args) throws Exception {
    Path file = dir.resolve("flow.yaml");
    Files.writeString(file, FLOW);
    try (ScriptedServer server = ScriptedServer.start(sessions::reply)) {
      List<String> all = new ArrayList<>(List.of(args));
      all.addAll(List.of("--url", server.url("/"), "--scenario", file.toString()));
      return ClientRun.of(all.toArray(String[]::new));
    }
  }

  /** Checks every step's count against the server's, and that each user's session was ended. */
  private static void assertFlows(ClientRun run, Sessions sessions, long users, int iterations) {
    assertEquals(0, run.code(), run.out() + run.err());
    Map<String, Long> expected =
        Map.of("login", users, "create", users * iterations, "delete", users * iterations);
    for (Map.Entry<String, Long> e : expected.entrySet()) {
      Group g = run.request(e.getKey());
      assertEquals(e.getValue(), g.sent(), e.getKey());
      assertEquals(e.getValue(), g.ok(), e.getKey() + ": " + g.failures());
      assertEquals(sessions.steps.of(e.getKey()), g.sent(), e.getKey() + ": the server's count");
    }
    assertEquals(users, run.request("logout").ok());
    assertEquals(users, sessions.steps.of("logout"));
    assertEquals(0, run.total().notSent());
    assertTrue(sessions.live.isEmpty(), "every session was ended: " + sessions.live);
    assertEquals(users, sessions.ended.size());
    for (Map.Entry<String, Integer> e : sessions.ended.entrySet()) {
      assertEquals(2 * iterations, e.getValue(), "uses of the session " + e.getKey());
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads", "jersey"})
  void eachClosedUserLogsInOnceRunsItsIterationsAndLogsOut(String engine, @TempDir Path dir)
      throws Exception {
    Sessions sessions = new Sessions();
    ClientRun run = run(dir, sessions, "4", "5", "--engine", engine);
    // 4 threads in the four phases: 1, 2, 4 and 1 users.
    assertFlows(run, sessions, 1 + 2 + 4 + 1, 5);
    assertEquals(8 * (1 + 2 * 5 + 1), run.result().recording().capacity(), "slots, exactly");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads"})
  void everyOpenModelArrivalIsAUserOfItsOwn(String engine, @TempDir Path dir) throws Exception {
    Sessions sessions = new Sessions();
    ClientRun run = run(dir, sessions, "4", "5", "--rate", "400", "--engine", engine);
    // (1 + 2 + 4 + 1) x 5 arrivals, each its own login, one iteration and logout.
    assertFlows(run, sessions, 8 * 5, 1);
  }

  @Test
  void shardsOfFlowsMergeToWhatOneRunSends(@TempDir Path dir) throws Exception {
    Sessions sessions = new Sessions();
    Path file = dir.resolve("flow.yaml");
    Files.writeString(file, FLOW);
    try (ScriptedServer server = ScriptedServer.start(sessions::reply)) {
      ClientRun.shards(
          dir, 3, "6", "3", "-q", "--url", server.url("/"), "--scenario", file.toString());
    }
    ClientRun merged = ClientRun.report(dir, 3);
    // 6 threads in the four phases: 1, 3, 6 and 1 users.
    assertFlows(merged, sessions, 1 + 3 + 6 + 1, 3);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads"})
  void aUserKeepsItsSessionFromStageToStage(String engine, @TempDir Path dir) throws Exception {
    Sessions sessions = new Sessions();
    Path file = dir.resolve("flow.yaml");
    Files.writeString(file, FLOW);
    ClientRun run;
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              try {
                Thread.sleep(5);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return sessions.reply(r);
            })) {
      // 6 users: a ramp up over 1 s, a hold for 1 s and a ramp down over 1 s.
      run =
          ClientRun.of(
              "6",
              "1000",
              "--stages",
              "1s:6,1s:6,1s:0",
              "--engine",
              engine,
              "--url",
              server.url("/"),
              "--scenario",
              file.toString());
      assertEquals(
          1 + 6,
          server.connections(),
          "the reachability probe's, and each user one kept from stage to stage");
    }
    assertEquals(0, run.code(), run.out() + run.err());
    // One login and one logout each, not one a stage.
    assertEquals(6, sessions.steps.of("login"));
    assertEquals(6, run.request("login").ok());
    assertEquals(6, sessions.steps.of("logout"));
    assertEquals(6, run.request("logout").ok());
    assertTrue(sessions.live.isEmpty(), "every session was ended: " + sessions.live);
    long creates = run.request("create").ok();
    assertEquals(sessions.steps.of("create"), run.request("create").sent());
    assertEquals(sessions.steps.of("delete"), run.request("delete").sent());
    assertEquals(creates, run.request("delete").ok());
    assertEquals(0, run.failed());
    assertEquals(
        2 * creates,
        sessions.ended.values().stream().mapToLong(Integer::longValue).sum(),
        "each session was used by its own user's iterations, in every stage");
    for (String stage : List.of("STAGE1", "STAGE2", "STAGE3")) {
      assertTrue(run.phase(stage).sent() > 0, stage);
    }
  }

  @Test
  void setupAndTeardownAreCheckedAsRequestsAre(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(
        file,
        """
        setup: []
        requests:
          - {name: a, path: /}
        """);
    ClientRun empty =
        ClientRun.of("1", "1", "--url", "http://127.0.0.1:9/", "--scenario", "" + file);
    assertEquals(2, empty.code());
    assertTrue(empty.err().contains(file + ": 'setup' must be a list of at least one request"));
    assertEquals(2, empty.err().lines().count(), "the problem, then the usage: " + empty.err());
    Files.writeString(
        file,
        """
        requests:
          - {name: a, path: /}
        teardown:
          - {name: bye, path: '/bye/${token}'}
        """);
    ClientRun unknown =
        ClientRun.of("1", "1", "--url", "http://127.0.0.1:9/", "--scenario", "" + file);
    assertEquals(2, unknown.code());
    assertTrue(
        unknown.err().contains("request 'bye' uses ${token}, which no earlier request"),
        unknown.err());
    assertEquals(2, unknown.err().lines().count(), "the problem, then the usage: " + unknown.err());
    assertTrue(unknown.runs().isEmpty(), "nothing ran");
  }
}
