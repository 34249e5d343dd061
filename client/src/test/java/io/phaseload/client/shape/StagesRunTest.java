package io.phaseload.client.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --stages} in the open model, against a server that logs when each request arrived: a ramp
 * from 0 to 400/s over 5 s sends 40, 120, 200, 280 and 360 in its five seconds (the rate's integral
 * over each), within 5 %, and exactly 1,000 in all; stages are rows of the report; shards of a
 * shape merge to one generator's totals; a bad shape is refused before anything is sent.
 */
@Timeout(60)
class StagesRunTest {

  @TempDir Path dir;

  /** A server that answers at once and keeps each request's arrival time. */
  private static ScriptedServer logging(ConcurrentLinkedQueue<Long> arrived) throws Exception {
    return ScriptedServer.start(
        r -> {
          arrived.add(System.nanoTime());
          return Reply.response(200, "{}");
        });
  }

  @Test
  void aRampSendsTheRatesIntegralSecondBySecond() throws Exception {
    ConcurrentLinkedQueue<Long> arrived = new ConcurrentLinkedQueue<>();
    long[] perSecond;
    try (ScriptedServer server = logging(arrived)) {
      Path charts = dir.resolve("charts");
      ClientRun run =
          ClientRun.of(
              "50", "1", "--url", server.url("/"), "--stages", "5s:400/s", "--charts", "" + charts);
      assertTrue(java.nio.file.Files.size(charts.resolve("load.png")) > 0, "the load's chart");
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(1000, run.sent(), "the integral of 0 to 400/s over 5 s");
      assertEquals(1000, arrived.size(), "what the server received");
      perSecond = perSecond(run, 6);
    }
    for (int k = 0; k < 5; k++) {
      // 80 t arrivals a second at t seconds: 40 (2k + 1) in second k.
      long target = 40L * (2 * k + 1);
      assertTrue(
          Math.abs(perSecond[k] - target) <= 2,
          "second " + k + ": " + perSecond[k] + " against " + target);
    }
    assertTrue(perSecond[5] <= 2, "the ramp ends at 5 s: " + perSecond[5] + " after");
  }

  @Test
  void eachStageIsARowAndHoldsItsShare() throws Exception {
    ConcurrentLinkedQueue<Long> arrived = new ConcurrentLinkedQueue<>();
    try (ScriptedServer server = logging(arrived)) {
      ClientRun run =
          ClientRun.of("20", "1", "--url", server.url("/"), "--stages", "1s:200/s,1s:200/s,1s:0/s");
      assertEquals(0, run.code(), run.out() + run.err());
      List<PhaseResult> phases = run.result().phases();
      assertEquals(List.of("STAGE1", "STAGE2", "STAGE3"), run.result().plan().phaseNames());
      // Up to 200/s over 1 s, 1 s at 200/s, back to 0 over 1 s: 100, 200 and 100 arrivals.
      long[] expected = {100, 200, 100};
      for (PhaseResult p : phases) {
        long n = expected[p.phase().index()];
        assertEquals(n, p.arrivals().scheduled(), p.phase().name());
        assertEquals(n, p.arrivals().started(), p.phase().name());
        assertEquals(n, run.phase(p.phase().name()).sent(), p.phase().name());
      }
      assertEquals(400, arrived.size());
      // One schedule through the stages, on the same connections: each stage begins where the
      // last one's length ends, not once its answers are in.
      assertEquals(1_000_000_000L, phases.get(1).startNanos() - phases.get(0).startNanos());
      assertEquals(2_000_000_000L, phases.get(2).startNanos() - phases.get(0).startNanos());
      assertEquals(1 + 20, server.connections(), "the reachability probe's, and one a user");
    }
  }

  @Test
  void withRateTheTargetsAreArrivalsFromThatRate() throws Exception {
    ConcurrentLinkedQueue<Long> arrived = new ConcurrentLinkedQueue<>();
    long[] perSecond;
    try (ScriptedServer server = logging(arrived)) {
      // k6's startRate: from 100/s to 300/s over 2 s, 150 and 250 in its two seconds, 400 in all.
      ClientRun run =
          ClientRun.of(
              "20", "1", "-q", "--url", server.url("/"), "--rate", "100", "--stages", "2s:300");
      assertEquals(0, run.code(), run.out() + run.err());
      assertTrue(run.result().plan().isOpen());
      assertEquals(400, run.sent());
      assertEquals(400, arrived.size());
      perSecond = perSecond(run, 3);
    }
    assertTrue(Math.abs(perSecond[0] - 150) <= 2, "first second: " + perSecond[0]);
    assertTrue(Math.abs(perSecond[1] - 250) <= 2, "second second: " + perSecond[1]);
  }

  @Test
  void aScenarioFilesStagesAreK6sListAndStagesOverridesThem() throws Exception {
    Path file =
        java.nio.file.Files.writeString(
            dir.resolve("shape.yaml"),
            """
            stages:
              - {duration: 1s, target: 100/s}
              - {duration: 1s, target: 0/s}
            requests:
              - {name: get, path: /}
            """);
    ConcurrentLinkedQueue<Long> arrived = new ConcurrentLinkedQueue<>();
    try (ScriptedServer server = logging(arrived)) {
      ClientRun run =
          ClientRun.of("10", "1", "-q", "--url", server.url("/"), "--scenario", file.toString());
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(List.of("STAGE1", "STAGE2"), run.result().plan().phaseNames());
      assertEquals(50, run.phase("STAGE1").sent());
      assertEquals(50, run.phase("STAGE2").sent());
      ClientRun over =
          ClientRun.of(
              "10",
              "1",
              "-q",
              "--url",
              server.url("/"),
              "--scenario",
              file.toString(),
              "--stages",
              "1s:40/s");
      assertEquals(0, over.code(), over.out() + over.err());
      assertEquals(20, over.sent(), "--stages wins over the file's");
      assertEquals(120, arrived.size());
    }
  }

  @Test
  void shardsOfAShapeMergeToOneGeneratorsTotals() throws Exception {
    ConcurrentLinkedQueue<Long> arrived = new ConcurrentLinkedQueue<>();
    try (ScriptedServer server = logging(arrived)) {
      ClientRun.shards(
          dir, 2, "20", "1", "-q", "--url", server.url("/"), "--stages", "1s:150/s,1s:0/s");
    }
    ClientRun merged = ClientRun.report(dir, 2);
    assertEquals(0, merged.code(), merged.out() + merged.err());
    // 0 to 150/s over 1 s, then 150/s to 0 over 1 s: 75 arrivals each.
    assertEquals(75, merged.phase("STAGE1").sent());
    assertEquals(75, merged.phase("STAGE2").sent());
    assertEquals(150, merged.sent());
    assertEquals(150, arrived.size(), "what the server received from both shards");
  }

  @Test
  void aBadShapeIsRefusedBeforeAnythingIsSent() throws Exception {
    Map<List<String>, String> refusals =
        Map.ofEntries(
            Map.entry(List.of("--stages", "5s:10/s,5s:10"), "not both"),
            Map.entry(List.of("--stages", "0s:10/s"), "must be more than 0"),
            Map.entry(
                List.of("--stages", "5s:fast/s"), "the target must be users (40) or arrivals"),
            Map.entry(List.of("--stages", "5s:0/s"), "no arrival falls in it"),
            Map.entry(List.of("--stages", "5s"), "is not DURATION:TARGET"),
            Map.entry(List.of("--stages", "5s:10/s", "--phases", "1.0"), "give one"),
            Map.entry(List.of("--stages", "5s:10", "--rate", "-1"), "--rate must be 0 or more"),
            Map.entry(List.of("--stages", "5s:0", "--rate", "0"), "no arrival falls in it"),
            Map.entry(List.of("--stages", "5s:50"), "more than THREADS"),
            Map.entry(List.of("--stages", "5s:2.5"), "a whole number of users"),
            Map.entry(List.of("--stages", "5s:0"), "no user runs in it"),
            Map.entry(List.of("--stages", "5s:10", "--arrivals", "poisson"), "--arrivals is for"));
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.response(200, "{}"))) {
      for (Map.Entry<List<String>, String> e : refusals.entrySet()) {
        List<String> args = new ArrayList<>(List.of("10", "1", "--url", server.url("/")));
        args.addAll(e.getKey());
        ClientRun run = ClientRun.of(args.toArray(String[]::new));
        assertEquals(ExitCode.USAGE, run.code(), e.getKey() + ": " + run.err());
        assertTrue(run.err().contains(e.getValue()), e.getValue() + " in: " + run.err());
        assertEquals(2, run.err().lines().count(), "the problem, then the usage: " + run.err());
      }
      assertEquals(0, server.requests(), "nothing was sent");
    }
  }

  /**
   * The run's arrivals second by second of their intended times, from the first, the last of {@code
   * seconds} taking the rest: the pacer's own schedule. When the server received each is the
   * machine's as well (CI's once had 44 against 40 in a first second).
   */
  private static long[] perSecond(ClientRun run, int seconds) {
    LatencyRecorder rec = run.result().recording();
    long first = Long.MAX_VALUE;
    for (int k = 0; k < rec.capacity(); k++) {
      first = rec.reached(k) ? Math.min(first, rec.intendedNanos(k)) : first;
    }
    long[] perSecond = new long[seconds];
    for (int k = 0; k < rec.capacity(); k++) {
      if (!rec.reached(k)) {
        continue;
      }
      perSecond[(int) Math.min(seconds - 1, (rec.intendedNanos(k) - first) / 1_000_000_000L)]++;
    }
    return perSecond;
  }
}
