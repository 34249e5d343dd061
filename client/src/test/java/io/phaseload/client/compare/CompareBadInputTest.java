package io.phaseload.client.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.record.RecordFormat;
import io.phaseload.client.testing.CompareRun;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code compare} refuses (one line, exit 2, nothing compared, no stack trace), and its {@code
 * --fail-on-regression} exit codes on synthetic pairs of known effect.
 */
@Timeout(120)
class CompareBadInputTest {

  @TempDir static Path dir;

  private static Path good;

  @BeforeAll
  static void write() throws Exception {
    good = SyntheticRun.write(dir.resolve("good.plr"), 2, 0);
  }

  private static void refused(String expected, String... args) {
    CompareRun r = CompareRun.of(args);
    assertEquals(ExitCode.USAGE, r.code(), r.out() + r.err());
    assertEquals("", r.out());
    assertEquals(1, r.err().lines().count(), r.err());
    assertEquals("phaseload: " + expected, r.err().strip());
    assertTrue(r.comparisons().isEmpty());
  }

  @Test
  void notARecordIsRefused() throws Exception {
    Path text = dir.resolve("text.plr");
    Files.writeString(text, "start_ms,phase,request\n");
    refused(
        text + " is not a phaseload record file (written by client.jar --record)",
        good.toString(),
        text.toString());
  }

  @Test
  void aRecordOfAnotherVersionIsRefused() throws Exception {
    byte[] bytes = Files.readAllBytes(good);
    // The format version is the int after the 8-byte magic.
    ByteBuffer.wrap(bytes).putInt(8, RecordFormat.VERSION + 1);
    Path other = dir.resolve("other.plr");
    Files.write(other, bytes);
    refused(
        other
            + " is in record format "
            + (RecordFormat.VERSION + 1)
            + "; this phaseload reads formats "
            + RecordFormat.OLDEST_VERSION
            + " to "
            + RecordFormat.VERSION
            + ": report it with the phaseload that wrote it",
        other.toString(),
        good.toString());
  }

  @Test
  void anEmptyRunIsRefused() throws Exception {
    Path empty = SyntheticRun.empty(dir.resolve("empty.plr"));
    refused(empty + ": an empty run (no phase ran)", good.toString(), empty.toString());
  }

  @Test
  void aMissingFileIsRefused() {
    Path missing = dir.resolve("missing.plr");
    refused(missing + " is not a file", good.toString(), missing.toString());
  }

  @Test
  void aNoiseFloorThatIsNotAPercentageIsRefused() {
    CompareRun r = CompareRun.of(good.toString(), good.toString(), "--noise-floor", "five");
    assertEquals(ExitCode.USAGE, r.code(), r.out() + r.err());
    assertEquals(
        "phaseload: --noise-floor must be a percentage like 5%, got 'five'",
        r.err().lines().findFirst().orElseThrow());
    assertTrue(r.comparisons().isEmpty());
    CompareRun negative = CompareRun.of(good.toString(), good.toString(), "--noise-floor", "-1%");
    assertEquals(ExitCode.USAGE, negative.code(), negative.out() + negative.err());
  }

  @Test
  void aRegressionBeyondFivePercentExitsFourAndTheSameRunsZero() throws Exception {
    Path same = SyntheticRun.write(dir.resolve("same.plr"), 2, 1);
    Path slower = SyntheticRun.write(dir.resolve("slower.plr"), 2.6, 1);
    CompareRun regressed =
        CompareRun.of(good.toString(), slower.toString(), "--fail-on-regression", "5%");
    assertEquals(ExitCode.REGRESSION, regressed.code(), regressed.out());
    assertTrue(regressed.comparison().regressions(5).size() >= 4, regressed.out());
    CompareRun unchanged =
        CompareRun.of(good.toString(), same.toString(), "--fail-on-regression", "5%");
    assertEquals(ExitCode.OK, unchanged.code(), unchanged.out());
    assertEquals(0, unchanged.comparison().regressions(5).size(), unchanged.out());
  }

  /** Runs of other plans are compared, after one warning line per difference. */
  @Test
  void differentPlansAreComparedWithAWarningNamingTheDifference() throws Exception {
    Path fewer = SyntheticRun.write(dir.resolve("fewer.plr"), LoadPlan.standard(6, 1000), 2, 1);
    CompareRun r = CompareRun.of(good.toString(), fewer.toString());
    assertEquals(ExitCode.OK, r.code(), r.out() + r.err());
    assertEquals(
        List.of("Warning: the runs' plans differ: THREADS 8 vs 6"),
        r.out().lines().filter(l -> l.startsWith("Warning")).toList());
    assertEquals(21, r.comparison().rows().size(), "ALL, GET and POST by 7 metrics");
  }
}
