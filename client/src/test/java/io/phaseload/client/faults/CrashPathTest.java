package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.request.RequestYaml;
import io.phaseload.client.testing.ChildClient;
import io.phaseload.client.testing.ClientRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input and crash paths, each run as a person runs the client (a child JVM with a small
 * heap, its standard input not a terminal): each ends within seconds with one line, the partial
 * report where there is one, and no stack trace.
 */
@Timeout(60)
class CrashPathTest {

  private static final String NOWHERE = "http://127.0.0.1:9/";

  /** A usage error: exit 2, the reason then the usage hint, no stack trace. */
  private static void refused(ChildClient c, String reason) {
    assertEquals(ExitCode.USAGE, c.code(), c.toString());
    assertFalse(c.stackTrace(), c.toString());
    String[] lines = c.err().strip().split("\n");
    assertEquals(2, lines.length, c.toString());
    assertTrue(lines[0].startsWith("phaseload: ") && lines[0].contains(reason), c.toString());
  }

  @Test
  void aBodyFromDevZeroIsRefusedAtItsLimitNotReadToTheEndOfMemory(@TempDir Path dir)
      throws Exception {
    // /dev/zero's size reads 0, so a check of the size let it through to an endless read.
    ChildClient c = ChildClient.run("64m", 20, dir, "1", "1", "--url", NOWHERE, "-d", "@/dev/zero");
    refused(c, "body file /dev/zero is over " + RequestYaml.MAX_BODY_BYTES + " bytes");
  }

  @Test
  void aScenarioBodyFileFromDevZeroIsRefused(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("steps.yaml");
    Files.writeString(file, "requests: [{name: a, path: /x, bodyFile: /dev/zero}]\n");
    ChildClient c =
        ChildClient.run("64m", 20, dir, "1", "1", "--url", NOWHERE, "--scenario", file.toString());
    refused(c, "request 'a': body file /dev/zero is over " + RequestYaml.MAX_BODY_BYTES + " bytes");
  }

  @Test
  void aScenarioFileFromDevZeroIsRefusedBeforeParsing(@TempDir Path dir) throws Exception {
    ChildClient c =
        ChildClient.run("64m", 20, dir, "1", "1", "--url", NOWHERE, "--scenario", "/dev/zero");
    refused(c, "/dev/zero: the file is over " + RequestYaml.MAX_FILE_BYTES + " bytes");
  }

  @Test
  void aScenarioFileOverItsLimitIsRefusedBeforeTheParserSpendsSecondsOnIt(@TempDir Path dir)
      throws Exception {
    // One 2.5 MB scalar: the YAML parser's time grows with its square (3 s here), and only then
    // was the body found too large.
    Path file = dir.resolve("steps.yaml");
    String body = "x".repeat(RequestYaml.MAX_FILE_BYTES + (1 << 19));
    Files.writeString(file, "requests: [{name: a, path: /x, body: '" + body + "'}]\n");
    ChildClient c =
        ChildClient.run("256m", 20, dir, "1", "1", "--url", NOWHERE, "--scenario", file.toString());
    refused(c, file + ": the file is over " + RequestYaml.MAX_FILE_BYTES + " bytes");
  }

  @Test
  void aLiveRunWhoseWindowDoesNotFitTheHeapIsRefusedBeforeItStarts(@TempDir Path dir)
      throws Exception {
    // 1,850,000 requests: their 24-byte records fit 64 MiB, and the live page's 30 s of latencies
    // beside them do not. The run was started, ran out of memory mid-run and at the report, and
    // printed no report after 86.7 s.
    String[] run = {"20", "25000", "--quiet"};
    ChildClient c = ChildClient.run("64m", 20, dir, concat(run, "--live", "0"));
    refused(c, "1,850,000 requests need");
  }

  @Test
  void aLiveRunWithNoTerminalToPressCtrlCEndsByItself(@TempDir Path dir) throws Exception {
    // Standard input is /dev/null, as in CI: the final page waited for a Ctrl-C no one can press.
    Path json = dir.resolve("run.json");
    ChildClient c =
        ChildClient.run(
            "256m",
            20,
            dir,
            "2",
            "50",
            "--phases",
            "1.0",
            "--live",
            "0",
            "--quiet",
            "--json",
            json.toString());
    assertEquals(ExitCode.OK, c.code(), c.toString());
    assertFalse(c.stackTrace(), c.toString());
    JsonNode total = new ObjectMapper().readTree(json.toFile()).get("total");
    assertEquals(200, total.get("sent").asLong(), c.toString());
    assertEquals(0, total.get("failed").asLong(), c.toString());
  }

  @Test
  void aRunThatDiesLeavesNoEarlierRecordToPassForIts(@TempDir Path dir) throws Exception {
    Path record = dir.resolve("run.rec");
    Files.writeString(record, "an earlier run's record");
    // Nothing listens on port 9: the run ends before it has a record to write.
    ClientRun run = ClientRun.of("1", "1", "127.0.0.1", "9", "--record", record.toString());
    assertEquals(ExitCode.FAILED, run.code(), run.err());
    assertFalse(Files.exists(record), "the earlier record is still there");
  }

  /**
   * A pipe (or, run as root, a device such as /dev/full) at the --record path is refused before the
   * run, and left as it was: the record's move onto its path, or the removal of a stale record,
   * would have replaced it with a file.
   */
  @Test
  void aRecordPathThatIsNotARegularFileIsRefusedAndLeftAlone(@TempDir Path dir) throws Exception {
    Path fifo = dir.resolve("pipe");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    ClientRun run = ClientRun.of("1", "1", "127.0.0.1", "9", "--record", fifo.toString());
    assertEquals(ExitCode.USAGE, run.code(), run.err());
    assertTrue(run.err().contains("is not a regular file"), run.err());
    assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "the pipe is still a pipe");
  }

  /**
   * An error that reaches {@code main} (here the heap, filled by a data file of 1.5 million rows
   * under -Xmx16m) is one line and ends the process at once: it printed a stack trace, and the
   * shutdown hook then waited 62 s for a report that would never come.
   */
  @Test
  void anErrorReachingMainIsOneLineAndEndsAtOnce(@TempDir Path dir) throws Exception {
    Path rows = dir.resolve("rows.csv");
    StringBuilder csv = new StringBuilder("id\n");
    for (int i = 0; i < 1_500_000; i++) {
      csv.append(i).append('\n');
    }
    Files.writeString(rows, csv);
    Path file = dir.resolve("steps.yaml");
    Files.writeString(
        file, "data: {file: " + rows + "}\nrequests: [{name: a, path: '/x?id=${data.id}'}]\n");
    ChildClient c =
        ChildClient.run("16m", 20, dir, "2", "4", "--url", NOWHERE, "--scenario", file.toString());
    assertEquals(ExitCode.FAILED, c.code(), c.toString());
    assertFalse(c.stackTrace(), c.toString());
    String[] lines = c.err().strip().split("\n");
    assertEquals(1, lines.length, c.toString());
    assertTrue(lines[0].startsWith("phaseload: out of memory"), c.toString());
    assertTrue(c.millis() < 15_000, "ended after " + c.millis() + " ms");
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
