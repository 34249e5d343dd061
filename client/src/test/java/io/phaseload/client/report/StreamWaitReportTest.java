package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.StreamWait;
import io.phaseload.client.stats.TimeSeries;
import io.phaseload.client.testing.StreamWaitRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The outputs of a run over HTTP/2 render the stream wait the analysis holds, and those of a run
 * over HTTP/1.1 (the golden files') have none: the JSON's {@code total.streamWait}, valid against
 * the published schema; the CSV's {@code stream_wait_ms}; the text report's block.
 */
class StreamWaitReportTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final long MS = 1_000_000;

  /** Eight requests: five waited (2, 4, 6 and 8 ms successful, 9 ms failed), three did not. */
  private static RunResult http2() {
    long[] waits = {0, 2 * MS, 4 * MS, 0, 6 * MS, 8 * MS, 0, 9 * MS};
    int[] outcomes = new int[waits.length];
    Arrays.fill(outcomes, Outcome.of(Outcome.OK, 200));
    outcomes[7] = Outcome.of(Outcome.HTTP, 503);
    return StreamWaitRun.of(waits, outcomes);
  }

  private static JsonNode json(Analysis analysis) throws Exception {
    StringWriter out = new StringWriter();
    JsonReport.write(
        FinishedRun.of(analysis, JsonReportTest.fixedInfo()),
        TimeSeries.of(analysis.result().recording()),
        out);
    return MAPPER.readTree(out.toString());
  }

  @Test
  void theJsonHasTheStreamWaitTheAnalysisHolds() throws Exception {
    Analysis analysis = Analysis.of(http2());
    StreamWait w = analysis.streamWait();
    assertEquals(8, w.sent());
    assertEquals(5, w.waited());
    JsonNode doc = json(analysis);
    SchemaTest.assertValid("run", doc, "the document of a run over HTTP/2");
    // The successful waits 2, 4, 6 and 8 ms: p50 the 2nd, p90 and p99 the 4th, mean 5 ms.
    JsonNode s = doc.get("total").get("streamWait");
    assertEquals(8, s.get("sent").asLong());
    assertEquals(5, s.get("waited").asLong());
    assertEquals(0.625, s.get("share").asDouble());
    JsonNode ms = s.get("waitMs");
    assertEquals(4, ms.get("count").asLong());
    assertEquals(2.0, ms.get("min").asDouble());
    assertEquals(5.0, ms.get("mean").asDouble());
    assertEquals(4.0, ms.get("p50").asDouble());
    assertEquals(8.0, ms.get("p90").asDouble());
    assertEquals(8.0, ms.get("p99").asDouble());
    assertEquals(8.0, ms.get("max").asDouble());
  }

  @Test
  void aRunOverHttp11HasNoStreamWait() throws Exception {
    Analysis analysis = Analysis.of(TextReportTest.sampleRun());
    assertFalse(json(analysis).get("total").has("streamWait"));
    assertFalse(text(analysis).stream().anyMatch(l -> l.startsWith("Stream wait")));
    StringWriter csv = new StringWriter();
    CsvReport.write(analysis.result(), csv);
    assertFalse(csv.toString().lines().findFirst().orElseThrow().contains("stream_wait_ms"));
  }

  /** Each row's last field is its request's wait, empty where it waited for none. */
  @Test
  void theCsvHasEachRequestsWait() throws Exception {
    StringWriter csv = new StringWriter();
    CsvReport.write(http2(), csv);
    List<String> rows = csv.toString().lines().toList();
    assertTrue(rows.get(0).endsWith(CsvReport.STREAM_WAIT_COLUMN), rows.get(0));
    List<String> waits =
        rows.subList(1, rows.size()).stream()
            .map(r -> r.substring(r.lastIndexOf(',') + 1))
            .toList();
    assertEquals(List.of("", "2.000", "4.000", "", "6.000", "8.000", "", "9.000"), waits);
  }

  /** The text report has its block, where the run has the word, beside the latencies. */
  @Test
  void theTextReportHasAStreamWaitBlock() {
    List<String> lines = text(Analysis.of(http2()));
    assertEquals(1, lines.stream().filter(l -> l.startsWith("Stream wait")).count(), "" + lines);
  }

  private static List<String> text(Analysis analysis) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      TextReport.print(analysis, out);
    }
    return bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }
}
