package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario's paths are relative to {@code --url}: its path is kept in front of each of them, with
 * or without a trailing slash, and what the server received is exactly that; a query in {@code
 * --url}, which no path could be joined to, is refused rather than dropped.
 */
@Timeout(60)
class UrlBasePathTest {

  private static final String SCENARIO =
      """
      requests:
        - name: hello
          path: /sayHello
        - name: item
          path: /items/${iteration}?full=1
        - name: elsewhere
          url: http://127.0.0.1:PORT/own
      """;

  /** Runs 2 threads x 3 iterations of the scenario with {@code --url base}; the paths received. */
  private static Map<String, Long> received(Path dir, String suffix) throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              seen.add(r.target());
              return Reply.response(200, "ok");
            })) {
      Path file = dir.resolve("base.yaml");
      Files.writeString(file, SCENARIO.replace("PORT", String.valueOf(server.port())));
      ClientRun run =
          ClientRun.of(
              "2",
              "3",
              "-q",
              "--phases",
              "1.0",
              "--url",
              "http://127.0.0.1:" + server.port() + suffix,
              "--scenario",
              file.toString());
      assertEquals(ExitCode.OK, run.code(), run.out() + run.err());
      assertEquals(3 * 6, run.ok(), run.out());
      assertEquals(seen.size(), run.sent(), "sent is what the server received");
    }
    Map<String, Long> byPath = new TreeMap<>();
    seen.forEach(p -> byPath.merge(p, 1L, Long::sum));
    return byPath;
  }

  @Test
  void pathsGoUnderTheUrlsPath(@TempDir Path dir) throws Exception {
    Map<String, Long> expected = new TreeMap<>();
    expected.put("/api/v1/sayHello", 6L);
    for (int i = 0; i < 3; i++) {
      expected.put("/api/v1/items/" + i + "?full=1", 2L);
    }
    expected.put("/own", 6L); // a request's own URL is sent as written
    assertEquals(expected, received(dir, "/api/v1"));
    assertEquals(expected, received(dir, "/api/v1/"), "a trailing slash is not doubled");
  }

  @Test
  void aUrlWithoutAPathAddsNothing(@TempDir Path dir) throws Exception {
    Map<String, Long> paths = received(dir, "");
    assertEquals(6L, paths.get("/sayHello"), paths.toString());
    assertEquals(paths, received(dir, "/"));
  }

  @Test
  void aQueryInTheUrlIsRefusedNotDropped(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("base.yaml");
    Files.writeString(file, SCENARIO.replace("PORT", "9"));
    ClientRun run =
        ClientRun.of(
            "1", "1", "--url", "http://127.0.0.1:9/api?ms=20", "--scenario", file.toString());
    assertEquals(ExitCode.USAGE, run.code());
    assertEquals(
        "phaseload: --url http://127.0.0.1:9/api?ms=20 has a query, which a scenario's paths"
            + " cannot be joined to: give --url without ?ms=20 and put it in each request's path",
        run.err().lines().findFirst().orElse(""));
  }

  @Test
  void pathWithAScenarioIsRefusedNotDropped(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("base.yaml");
    Files.writeString(file, SCENARIO.replace("PORT", "9"));
    ClientRun run =
        ClientRun.of("1", "1", "127.0.0.1", "9", "--path", "/api", "--scenario", file.toString());
    assertEquals(ExitCode.USAGE, run.code());
    assertEquals(
        "phaseload: --path is the path of the contract or of the -X/-d request; a scenario's"
            + " requests give their own",
        run.err().lines().findFirst().orElse(""));
  }
}
