package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A failed status shows its cause: a login refused with 400 and a body saying why has that status
 * and an excerpt of the body among its reasons, on every engine, in the run's JSON and in a report
 * of its record, as has a create answered 422 (a request whose body is otherwise not kept); and the
 * request a failed login skips is counted as not sent, per request name.
 */
@Timeout(60)
class FailureCauseTest {

  /** Users log in with their thread number; the server refuses the odd ones. */
  static final String SCENARIO =
      """
      requests:
        - name: login
          method: POST
          path: /login
          body: '{"user":${thread}}'
          capture:
            token: {json: '$.token'}
        - name: create
          method: POST
          path: /items
          headers:
            Authorization: Bearer ${token}
          body: '{}'
          expect:
            status: 201
      """;

  static final String REFUSAL = "{\"message\":\"Incorrect password\"}";

  /** What the server answers to every create: its body is not kept for a check or a capture. */
  static final String INVALID = "{\"error\":\"name is required\"}";

  private static final Pattern USER = Pattern.compile("\\{\"user\":(\\d+)}");

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads", "jersey"})
  void aRefusedLoginShowsItsStatusAndBodyAndTheSkippedRequestIsCounted(String engine)
      throws Exception {
    Path file = dir.resolve("login.yaml");
    Files.writeString(file, SCENARIO);
    Path json = dir.resolve("run.json");
    Path record = dir.resolve("run.plr");
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              if (r.target().equals("/items")) {
                return Reply.response(422, INVALID);
              }
              Matcher m = USER.matcher(new String(r.body(), StandardCharsets.UTF_8));
              boolean odd = m.matches() && Integer.parseInt(m.group(1)) % 2 == 1;
              return odd ? Reply.response(400, REFUSAL) : Reply.response(200, "{\"token\":\"t\"}");
            })) {
      // 4 users (threads 0 to 3) in one phase, 3 iterations each: threads 1 and 3 are refused.
      ClientRun run =
          ClientRun.of(
              "4",
              "3",
              "--url",
              "http://127.0.0.1:" + server.port() + "/",
              "--scenario",
              file.toString(),
              "--phases",
              "1.0",
              "--engine",
              engine,
              "--json",
              json.toString(),
              "--record",
              record.toString(),
              "-q");
      assertEquals(1, run.code(), run.out() + run.err());
      Group login = run.request("login");
      Group create = run.request("create");
      assertEquals(12, login.sent());
      assertEquals(6, login.ok(), run.out());
      assertEquals(6, login.count(Outcome.HTTP));
      assertEquals(6, create.sent());
      assertEquals(6, create.count(Outcome.HTTP), run.out());
      assertEquals(6, create.notSent());
      assertEquals(6, create.skipped());
      assertEquals(18, server.requests(), "sent is what the server received: 12 logins, 6 creates");

      String reason =
          "status 400, expected 2xx; first got "
              + REFUSAL.length()
              + " bytes: \"{\\\"message\\\":\\\"Incorrect password\\\"}\"";
      JsonNode doc = JSON.readTree(json.toFile());
      JsonNode loginJson = doc.get("requests").get("login");
      assertEquals(1, loginJson.get("reasons").get("http").size(), loginJson.toString());
      assertEquals(reason, loginJson.get("reasons").get("http").get(0).get("reason").asText());
      assertEquals(6, loginJson.get("reasons").get("http").get(0).get("count").asLong());
      String invalid =
          "status 422, expected 201; first got "
              + INVALID.length()
              + " bytes: \"{\\\"error\\\":\\\"name is required\\\"}\"";
      JsonNode createJson = doc.get("requests").get("create");
      assertEquals(invalid, createJson.get("reasons").get("http").get(0).get("reason").asText());
      // Over both requests, each reason names its request.
      JsonNode total = doc.get("total").get("reasons").get("http");
      assertEquals(2, total.size(), total.toString());
      assertEquals("login: " + reason, total.get(0).get("reason").asText());
      assertEquals(6, total.get(0).get("count").asLong());
      assertEquals("create: " + invalid, total.get(1).get("reason").asText());
      assertEquals(6, total.get(1).get("count").asLong());
      assertEquals(6, createJson.get("sent").asLong());
      assertEquals(6, createJson.get("notSent").asLong());
      assertEquals(6, createJson.get("skipped").asLong());

      // A report of the record keeps the reason.
      Path again = dir.resolve("again.json");
      ClientRun report = ClientRun.of("report", record.toString(), "--json", again.toString());
      assertEquals(1, report.code(), report.out() + report.err());
      JsonNode reread = JSON.readTree(again.toFile()).get("requests").get("login");
      assertEquals(reason, reread.get("reasons").get("http").get(0).get("reason").asText());
    }
  }
}
