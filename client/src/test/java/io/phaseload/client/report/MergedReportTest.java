package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.Shard;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.ShardRun;
import io.phaseload.client.stats.Analysis;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The wording of a merged report (the wall-time line and the Shards block, with a shard that
 * stopped early and one missing) is a reviewed diff: a change here must change the golden file too.
 */
class MergedReportTest {

  @Test
  void matchesTheGoldenFile() throws IOException {
    String actual = render(37_000_000L);
    Path dump = Path.of("target", "merged-report.actual.txt");
    Files.writeString(dump, actual);
    assertEquals(
        TextReportTest.golden("merged-report.golden.txt"), actual, "actual output in " + dump);
  }

  @Test
  void shardsStartedMinutesApartAreQuestioned() {
    String note =
        "Note: the shards started 120.000 s apart: records of different runs, or clocks out of"
            + " step? (--start-at lines shards up; NTP or chrony keeps clocks together)\n";
    assertTrue(render(120_000_000_000L).endsWith(note));
    assertFalse(render(60_000_000_000L).contains("Note:"));
  }

  /** The sample run as two of three shards, the second starting {@code skew} after the first. */
  private static String render(long skew) {
    RunResult sample = TextReportTest.sampleRun();
    List<ShardRun> shards = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      long offset = skew * i;
      List<PhaseResult> phases = new ArrayList<>();
      for (PhaseResult p : sample.phases().subList(0, i == 0 ? 4 : 3)) {
        phases.add(
            new PhaseResult(
                p.phase(),
                p.startNanos() + offset,
                p.durationNanos() - 1_000_000L * i,
                true,
                p.setupNanos()));
      }
      shards.add(
          new ShardRun(
              new Shard(i, 3),
              i == 0 ? "gen-0.example" : "a-generator-with-a-very-long-host-name",
              "Eclipse Adoptium 21.0.5+11",
              1_700_000_000_000_000_000L + offset,
              offset,
              2_600_000_000L - offset,
              phases,
              100 + i,
              3 * i,
              i,
              i == 0 ? null : "interrupted"));
    }
    RunResult merged =
        new RunResult(
            sample.plan(),
            sample.startEpochNanos(),
            sample.wallNanos(),
            sample.phases(),
            sample.recording(),
            sample.reasons(),
            "shard 1/3: interrupted; no record of shard 2/3",
            sample.seed(),
            sample.seedPrinted(),
            shards);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      TextReport.print(Analysis.of(merged), out);
      ShardReport.print(merged, List.of(new Shard(2, 3)), out);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
