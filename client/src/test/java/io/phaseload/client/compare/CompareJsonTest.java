package io.phaseload.client.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.CompareRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --json FILE}, and a run's {@code --json} summary as a side: a summary holds exact
 * values but no blocks of time, so a comparison with one has exact rows and no interval.
 */
@Timeout(120)
class CompareJsonTest {

  @TempDir static Path dir;

  private static Path base;
  private static Path slower;

  @BeforeAll
  static void write() throws Exception {
    base = SyntheticRun.write(dir.resolve("base.plr"), 2, 0);
    slower = SyntheticRun.write(dir.resolve("slower.plr"), 2.6, 1);
  }

  private static JsonNode json(Path file) throws Exception {
    return new ObjectMapper().readTree(file.toFile());
  }

  /** A record's summary, written by {@code report --json}. */
  private static Path summary(Path record) {
    Path json = dir.resolve(record.getFileName() + ".json");
    ClientRun r = ClientRun.of("report", record.toString(), "--json", json.toString());
    assertEquals(ExitCode.OK, r.code(), r.out() + r.err());
    return json;
  }

  @Test
  void theJsonHoldsEveryRowAsComputed() throws Exception {
    Path out = dir.resolve("compare.json");
    CompareRun r =
        CompareRun.of(
            base.toString(),
            slower.toString(),
            "--json",
            out.toString(),
            "--fail-on-regression",
            "5%");
    assertEquals(ExitCode.REGRESSION, r.code(), r.out() + r.err());
    JsonNode doc = json(out);
    assertEquals("phaseload-compare/1", doc.get("schema").asText());
    assertEquals("block-bootstrap", doc.get("method").get("kind").asText());
    assertEquals(r.comparison().baseBlocks(), doc.get("method").get("baseBlocks").asInt());
    assertEquals(Comparison.REPLICATES, doc.get("method").get("replicates").asInt());
    List<Comparison.Row> rows = r.comparison().rows();
    assertEquals(rows.size(), doc.get("rows").size());
    for (int i = 0; i < rows.size(); i++) {
      Comparison.Row row = rows.get(i);
      JsonNode j = doc.get("rows").get(i);
      assertEquals(row.name(), j.get("request").asText());
      assertEquals(row.metric().label, j.get("metric").asText());
      assertEquals(row.base(), j.get("base").asDouble());
      assertEquals(row.next(), j.get("new").asDouble());
      if (Double.isNaN(row.low())) {
        assertTrue(j.get("low").isNull(), j.toString());
      } else {
        assertEquals(row.low(), j.get("low").asDouble());
        assertEquals(row.high(), j.get("high").asDouble());
      }
      assertEquals(row.verdict().name().toLowerCase(), j.get("verdict").asText());
    }
    assertEquals(r.comparison().regressions(5).size(), doc.get("regressions").size());
    assertFalse(doc.get("regressions").isEmpty());
  }

  /** A run compared with its own summary: every value the same to the summary's rounding. */
  @Test
  void aRecordAgainstItsOwnSummaryIsTheSameExactly() throws Exception {
    Path json = summary(base);
    CompareRun r = CompareRun.of(base.toString(), json.toString(), "--fail-on-regression", "5%");
    assertEquals(ExitCode.OK, r.code(), r.out() + r.err());
    Comparison c = r.comparison();
    assertFalse(c.noise());
    assertEquals(21, c.rows().size(), "ALL, GET and POST by 7 metrics");
    sameValues(c);
  }

  private static void sameValues(Comparison c) {
    for (Comparison.Row row : c.rows()) {
      assertEquals(Comparison.Verdict.NONE, row.verdict(), row.toString());
      assertTrue(Double.isNaN(row.low()), row.toString());
      // The summary rounds latencies to the microsecond and the wall time to the millisecond.
      assertEquals(row.base(), row.next(), Math.max(0.0015, 0.002 * row.base()), row.toString());
    }
  }

  /** Two summaries: exact values from both, the change as in the records' own comparison. */
  @Test
  void twoSummariesCompareTheirExactValues() throws Exception {
    CompareRun records = CompareRun.of(base.toString(), slower.toString());
    Path out = dir.resolve("summaries.json");
    CompareRun r =
        CompareRun.of(
            summary(base).toString(), summary(slower).toString(), "--json", out.toString());
    assertEquals(ExitCode.OK, r.code(), r.out() + r.err());
    assertEquals(records.comparison().rows().size(), r.comparison().rows().size());
    for (int i = 0; i < r.comparison().rows().size(); i++) {
      Comparison.Row exact = r.comparison().rows().get(i);
      Comparison.Row full = records.comparison().rows().get(i);
      assertEquals(full.name(), exact.name());
      assertEquals(full.metric(), exact.metric());
      assertEquals(full.change(), exact.change(), 0.2, exact.toString());
    }
    JsonNode doc = json(out);
    assertEquals("exact", doc.get("method").get("kind").asText());
    assertNull(doc.get("method").get("replicates"));
    assertTrue(doc.get("regressions").isNull());
  }

  /** A summary of another plan: compared, with a warning line naming the difference. */
  @Test
  void aSummaryOfAnotherPlanIsComparedWithAWarning() throws Exception {
    Path fewer = SyntheticRun.write(dir.resolve("fewer.plr"), LoadPlan.standard(6, 1000), 2, 1);
    CompareRun r = CompareRun.of(base.toString(), summary(fewer).toString());
    assertEquals(ExitCode.OK, r.code(), r.out() + r.err());
    assertEquals(
        List.of("Warning: the runs' plans differ: THREADS 8 vs 6"),
        r.out().lines().filter(l -> l.startsWith("Warning")).toList());
  }

  /** The open model's shape reads the same from a record and from its summary. */
  @Test
  void anOpenRunAgainstItsOwnSummaryHasTheSameShape() throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      Path record = dir.resolve("open.plr");
      Path json = dir.resolve("open.json");
      ClientRun run =
          ClientRun.of(
              "4",
              "5",
              "--rate",
              "400",
              "-q",
              "--url",
              "http://127.0.0.1:" + server.port() + "/sayHello",
              "--record",
              record.toString(),
              "--json",
              json.toString());
      assertEquals(ExitCode.OK, run.code(), run.out() + run.err());
      CompareRun r = CompareRun.of(record.toString(), json.toString());
      assertEquals(ExitCode.OK, r.code(), r.out() + r.err());
      assertTrue(r.out().lines().noneMatch(l -> l.startsWith("Warning")), r.out());
      assertTrue(r.row("ALL", Metric.THROUGHPUT).base() > 0, r.out());
      sameValues(r.comparison());
    }
  }

  @Test
  void aJsonThatIsNotARunSummaryIsRefusedInOneLine() throws Exception {
    Path capacity = dir.resolve("capacity.json");
    Files.writeString(capacity, "{\"schema\": \"phaseload-capacity/1\", \"capacity\": {}}");
    Path broken = dir.resolve("broken.json");
    Files.writeString(broken, "{\"schema\": \"phaseload-run/2\",\n \"total\": ");
    for (Path bad : List.of(capacity, broken)) {
      CompareRun r = CompareRun.of(base.toString(), bad.toString());
      assertEquals(ExitCode.USAGE, r.code(), r.out() + r.err());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().startsWith("phaseload: " + bad), r.err());
      assertTrue(r.comparisons().isEmpty());
    }
  }

  @Test
  void anUnwritableJsonIsRefusedBeforeAnythingIsRead() {
    CompareRun r =
        CompareRun.of(
            base.toString(),
            slower.toString(),
            "--json",
            dir.resolve("no/such/dir.json").toString());
    assertEquals(ExitCode.USAGE, r.code(), r.out() + r.err());
    assertTrue(r.comparisons().isEmpty());
    assertEquals(2, r.err().lines().count(), r.err()); // the line, then the usage line
  }
}
