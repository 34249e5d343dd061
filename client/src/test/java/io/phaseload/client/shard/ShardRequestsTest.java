package io.phaseload.client.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shards send, between them, exactly the requests one run of the whole plan sends: the same
 * threads' numbers, iterations and random draws, whatever the number of shards.
 */
@Timeout(60)
class ShardRequestsTest {

  private static final String SCENARIO =
      """
      requests:
        - name: one
          path: /v/${phase}/${thread}/${iteration}/${random:1:1000000000}
      """;

  @TempDir static Path dir;

  /**
   * The sorted request targets the server saw from {@code shards} shards of 10 x 3 on {@code
   * engine}.
   */
  private static List<String> targets(int shards, String seed, String engine) throws Exception {
    Path scenario = dir.resolve("scenario.yaml");
    Files.writeString(scenario, SCENARIO);
    Queue<String> seen = new ConcurrentLinkedQueue<>();
    try (ScriptedServer server =
        ScriptedServer.start(
            request -> {
              seen.add(request.target());
              return Reply.response(200, "ok");
            })) {
      for (int i = 0; i < shards; i++) {
        List<String> args =
            new ArrayList<>(
                List.of(
                    "10",
                    "3",
                    "127.0.0.1",
                    String.valueOf(server.port()),
                    "--scenario",
                    scenario.toString(),
                    "--seed",
                    seed,
                    "--engine",
                    engine,
                    "-q"));
        if (shards > 1) {
          args.addAll(List.of("--shard", i + "/" + shards));
        }
        ClientRun run = ClientRun.of(args.toArray(String[]::new));
        assertEquals(0, run.code(), run.out() + run.err());
      }
    }
    List<String> sorted = new ArrayList<>(seen);
    sorted.sort(null);
    return sorted;
  }

  @Test
  void shardsTogetherSendWhatOneRunSends() throws Exception {
    List<String> one = targets(1, "11", "raw");
    assertEquals((1 + 5 + 10 + 2) * 3, one.size());
    assertEquals(one, targets(3, "11", "raw"));
    assertEquals(one, targets(7, "11", "raw"));
    assertNotEquals(one, targets(3, "12", "raw"));
  }

  @Test
  void loopShardsSendWhatOneRawRunSends() throws Exception {
    // Templated requests rendered on the loops, by users that are not threads: the same targets.
    List<String> one = targets(1, "11", "raw");
    assertEquals(one, targets(1, "11", "loop"));
    assertEquals(one, targets(3, "11", "loop"));
  }
}
