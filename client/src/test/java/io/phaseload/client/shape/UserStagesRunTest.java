package io.phaseload.client.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --stages} of users in the closed model, against a server that holds each request 50 ms and
 * watches how many are in flight: a ramp from 0 to 40 users over 4 s, a hold for 2 s, and a ramp
 * down to 0 over 2 s. In every 250 ms the most requests in flight follow the ramp (each user always
 * has one request in flight), within 3 users; sent equals received, and nothing failed for being
 * stopped.
 */
@Timeout(60)
class UserStagesRunTest {

  @TempDir Path dir;

  /** A request's arrival: its stage, its time, and the requests in flight with it. */
  private record Seen(String stage, long at, int inFlight) {}

  @Test
  void concurrencyFollowsTheRamp() throws Exception {
    AtomicInteger inFlight = new AtomicInteger();
    ConcurrentLinkedQueue<Seen> seen = new ConcurrentLinkedQueue<>();
    Path file =
        Files.writeString(
            dir.resolve("stage.yaml"),
            "requests:\n  - {name: work, path: '/work?stage=${phase}'}\n");
    ClientRun run;
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              seen.add(
                  new Seen(
                      r.target().substring(r.target().indexOf('=') + 1),
                      System.nanoTime(),
                      inFlight.incrementAndGet()));
              try {
                Thread.sleep(50);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              inFlight.decrementAndGet();
              return Reply.response(200, "{}");
            })) {
      run =
          ClientRun.of(
              "40",
              "1000",
              "--url",
              server.url("/"),
              "--scenario",
              file.toString(),
              "--stages",
              "4s:40,2s:40,2s:0",
              "--charts",
              dir.resolve("charts").toString());
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(run.sent(), server.requests(), "what the server received");
    }
    assertEquals(run.sent(), run.ok(), "none failed for being stopped");
    assertTrue(Files.size(dir.resolve("charts").resolve("load.png")) > 0, "the load's chart");
    assertEquals(0, run.total().notSent());
    Map<String, long[]> start = new ConcurrentHashMap<>();
    for (Seen s : seen) {
      start.merge(s.stage(), new long[] {s.at()}, (a, b) -> a[0] <= b[0] ? a : b);
    }
    // Expected users at the start and end of each 250 ms, stage by stage.
    checkStage(seen, "STAGE1", start.get("STAGE1")[0], 16, q -> Math.min(40, 10 * (q + 0.25)));
    checkStage(seen, "STAGE2", start.get("STAGE2")[0], 8, q -> 40);
    checkStage(seen, "STAGE3", start.get("STAGE3")[0], 8, q -> Math.max(0, 40 - 20 * q));
  }

  /** In each of the stage's 250 ms but its first, the most in flight is {@code users} within 3. */
  private static void checkStage(
      ConcurrentLinkedQueue<Seen> seen,
      String stage,
      long start,
      int quarters,
      java.util.function.DoubleUnaryOperator users) {
    int[] most = new int[quarters];
    for (Seen s : seen) {
      int q = (int) ((s.at() - start) / 250_000_000L);
      if (s.stage().equals(stage) && q < quarters) {
        most[q] = Math.max(most[q], s.inFlight());
      }
    }
    for (int q = 1; q < quarters; q++) {
      double expected = users.applyAsDouble(q * 0.25);
      assertTrue(
          Math.abs(most[q] - expected) <= 3,
          stage + " at " + q * 250 + " ms: " + most[q] + " in flight against " + expected);
    }
  }

  @Test
  void shardsOfAShapeOfUsersMergeToWhatTheServerReceived() throws Exception {
    long sent = 0;
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              try {
                Thread.sleep(10);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return Reply.response(200, "{}");
            })) {
      for (ClientRun shard :
          ClientRun.shards(
              dir, 2, "10", "1000", "-q", "--url", server.url("/"), "--stages", "1s:10,1s:0")) {
        assertEquals(5, shard.result().plan().threads(shard.result().plan().phases().get(0)));
        sent += shard.sent();
      }
      ClientRun merged = ClientRun.report(dir, 2);
      assertEquals(0, merged.code(), merged.out() + merged.err());
      assertEquals(sent, merged.sent(), "the merge holds every shard's requests");
      assertEquals(server.requests(), merged.sent(), "what the server received");
      assertEquals(merged.sent(), merged.ok());
    }
  }
}
