package io.phaseload.client.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.report.Charts;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.EmbeddedServer;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report} refuses what cannot be merged in one line with exit 2, and marks a merge with
 * missing shards partial, naming them, with exit 1.
 */
@Timeout(120)
class ReportCommandTest {

  @TempDir static Path dir;

  @RegisterExtension static final EmbeddedServer embedded = new EmbeddedServer();

  /** A second server, for a shard of the same plan run against another target. */
  @RegisterExtension static final EmbeddedServer other = new EmbeddedServer();

  /**
   * Shards 0/2 and 1/2 of 4 x 2, shard 0/2 of 6 x 2, shard 1/2 of 4 x 2 against another server, and
   * a one-run record.
   */
  @BeforeAll
  static void record() throws Exception {
    String port = String.valueOf(embedded.port());
    record("a0.plr", "4", "0/2", port);
    record("a1.plr", "4", "1/2", port);
    record("b0.plr", "6", "0/2", port);
    record("c1.plr", "4", "1/2", String.valueOf(other.port()));
    ClientRun one = ClientRun.of("4", "2", "127.0.0.1", port, "--record", path("one.plr"), "-q");
    assertEquals(0, one.code(), one.err());
  }

  private static void record(String file, String threads, String shard, String port) {
    ClientRun run =
        ClientRun.of(
            threads, "2", "127.0.0.1", port, "--shard", shard, "--record", path(file), "-q");
    assertEquals(0, run.code(), run.out() + run.err());
  }

  private static String path(String file) {
    return dir.resolve(file).toString();
  }

  private static void refused(String expected, String... args) {
    ClientRun r = ClientRun.of(args);
    assertEquals(2, r.code(), r.out() + r.err());
    assertEquals("", r.out());
    assertEquals("phaseload: " + expected, r.err().lines().findFirst().orElseThrow());
    assertTrue(r.err().lines().count() <= 2, r.err());
    assertTrue(r.runs().isEmpty());
  }

  @Test
  void shardsOfAnotherPlanAreRefused() {
    refused(
        path("a0.plr") + " and " + path("b0.plr") + " are not shards of one plan: THREADS 4 vs 6",
        "report",
        path("a0.plr"),
        path("b0.plr"));
  }

  @Test
  void shardsOfAnotherTargetAreRefused() {
    ClientRun r = ClientRun.of("report", path("a0.plr"), path("c1.plr"));
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(
        r.err()
            .startsWith(
                "phaseload: "
                    + path("a0.plr")
                    + " and "
                    + path("c1.plr")
                    + " are not"
                    + " shards of one plan: target http://127.0.0.1:"),
        r.err());
  }

  @Test
  void theSameShardTwiceIsRefused() throws Exception {
    Path copy = dir.resolve("a0-copy.plr");
    Files.copy(dir.resolve("a0.plr"), copy);
    refused(
        path("a0.plr") + " and " + copy + " are both shard 0/2",
        "report",
        path("a0.plr"),
        copy.toString());
  }

  @Test
  void aShardAndAWholeRunAreRefused() {
    refused(
        path("a0.plr")
            + " and "
            + path("one.plr")
            + " are not shards of one plan: shards of 2 vs"
            + " of 1",
        "report",
        path("a0.plr"),
        path("one.plr"));
  }

  @Test
  void noFileOrAMissingFileIsAUsageError() {
    refused("report needs at least one record file (from --record)", "report");
    refused(path("nope.plr") + " is not a file", "report", path("nope.plr"));
  }

  @Test
  void notARecordFileIsRefused() throws Exception {
    Path csv = dir.resolve("run.csv");
    Files.writeString(csv, "start_ms,phase\n");
    refused(
        csv + " is not a phaseload record file (written by client.jar --record)",
        "report",
        csv.toString());
  }

  @Test
  void aMissingShardMakesThePartialReportNameIt() {
    for (int present = 0; present < 2; present++) {
      int absent = 1 - present;
      ClientRun r = ClientRun.of("report", path("a" + present + ".plr"));
      assertEquals(1, r.code(), r.out() + r.err());
      assertTrue(r.result().partial());
      assertEquals("no record of shard " + absent + "/2", r.result().stopReason());
      assertEquals(1, r.result().shards().size());
      assertEquals(r.result().shards().get(0).sent(), r.sent());
      assertTrue(r.out().contains(absent + "/2     no record file given"), r.out());
    }
  }

  @Test
  void aRunStoppedEarlyIsRecordedAndReportedPartial() throws Exception {
    String file = path("stopped.plr");
    ClientRun run;
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.response(503, "busy"))) {
      run =
          ClientRun.of(
              "4",
              "5",
              "127.0.0.1",
              String.valueOf(server.port()),
              "-X",
              "GET",
              "--max-failures",
              "0",
              "--record",
              file,
              "-q");
    }
    assertEquals(1, run.code(), run.out() + run.err());
    assertTrue(run.result().partial());
    ClientRun r = ClientRun.of("report", file);
    assertEquals(1, r.code(), r.out() + r.err());
    assertEquals(run.result().stopReason(), r.result().stopReason());
    assertEquals(run.result().phasesNotReached(), r.result().phasesNotReached());
    assertEquals(run.sent(), r.sent());
    assertEquals(run.failed(), r.failed());
  }

  @Test
  void bothShardsMergeToTheWholePlan() throws Exception {
    Path csv = dir.resolve("merged.csv");
    Path charts = dir.resolve("charts");
    ClientRun r =
        ClientRun.of(
            "report",
            path("a1.plr"),
            path("a0.plr"),
            "--csv",
            csv.toString(),
            "--charts",
            charts.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertEquals(r.result().plan().totalRequests(), r.sent());
    assertEquals(r.sent() + 1, Files.readAllLines(csv).size(), "a header and a row per request");
    for (String png : Charts.FILES) {
      assertTrue(Files.size(charts.resolve(png)) > 0, png);
    }
    ClientRun one = ClientRun.of("report", path("one.plr"));
    assertEquals(0, one.code(), one.err());
    assertEquals(one.sent(), r.sent());
  }
}
