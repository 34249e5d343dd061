package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.HgrmFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --hgrm} from a real run against the embedded server, and from {@code report} of that run's
 * record: each file parses back in HdrHistogram's format, counts the run's successful requests,
 * brackets its exact p99, and {@code report} writes the same bytes as the run did.
 */
@Timeout(60)
class HgrmRunTest {

  @Test
  void aRunAndTheReportOfItsRecordWriteTheSameDistribution(@TempDir Path dir) throws Exception {
    Path runHgrm = dir.resolve("run.hgrm");
    Path record = dir.resolve("run.plr");
    ClientRun run =
        ClientRun.of("6", "20", "--hgrm", runHgrm.toString(), "--record", record.toString(), "-q");
    assertEquals(0, run.code(), run.out() + run.err());

    HgrmFile all = HgrmFile.parse(Files.readString(runHgrm));
    assertEquals(run.summary().total().ok(), all.totalCount());
    all.assertP99BetweenItsRows(Millis.of(run.summary().total().latency().p99()));
    for (Group g : run.summary().requests()) {
      HgrmFile one = HgrmFile.parse(Files.readString(dir.resolve("run-" + g.request() + ".hgrm")));
      assertEquals(g.ok(), one.totalCount(), g.request());
      one.assertP99BetweenItsRows(Millis.of(g.latency().p99()));
    }

    Path reportHgrm = dir.resolve("report.hgrm");
    ClientRun report = ClientRun.of("report", record.toString(), "--hgrm", reportHgrm.toString());
    assertEquals(0, report.code(), report.out() + report.err());
    assertEquals(Files.readString(runHgrm), Files.readString(reportHgrm));
    for (Group g : run.summary().requests()) {
      assertEquals(
          Files.readString(dir.resolve("run-" + g.request() + ".hgrm")),
          Files.readString(dir.resolve("report-" + g.request() + ".hgrm")),
          g.request());
    }
  }
}
