package io.phaseload.client.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --stages} of users in the closed model, against a server that holds each request 50 ms and
 * watches how many are in flight: a ramp from 0 to 40 users over 4 s, a hold for 2 s, and a ramp
 * down to 0 over 2 s. In every 250 ms the most requests in flight follow the ramp (each user always
 * has one request in flight), within 3 users, across the changes of stage too: the same 40 users,
 * on 40 connections, go on from one stage to the next. Sent equals received, and nothing failed for
 * being stopped.
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
      assertEquals(
          1 + 40,
          server.connections(),
          "the reachability probe's, and each user one through every stage");
    }
    assertEquals(run.sent(), run.ok(), "none failed for being stopped");
    assertTrue(Files.size(dir.resolve("charts").resolve("load.png")) > 0, "the load's chart");
    assertEquals(0, run.total().notSent());
    long first = seen.stream().mapToLong(Seen::at).min().orElseThrow();
    // The users go on from stage to stage: no dip where one stage hands over to the next.
    int[] most = new int[32];
    for (Seen s : seen) {
      int q = (int) ((s.at() - first) / 250_000_000L);
      if (q < most.length) {
        most[q] = Math.max(most[q], s.inFlight());
      }
    }
    // A user renders the name of the stage it is in: its ${phase} changes as it goes on. Each
    // stage's name reached the server as often as that stage sent (when the server saw each is
    // the machine's as well).
    for (String stage : List.of("STAGE1", "STAGE2", "STAGE3")) {
      long named = seen.stream().filter(s -> s.stage().equals(stage)).count();
      assertEquals(run.phase(stage).sent(), named, stage);
    }
    // Never more in flight than the stage has users (a quarter-second window sees the higher end
    // of its ramp, and 3 more for its edges); a pause of the machine's may empty a window, so
    // only the steady stage's busiest one must reach its 40, less the edges.
    int steady = 0;
    for (int q = 0; q < most.length; q++) {
      double expected = Math.max(users(q * 0.25), users((q + 1) * 0.25));
      assertTrue(
          most[q] <= expected + 3,
          "at " + q * 250 + " ms: " + most[q] + " in flight against " + expected);
      if (q >= 16 && q < 24) {
        steady = Math.max(steady, most[q]);
      }
    }
    assertTrue(steady >= 37, "the steady stage's busiest quarter second: " + steady);
  }

  /** The shape's users {@code t} seconds in: 0 to 40 over 4 s, 40 for 2 s, 40 to 0 over 2 s. */
  private static double users(double t) {
    return t < 4 ? 10 * t : t < 6 ? 40 : Math.max(0, 40 - 20 * (t - 6));
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
      assertEquals(2 + 10, server.connections(), "each shard's probe, and one a user");
      ClientRun merged = ClientRun.report(dir, 2);
      assertEquals(0, merged.code(), merged.out() + merged.err());
      assertEquals(sent, merged.sent(), "the merge holds every shard's requests");
      assertEquals(server.requests(), merged.sent(), "what the server received");
      assertEquals(merged.sent(), merged.ok());
    }
  }
}
