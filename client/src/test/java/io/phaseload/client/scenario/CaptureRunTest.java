package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.StepCounts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A user's flow carried from one response to the next request, on every engine, against a server
 * that hands out tokens and ids and refuses any other: log in and capture the token (JSON), take a
 * form's CSRF token (regex) and send it back as a header, create an item with the token and capture
 * its id (JSON) and its Location (header), read it back by id and check it, delete it. The server
 * counts each step; the client's counts per request equal them, nothing failed, and every item made
 * was deleted. Where logging in fails, the capture fails with its reason and the steps that need
 * the token are skipped, not sent.
 */
@Timeout(60)
class CaptureRunTest {

  static final String FLOW =
      """
      requests:
        - name: login
          method: POST
          path: /login
          body: '{"user":"u${thread}"}'
          capture:
            token: {json: '$.token'}
        - name: form
          path: /form
          capture:
            csrf: {regex: 'name="csrf" value="([^"]+)"'}
        - name: create
          method: POST
          path: /items
          headers:
            Authorization: Bearer ${token}
            X-CSRF-Token: ${csrf}
          body: '{"name":"n${iteration}"}'
          expect:
            status: 201
          capture:
            id: {json: '$.item.id'}
            where: {header: Location}
        - name: read
          path: /items/${id}?from=${where}
          headers:
            Authorization: Bearer ${token}
          expect:
            bodyContains: '"id":${id}'
        - name: delete
          method: DELETE
          path: /items/${id}
          headers:
            Authorization: Bearer ${token}
          expect:
            status: 204
      """;

  private static final Pattern ITEM = Pattern.compile("/items/(\\d+)(\\?from=(.*))?");

  /** A login and CRUD API: tokens and ids it made, and nothing else, are accepted. */
  private static final class Api {
    final Map<String, Boolean> tokens = new ConcurrentHashMap<>();
    final Map<String, String> csrf = new ConcurrentHashMap<>();
    final Map<Integer, String> items = new ConcurrentHashMap<>();
    final StepCounts steps = new StepCounts();
    final AtomicInteger ids = new AtomicInteger();
    final AtomicInteger made = new AtomicInteger();
    final AtomicInteger literal = new AtomicInteger();
    final boolean refuseUser0;

    Api(boolean refuseUser0) {
      this.refuseUser0 = refuseUser0;
    }

    Reply reply(ScriptedServer.Request r) {
      String body = new String(r.body(), StandardCharsets.UTF_8);
      if (r.target().contains("${") || r.headers().stream().anyMatch(h -> h.contains("${"))) {
        literal.incrementAndGet();
      }
      String token = r.header("authorization");
      boolean authorized = token != null && tokens.containsKey(token.replace("Bearer ", ""));
      if (r.method().equals("POST") && r.target().equals("/login")) {
        steps.count("login");
        if (refuseUser0 && body.contains("\"u0\"")) {
          return Reply.response(200, "{\"error\":\"no such user\"}");
        }
        String t = "tok-" + ids.incrementAndGet();
        tokens.put(t, true);
        return Reply.response(200, "{\"token\":\"" + t + "\",\"ttl\":60}");
      }
      if (r.method().equals("GET") && r.target().equals("/form")) {
        steps.count("form");
        String c = "c" + ids.incrementAndGet();
        csrf.put(c, c);
        return Reply.response(
            200, "<form><input type=\"hidden\" name=\"csrf\" value=\"" + c + "\"></form>");
      }
      if (r.method().equals("POST") && r.target().equals("/items")) {
        steps.count("create");
        if (!authorized || csrf.remove(String.valueOf(r.header("x-csrf-token"))) == null) {
          return Reply.response(401, "{}");
        }
        int id = ids.incrementAndGet();
        items.put(id, body);
        made.incrementAndGet();
        return Reply.response(201, "{\"item\":{\"id\":" + id + "}}", "Location: /items/" + id);
      }
      Matcher m = ITEM.matcher(r.target());
      if (m.matches()) {
        int id = Integer.parseInt(m.group(1));
        if (r.method().equals("GET")) {
          steps.count("read");
          boolean where = ("/items/" + id).equals(m.group(3));
          return authorized && where && items.containsKey(id)
              ? Reply.response(200, "{\"id\":" + id + "}")
              : Reply.response(404, "{}");
        }
        if (r.method().equals("DELETE")) {
          steps.count("delete");
          return authorized && items.remove(id) != null
              ? Reply.response(204, "")
              : Reply.response(404, "{}");
        }
      }
      return Reply.response(404, "{}");
    }
  }

  private static ClientRun run(Path dir, Api api, String engine) throws Exception {
    Path file = dir.resolve("flow.yaml");
    Files.writeString(file, FLOW);
    try (ScriptedServer server = ScriptedServer.start(api::reply)) {
      return ClientRun.of(
          "4", "5", "--url", server.url("/"), "--scenario", file.toString(), "--engine", engine);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads", "jersey"})
  void valuesCarryFromEachResponseToTheNextRequests(String engine, @TempDir Path dir)
      throws Exception {
    Api api = new Api(false);
    ClientRun run = run(dir, api, engine);
    long iterations = (1 + 2 + 4 + 1) * 5;
    assertEquals(0, run.code(), run.out() + run.err());
    for (String step : List.of("login", "form", "create", "read", "delete")) {
      Group g = run.request(step);
      assertEquals(iterations, g.sent(), step);
      assertEquals(iterations, g.ok(), step + ": " + g.failures());
      assertEquals(api.steps.of(step), g.sent(), step + ": the server's count");
    }
    assertEquals(0, run.total().notSent());
    assertEquals(iterations, api.made.get(), "items made");
    assertTrue(api.items.isEmpty(), "every item made was deleted: " + api.items);
    assertEquals(0, api.literal.get(), "no variable was sent as written");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads", "jersey"})
  void aCaptureThatFindsNothingFailsAndWhatNeedsItIsSkipped(String engine, @TempDir Path dir)
      throws Exception {
    Api api = new Api(true);
    ClientRun run = run(dir, api, engine);
    // User 0 of each phase cannot log in: 4 phases x 5 iterations of it.
    long refused = 4 * 5;
    long iterations = (1 + 2 + 4 + 1) * 5;
    assertEquals(1, run.code(), "failed captures fail the run");
    Group login = run.request("login");
    assertEquals(iterations, login.sent());
    assertEquals(refused, login.count(Outcome.CAPTURE));
    String reason = run.result().reasons().message(login.failures().firstKey() >>> 4);
    assertTrue(reason.contains("capture token (json $.token) found nothing"), reason);
    assertTrue(reason.contains("no such user"), "an excerpt of the body: " + reason);
    assertEquals(iterations, run.request("form").ok(), "the form needs no token");
    for (String step : List.of("create", "read", "delete")) {
      Group g = run.request(step);
      assertEquals(refused, g.skipped(), step);
      assertEquals(refused, g.notSent(), step);
      assertEquals(iterations - refused, g.sent(), step);
      assertEquals(iterations - refused, g.ok(), step + ": " + g.failures());
      assertEquals(api.steps.of(step), g.sent(), step + ": the server's count");
    }
    assertFalse(api.literal.get() > 0, "no variable was sent as written");
    assertTrue(api.items.isEmpty(), "every item made was deleted");
  }
}
