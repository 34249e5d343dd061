package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Body checks with variables, against a REST server that creates items and echoes each back (as
 * real ones do, pretty-printed): the check is rendered with the values its request was sent with,
 * and a body that fails a check says which check and what came back.
 */
@Timeout(60)
class ExpectVariablesTest {

  static final String CRUD =
      """
      requests:
        - name: create
          method: POST
          path: /items
          headers:
            Content-Type: application/json
          body: '{"name":"t${thread}-i${iteration}-r${random:1:1000000}"}'
          expect:
            status: 201
            bodyContains: '"name": "t${thread}-i${iteration}-r${random:1:1000000}"'
      """;

  private static final Pattern NAME = Pattern.compile("\\{\"name\":\"([^\"]*)\"}");

  /** An item store: 201 with the created item, or with {@code wrongName} for every 5th one. */
  private static ScriptedServer itemServer(String wrongName) throws Exception {
    AtomicInteger ids = new AtomicInteger();
    return ScriptedServer.start(
        r -> {
          Matcher m = NAME.matcher(new String(r.body(), StandardCharsets.UTF_8));
          if (!r.method().equals("POST") || !r.target().equals("/items") || !m.matches()) {
            return Reply.response(400, "{\"error\": \"bad item\"}");
          }
          int id = ids.incrementAndGet();
          String name = wrongName != null && id % 5 == 0 ? wrongName : m.group(1);
          return Reply.response(201, "{\n  \"id\": " + id + ",\n  \"name\": \"" + name + "\"\n}");
        });
  }

  private static ClientRun run(ScriptedServer server, Path scenario, String engine) {
    return ClientRun.of(
        "4",
        "5",
        "--url",
        "http://127.0.0.1:" + server.port() + "/",
        "--scenario",
        scenario.toString(),
        "--engine",
        engine,
        "--seed",
        "7",
        "--quiet");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"raw", "jersey", "loop"})
  void aCheckRepeatsTheValuesItsRequestWasSentWith(String engine, @TempDir Path dir)
      throws Exception {
    Path file = Files.writeString(dir.resolve("crud.yaml"), CRUD);
    try (ScriptedServer server = itemServer(null)) {
      ClientRun run = run(server, file, engine);
      long iterations = (1 + 2 + 4 + 1) * 5;
      assertEquals(iterations, run.sent(), run.out() + run.err());
      assertEquals(server.requests(), run.sent(), "sent is what the server received");
      assertEquals(iterations, run.ok(), run.out());
      assertEquals(ExitCode.OK, run.code(), run.out());
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"raw", "jersey", "loop"})
  void aBadBodySaysWhichCheckFailedAndWhatCameBack(String engine, @TempDir Path dir)
      throws Exception {
    Path file = Files.writeString(dir.resolve("crud.yaml"), CRUD);
    try (ScriptedServer server = itemServer("someone-else")) {
      ClientRun run = run(server, file, engine);
      long iterations = (1 + 2 + 4 + 1) * 5;
      assertEquals(iterations, run.sent(), run.out() + run.err());
      assertEquals(iterations / 5, run.failed("bad body"), run.out());
      assertEquals(ExitCode.FAILED, run.code());
      Group create = run.summary().requests().get(0);
      List<Map.Entry<Integer, Long>> reasons = create.reasons(Outcome.BAD_BODY);
      assertEquals(1, reasons.size(), run.out());
      assertEquals(iterations / 5, reasons.get(0).getValue());
      String message = run.result().reasons().message(reasons.get(0).getKey());
      assertTrue(message.startsWith("body does not contain \"\\\"name\\\": \\\"t"), message);
      assertTrue(message.contains("\\\"name\\\": \\\"someone-else\\\""), message);
      assertTrue(message.contains("; first got "), message);
    }
  }

  /**
   * bodyEquals is rendered as bodyContains is: a server that answers each item's path back, and a
   * check that the whole body is that item, sent by the same thread in the same iteration.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"raw", "jersey", "loop"})
  void anEqualsCheckRepeatsTheValuesItsRequestWasSentWith(String engine, @TempDir Path dir)
      throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("get.yaml"),
            """
            requests:
              - name: get
                path: /items/t${thread}-i${iteration}-${phase}
                expect:
                  bodyEquals: 'item t${thread}-i${iteration}-${phase}'
            """);
    try (ScriptedServer server =
        ScriptedServer.start(
            r ->
                r.target().startsWith("/items/")
                    ? Reply.response(200, "item " + r.target().substring("/items/".length()))
                    : Reply.response(404, "no such item"))) {
      ClientRun run = run(server, file, engine);
      long iterations = (1 + 2 + 4 + 1) * 5;
      assertEquals(iterations, run.sent(), run.out() + run.err());
      assertEquals(server.requests(), run.sent(), "sent is what the server received");
      assertEquals(iterations, run.ok(), run.out());
      assertEquals(ExitCode.OK, run.code(), run.out());
    }
  }

  @Test
  void aCheckThatRepeatsADrawTheRequestNeverMadeIsRefusedBeforeTheRun(@TempDir Path dir)
      throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("bad.yaml"),
            CRUD.replace("bodyContains: '\"name\": \"t${thread}", "bodyContains: '${random:1:9}"));
    try (ScriptedServer server = itemServer(null)) {
      ClientRun run = run(server, file, "raw");
      assertEquals(ExitCode.USAGE, run.code(), run.err());
      assertEquals(0, server.requests(), "nothing was sent");
      assertEquals(2, run.err().lines().count(), run.err());
      assertTrue(run.err().contains("${random:1:9} must repeat the request's random draw"));
    }
  }
}
