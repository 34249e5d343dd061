package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.ExitCode;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The seeds' mix: lookup and trade users weighted 80/20, with an updater in the background, against
 * a server that counts each path. The shares are exact: in the closed model 80/20 of each phase's
 * threads by largest remainder, plus the updater's own threads in every phase; in the open model
 * 80/20 of the arrivals, plus the updater's own rate in every phase. Every row is named {@code
 * population:request}, its count equals the server's, SLOs can name it, and shards merge to one
 * run's counts.
 */
@Timeout(90)
class PopulationsTest {

  @TempDir Path dir;

  private static final String LOOKUP =
      """
        - name: lookup
          weight: 80
          requests:
            - {name: quote, path: '/quote?user=${thread}'}
        - name: trade
          weight: 20
          scenario: trade.yaml
      """;

  private static final String TRADE =
      """
      setup:
        - {name: login, method: POST, path: /login, capture: {token: {json: '$.token'}}}
      requests:
        - {name: order, method: POST, path: '/order?token=${token}', body: '{"qty":1}'}
      """;

  /** Counts each path; a login hands out a token an order must carry. */
  private static Reply reply(ScriptedServer.Request r, StepCounts counts) {
    String path = r.target().replaceAll("\\?.*", "");
    counts.count(path);
    if (path.equals("/login")) {
      return Reply.response(200, "{\"token\":\"t" + r.index() + "\"}");
    }
    if (path.equals("/order") && !r.target().contains("token=t")) {
      return Reply.response(401, "{}");
    }
    return Reply.response(200, "{}");
  }

  private Path scenario(String background) throws Exception {
    Files.writeString(dir.resolve("trade.yaml"), TRADE);
    return Files.writeString(dir.resolve("mix.yaml"), "populations:\n" + LOOKUP + background);
  }

  private static ClientRun run(ScriptedServer server, Path file, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--url", server.url("/"), "--scenario", file.toString()));
    return ClientRun.of(all.toArray(String[]::new));
  }

  /** Each row's sent and ok against {@code expected}, and the server's count of its path. */
  private static void assertRows(
      ClientRun run, StepCounts counts, Map<String, Long> expected, Map<String, String> paths) {
    for (Map.Entry<String, Long> e : expected.entrySet()) {
      Group g = run.request(e.getKey());
      assertEquals(e.getValue(), g.sent(), e.getKey());
      assertEquals(e.getValue(), g.ok(), e.getKey() + ": " + g.failures());
      assertEquals(counts.of(paths.get(e.getKey())), g.sent(), e.getKey() + ": the server's count");
    }
    assertEquals(
        expected.values().stream().mapToLong(Long::longValue).sum(), run.total().sent(), "all");
  }

  private static final Map<String, String> PATHS =
      Map.of(
          "lookup:quote", "/quote",
          "trade:login", "/login",
          "trade:order", "/order",
          "updater:update", "/update");

  private static final String UPDATER_THREADS =
      """
        - name: updater
          threads: 1
          requests:
            - {name: update, method: PUT, path: /update, think: 5ms}
      """;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads", "jersey"})
  void closedModelSharesAreExactInEveryPhase(String engine) throws Exception {
    Path file = scenario(UPDATER_THREADS);
    StepCounts counts = new StepCounts();
    try (ScriptedServer server = ScriptedServer.start(r -> reply(r, counts))) {
      ClientRun run = run(server, file, "50", "4", "--engine", engine);
      assertEquals(0, run.code(), run.out() + run.err());
      // 50 threads in the four phases: 5, 25, 50, 12; 80/20 of them: 4/1, 20/5, 40/10, 10/2
      // (12 x 0.8 = 9.6 and 12 x 0.2 = 2.4: the larger remainder takes the one left).
      long lookups = 4 + 20 + 40 + 10;
      long traders = 1 + 5 + 10 + 2;
      assertRows(
          run,
          counts,
          Map.of(
              "lookup:quote", lookups * 4,
              "trade:login", traders,
              "trade:order", traders * 4,
              "updater:update", 4L * 4),
          PATHS);
      assertEquals(40 * 4 + 10 * (1 + 4) + 4, run.phase("PEAK").sent(), "PEAK's requests");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads"})
  void openModelSharesTheArrivalsAndTheUpdaterKeepsItsRate(String engine) throws Exception {
    Path file =
        scenario(
            """
              - name: updater
                rate: 20/s
                threads: 2
                requests:
                  - {name: update, method: PUT, path: /update}
            """);
    StepCounts counts = new StepCounts();
    try (ScriptedServer server = ScriptedServer.start(r -> reply(r, counts))) {
      ClientRun run = run(server, file, "40", "5", "--rate", "400", "--engine", engine);
      assertEquals(0, run.code(), run.out() + run.err());
      // Phases of 4, 20, 40 and 10 threads: 20, 100, 200 and 50 arrivals, 0.5 s each at 10, 50,
      // 100 and 25 % of 400/s. 80/20 of them, and the updater's 20/s x 0.5 s = 10 in each.
      long lookups = 16 + 80 + 160 + 40;
      long traders = 4 + 20 + 40 + 10;
      assertRows(
          run,
          counts,
          Map.of(
              "lookup:quote", lookups,
              "trade:login", traders,
              "trade:order", traders,
              "updater:update", 4L * 10),
          PATHS);
      assertEquals(
          lookups + traders + 40,
          run.result().phases().stream().mapToLong(p -> p.arrivals().started()).sum(),
          "every arrival started");
    }
  }

  @Test
  void sloNamesAPopulationsRequest() throws Exception {
    Path file = scenario(UPDATER_THREADS);
    StepCounts counts = new StepCounts();
    try (ScriptedServer server = ScriptedServer.start(r -> reply(r, counts))) {
      ClientRun held = run(server, file, "10", "2", "--slo", "trade:order:p99<10s");
      assertEquals(ExitCode.OK, held.code(), held.out() + held.err());
      ClientRun broke = run(server, file, "10", "2", "--slo", "lookup:quote:max<0ms");
      assertEquals(ExitCode.SLO_FAILED, broke.code(), broke.out() + broke.err());
      ClientRun unknown = run(server, file, "10", "2", "--slo", "quote:p99<1s");
      assertEquals(ExitCode.USAGE, unknown.code(), unknown.err());
      assertTrue(
          unknown.err().contains("lookup:quote"), "names the rows there are: " + unknown.err());
    }
  }

  @Test
  void shardsOfAMixMergeToOneRunsCounts() throws Exception {
    Path file = scenario(UPDATER_THREADS);
    StepCounts counts = new StepCounts();
    try (ScriptedServer server = ScriptedServer.start(r -> reply(r, counts))) {
      ClientRun.shards(
          dir, 3, "50", "2", "-q", "--url", server.url("/"), "--scenario", file.toString());
    }
    ClientRun merged = ClientRun.report(dir, 3);
    assertEquals(0, merged.code(), merged.out() + merged.err());
    long lookups = 4 + 20 + 40 + 10;
    long traders = 1 + 5 + 10 + 2;
    assertRows(
        merged,
        counts,
        Map.of(
            "lookup:quote", lookups * 2,
            "trade:login", traders,
            "trade:order", traders * 2,
            "updater:update", 4L * 2),
        PATHS);
  }

  @Test
  void badPopulationsAreRefusedBeforeAnythingIsSent() throws Exception {
    Files.writeString(dir.resolve("trade.yaml"), TRADE);
    Files.writeString(dir.resolve("with-data.yaml"), "data: {file: x.csv}\n" + TRADE);
    Map<String, String> refusals =
        Map.of(
            "  - {name: a, rate: 5/s, threads: 1, requests: [{name: r, path: /}]}\n",
            "rate: R/s needs --rate",
            "  - {name: a, requests: [{name: r, path: /}]}\n",
            "needs a share",
            "  - {name: a, weight: 1, threads: 2, requests: [{name: r, path: /}]}\n",
            "one of them",
            "  - {name: a, weight: 1, requests: [{name: r, path: /}]}\n"
                + "  - {name: a, weight: 1, requests: [{name: s, path: /}]}\n",
            "the name is used twice",
            "  - {name: a, weight: 1, scenario: with-data.yaml}\n",
            "data, cookies and slo go in",
            "  - {name: a, weight: 1, scenario: trade.yaml}\n"
                + "  - {name: b, weight: 1, requests: [{name: r, path: '/${token}'}]}\n",
            "request 'b:r' uses ${token}, which no earlier request captures",
            "  - {name: 'a b', weight: 1, requests: [{name: r, path: /}]}\n",
            "needs a name");
    StepCounts counts = new StepCounts();
    try (ScriptedServer server = ScriptedServer.start(r -> reply(r, counts))) {
      for (Map.Entry<String, String> e : refusals.entrySet()) {
        Path file = Files.writeString(dir.resolve("bad.yaml"), "populations:\n" + e.getKey());
        ClientRun run = run(server, file, "4", "1");
        assertEquals(ExitCode.USAGE, run.code(), e.getKey() + run.err());
        assertTrue(run.err().contains(e.getValue()), e.getValue() + " in: " + run.err());
        assertEquals(2, run.err().lines().count(), "the problem, then the usage: " + run.err());
      }
      Path file = scenario(UPDATER_THREADS);
      ClientRun open = run(server, file, "40", "1", "--rate", "100");
      assertEquals(ExitCode.USAGE, open.code());
      assertTrue(open.err().contains("threads: N alone is a number of users"), open.err());
      assertEquals(0, server.requests(), "nothing was sent");
    }
  }
}
