package io.phaseload.client.shard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.run.Pacer;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.Summary;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Shards run against the real server, their record files merged by {@code report}: the merge's
 * statistics are value for value those of one recording holding all their requests, its totals are
 * the plan's and the server's, and one run's file reports exactly what the run reported itself.
 */
@Timeout(120)
class ShardMergeTest {

  @TempDir Path dir;

  @Test
  void mergedShardsGiveTheStatisticsOfTheUnionOfTheirRequests() throws Exception {
    int shards = 3;
    List<String> files = new ArrayList<>();
    LoadPlan whole = LoadPlan.standard(20, 15);
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      List<Thread> running = new ArrayList<>();
      List<ClientRun> runs = new ArrayList<>();
      long startAt = System.currentTimeMillis() + 1500;
      for (int i = 0; i < shards; i++) {
        String file = dir.resolve("shard-" + i + ".plr").toString();
        files.add(file);
        String shard = i + "/" + shards;
        Thread t =
            new Thread(
                () -> {
                  ClientRun run =
                      ClientRun.of(
                          "20",
                          "15",
                          "127.0.0.1",
                          String.valueOf(server.port()),
                          "--shard",
                          shard,
                          "--start-at",
                          String.valueOf(startAt),
                          "--record",
                          file,
                          "-q");
                  synchronized (runs) {
                    runs.add(run);
                  }
                });
        t.start();
        running.add(t);
      }
      for (Thread t : running) {
        t.join();
      }
      for (ClientRun run : runs) {
        assertEquals(0, run.code(), run.out() + run.err());
      }
      long sentByShards = runs.stream().mapToLong(ClientRun::sent).sum();
      assertEquals(whole.totalRequests(), sentByShards);
      assertEquals(sentByShards, server.stats().answered());
    }

    List<String> args = new ArrayList<>(List.of("report"));
    args.addAll(files);
    ClientRun report = ClientRun.of(args.toArray(String[]::new));
    assertEquals(0, report.code(), report.out() + report.err());
    RunResult merged = report.result();
    assertEquals(whole, merged.plan());
    assertEquals(shards, merged.shards().size());
    assertEquals(whole.totalRequests(), report.sent());
    assertEquals(whole.totalRequests(), report.ok());

    // One recording holding every shard's requests, in whatever order: the union.
    LatencyRecorder union = LatencyRecorder.allocate(whole);
    int k = 0;
    for (String f : files) {
      LatencyRecorder shard = RecordFile.read(Path.of(f)).recording();
      for (int s = 0; s < shard.capacity(); s++) {
        if (shard.reached(s)) {
          union.record(
              k++,
              shard.startNanos(s),
              shard.latencyNanos(s),
              shard.phase(s),
              shard.request(s),
              shard.outcome(s));
        }
      }
    }
    assertEquals(whole.totalRequests(), k);
    Summary expected = Summary.of(union, whole);
    Summary actual = report.summary();
    assertSameGroup(expected.total(), actual.total());
    for (int p = 0; p < whole.phases().size(); p++) {
      assertSameGroup(expected.phases().get(p), actual.phases().get(p));
      for (int r = 0; r < whole.requestNames().size(); r++) {
        assertSameGroup(expected.cell(p, r), actual.cell(p, r));
      }
    }
    for (int r = 0; r < whole.requestNames().size(); r++) {
      assertSameGroup(expected.requests().get(r), actual.requests().get(r));
    }
    assertEquals(expected.distribution(), actual.distribution());

    // A merged phase runs from the first start to the last end of the shards with threads in it
    // (WARMUP's 2 threads leave shard 2/3 none: it skips the phase and takes no part in it).
    assertEquals(0, new Shard(2, 3).share(whole.phases().get(0).threads()));
    for (int p = 0; p < whole.phases().size(); p++) {
      Phase phase = whole.phases().get(p);
      long first = Long.MAX_VALUE;
      long last = Long.MIN_VALUE;
      for (var s : merged.shards()) {
        if (s.shard().share(phase.threads()) > 0) {
          var mine = s.phases().get(p);
          first = Math.min(first, mine.startNanos());
          last = Math.max(last, mine.startNanos() + mine.durationNanos());
        }
      }
      var all = merged.phases().get(p);
      assertEquals(first, all.startNanos(), phase.name());
      assertEquals(last - first, all.durationNanos(), phase.name());
    }
  }

  private static void assertSameGroup(Group expected, Group actual) {
    String what = expected.phase() + " x " + expected.request();
    assertEquals(expected.phase(), actual.phase());
    assertEquals(expected.request(), actual.request());
    assertArrayEquals(expected.byKind(), actual.byKind(), what);
    assertEquals(expected.failures(), actual.failures(), what);
    assertEquals(expected.latency(), actual.latency(), what);
    assertEquals(expected.failedLatency(), actual.failedLatency(), what);
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "loop"})
  void oneRunsRecordReportsWhatTheRunReportedItself(String engine) throws Exception {
    Path runJson = dir.resolve("run.json");
    Path reportJson = dir.resolve("report.json");
    Path record = dir.resolve("run.plr");
    ClientRun run;
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      run =
          ClientRun.of(
              "8",
              "20",
              "127.0.0.1",
              String.valueOf(server.port()),
              "--json",
              runJson.toString(),
              "--record",
              record.toString(),
              "--engine",
              engine,
              "-q");
      assertEquals(0, run.code(), run.out() + run.err());
    }
    ClientRun report = ClientRun.of("report", record.toString(), "--json", reportJson.toString());
    assertEquals(0, report.code(), report.out() + report.err());
    assertTrue(report.result().shards().isEmpty());

    ObjectMapper json = new ObjectMapper();
    JsonNode fromRun = json.readTree(runJson.toFile());
    JsonNode fromReport = json.readTree(reportJson.toFile());
    ((ObjectNode) fromRun).remove("environment");
    ((ObjectNode) fromReport).remove("environment");
    // The generator's own load is the running process's, which no record carries.
    assertTrue(fromRun.has("generator"));
    assertFalse(fromReport.has("generator"));
    ((ObjectNode) fromRun).remove("generator");
    assertEquals(fromRun, fromReport);

    String own = run.out().substring(run.out().indexOf("====="));
    own = own.substring(0, own.indexOf("JSON summary:"));
    // The generator's own load (CPU, GC, lag) is the running process's, which no record carries.
    own = own.replaceAll("(?m)^WARNING: the generator itself .*\n", "");
    own = own.replaceAll("(?m)^Generator delay from a response to the next send: .*\n", "");
    String reported = report.out().substring(0, report.out().indexOf("JSON summary:"));
    assertEquals(own, reported);
  }

  @ParameterizedTest
  @CsvSource({"uniform,raw", "poisson,raw", "uniform,loop", "poisson,loop"})
  void openModelShardsTakeEveryNthArrivalOfTheOneRunSchedule(String spacing, String engine)
      throws Exception {
    int shards = 2;
    List<String> files = new ArrayList<>();
    LoadPlan whole;
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      for (int i = 0; i < shards; i++) {
        String file = dir.resolve("open-" + i + ".plr").toString();
        files.add(file);
        ClientRun run =
            ClientRun.of(
                "20",
                "1",
                "127.0.0.1",
                String.valueOf(server.port()),
                "--rate",
                "400",
                "--phase-seconds",
                "0.5",
                "--arrivals",
                spacing,
                "--shard",
                i + "/" + shards,
                "--record",
                file,
                "--engine",
                engine,
                "-q");
        assertEquals(0, run.code(), run.out() + run.err());
      }
      List<String> args = new ArrayList<>(List.of("report"));
      args.addAll(files);
      ClientRun report = ClientRun.of(args.toArray(String[]::new));
      assertEquals(0, report.code(), report.out() + report.err());
      whole = report.result().plan();
      assertEquals(whole.totalRequests(), report.sent());
      assertEquals(report.sent(), server.stats().answered());
      long arrivals = whole.phases().stream().mapToLong(whole::arrivals).sum();
      long started = report.result().phases().stream().mapToLong(p -> p.arrivals().started()).sum();
      assertEquals(arrivals, started);
      for (var p : report.result().phases()) {
        double rate = whole.wholeRate(p.phase());
        assertEquals(rate, p.arrivals().intendedRate(), 1e-6);
        // The shards ran one after the other, seconds apart (each a whole run of 2 s of phases):
        // the merged rate is the one they held together, not their arrivals spread over the skew,
        // which would leave a fifth of it or less. The lower bound is half: a loaded machine that
        // wakes arrivals late stretches a 0.5 s phase of 20 arrivals (18.4/s of 40 was seen, in
        // a verify beside another). (A poisson schedule's own rate over 50 arrivals is the
        // intended one only give or take 1 / sqrt(50).)
        if (spacing.equals("uniform")) {
          double achieved = p.arrivals().achievedRate();
          assertTrue(
              achieved > 0.5 * rate && achieved < 1.05 * rate, p.phase().name() + " " + achieved);
        }
      }
    }
    for (int i = 0; i < shards; i++) {
      RecordFile.Contents c = RecordFile.read(Path.of(files.get(i)));
      LoadPlan plan = c.header().plan();
      LatencyRecorder rec = c.recording();
      for (Phase phase : plan.phases()) {
        Pacer schedule = Pacer.of(plan.whole(), phase, 0, c.header().seed());
        long phaseStart = c.header().phases().get(phase.index()).startNanos();
        long[] offsets = new long[(int) plan.arrivals(phase)];
        long[] expected = new long[offsets.length];
        for (int j = 0; j < offsets.length; j++) {
          offsets[j] = rec.intendedNanos(rec.arrivalStart(phase.index(), j)) - phaseStart;
          expected[j] = schedule.offsetNanos(plan.shard().arrival(j));
          if (j > 0) {
            assertTrue(expected[j] >= expected[j - 1], "a schedule only moves forward");
          }
        }
        assertEquals(
            Arrays.toString(expected), Arrays.toString(offsets), "shard " + i + " " + phase);
      }
    }
  }
}
