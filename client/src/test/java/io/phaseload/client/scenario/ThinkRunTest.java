package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Think time: users pause after a request before their next one, on a timer of their engine. The
 * server sees each user's next request no sooner than the pause after its answer; the report counts
 * the pauses and their time, which are in no latency; the same seed draws the same pauses.
 */
@Timeout(60)
class ThinkRunTest {

  static final String FLOW =
      """
      requests:
        - name: look
          path: /look
          think: THINK
        - name: buy
          method: POST
          path: /buy
      """;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One run of 3 users x 4 iterations in one phase; the JSON summary's generator phase. */
  private static JsonNode run(Path dir, String think, String engine, Map<String, Long> gaps)
      throws Exception {
    Path file = dir.resolve("flow.yaml");
    Files.writeString(file, FLOW.replace("THINK", think));
    Path json = dir.resolve("run.json");
    Map<Integer, Long> lookAnswered = new ConcurrentHashMap<>();
    AtomicInteger served = new AtomicInteger();
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              served.incrementAndGet();
              long now = System.nanoTime();
              if (r.target().equals("/look")) {
                lookAnswered.put(r.connection(), now);
              } else {
                long since = now - lookAnswered.get(r.connection());
                gaps.merge("min", since, Math::min);
              }
              return Reply.response(200, "{}");
            })) {
      ClientRun run =
          ClientRun.of(
              "3",
              "4",
              "--url",
              server.url("/"),
              "--scenario",
              file.toString(),
              "--phases",
              "1.0",
              "--engine",
              engine,
              "--seed",
              "11",
              "-q",
              "--json",
              json.toString());
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(3 * 4 * 2, run.sent());
      assertEquals(run.sent(), served.get(), "what the server received");
    }
    return JSON.readTree(json.toFile()).get("generator").get("phases").get(0);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads"})
  void aFixedPauseIsTakenAfterEachAnswerAndReportedApart(String engine, @TempDir Path dir)
      throws Exception {
    Map<String, Long> gaps = new ConcurrentHashMap<>();
    JsonNode phase = run(dir, "60ms", engine, gaps);
    assertTrue(
        gaps.get("min") >= 60_000_000L,
        "each buy came at least 60 ms after its look was answered: " + gaps);
    JsonNode think = phase.get("think");
    assertEquals(3 * 4, think.get("count").asLong(), "a pause after every look: " + phase);
    assertEquals(3 * 4 * 0.060, think.get("seconds").asDouble(), 1e-9);
    assertEquals(60.0, think.get("meanMs").asDouble(), 1e-9);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"{min: 10ms, max: 40ms}", "{mean: 20ms}"})
  void theSameSeedDrawsTheSamePauses(String think, @TempDir Path dir) throws Exception {
    JsonNode a = run(dir, think, "loop", new ConcurrentHashMap<>()).get("think");
    JsonNode b = run(dir, think, "loop", new ConcurrentHashMap<>()).get("think");
    assertEquals(12, a.get("count").asLong());
    assertEquals(a, b, "the same --seed, the same pauses");
    assertTrue(a.get("seconds").asDouble() > 0);
  }

  @Test
  void shardsThinkTimeIsSummedByTheirMerge(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("flow.yaml"), FLOW.replace("THINK", "5ms"));
    long thinks = 0;
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.response(200, "{}"))) {
      for (ClientRun shard :
          ClientRun.shards(
              dir,
              2,
              "5",
              "2",
              "-q",
              "--url",
              server.url("/"),
              "--scenario",
              file.toString(),
              "--phases",
              "1.0")) {
        thinks += shard.result().phases().get(0).thinks();
      }
    }
    ClientRun merged = ClientRun.report(dir, 2);
    assertEquals(0, merged.code(), merged.out() + merged.err());
    PhaseResult phase = merged.result().phases().get(0);
    assertEquals(5 * 2, thinks, "a pause after every look of the 5 users");
    assertEquals(thinks, phase.thinks(), "the merge sums its shards' pauses");
    assertEquals(thinks * 5_000_000L, phase.thinkNanos());
  }
}
