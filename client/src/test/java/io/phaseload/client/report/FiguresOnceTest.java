package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.compare.Comparison;
import io.phaseload.client.compare.Metric;
import io.phaseload.client.compare.SummaryFile;
import io.phaseload.client.slo.SloCheck;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.TimeSeries;
import io.phaseload.client.sweep.SweepRow;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One run's analysis, rendered by every output that shows throughput or the error rate: each shows
 * the figure {@link Analysis} holds, to its own precision. The sample run has failures and a
 * request not sent, so an error rate that left requests not sent out would differ.
 */
class FiguresOnceTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** 65 ok of 71 sent, 6 failed, 1 not sent, over 2.6 s of wall time. */
  private static final Analysis RUN = Analysis.of(TextReportTest.sampleRun());

  private static final double THROUGHPUT = 65 / 2.6;
  private static final double ERROR_RATE = 7 / 72.0;
  private static final List<String> SLOS =
      List.of("errors<50%", "rate>=1/s", "POST:errors<50%", "GET:rate>=1/s");

  @TempDir Path dir;

  @Test
  void theAnalysisHoldsTheHandComputedFigures() {
    assertEquals(THROUGHPUT, RUN.throughput(), 1e-12);
    assertEquals(ERROR_RATE, RUN.errorRate(), 1e-15);
    assertEquals(6.0 / 71, RUN.summary().total().failedShare(), 1e-15);
  }

  @Test
  void theTextReportShowsTheThroughput() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      TextReport.print(RUN, out);
    }
    Matcher m =
        Pattern.compile("throughput across all phases: ([0-9.]+) ")
            .matcher(bytes.toString(StandardCharsets.UTF_8));
    assertTrue(m.find());
    assertEquals(oneDecimal(RUN.throughput()).toPlainString(), m.group(1));
  }

  @Test
  void theJsonThePageAndCompareShowTheSameThroughputAndErrorRate() throws Exception {
    StringWriter json = new StringWriter();
    JsonReport.write(
        FinishedRun.of(RUN, JsonReportTest.fixedInfo()),
        TimeSeries.of(RUN.result().recording()),
        json);
    JsonNode doc = MAPPER.readTree(json.toString());
    StringWriter page = new StringWriter();
    HtmlReport.write(FinishedRun.of(RUN, JsonReportTest.fixedInfo()), "x", null, page);
    Matcher data =
        Pattern.compile("<script type=\"application/json\" id=\"data\">(.*?)</script>")
            .matcher(page.toString());
    assertTrue(data.find());
    JsonNode embedded = MAPPER.readTree(data.group(1)).get("run");

    List<Comparison.Side> fromRecord = Comparison.Side.all(RUN);
    for (JsonNode d : List.of(doc, embedded)) {
      assertSame(oneDecimal(RUN.throughput()), d.get("total").get("throughput"));
      for (int p = 0; p < RUN.summary().phases().size(); p++) {
        assertSame(oneDecimal(RUN.phaseThroughput(p)), d.get("phases").get(p).get("throughput"));
      }
      // compare reads a run's summary (the JSON, or the page's copy of it) as it reads a record.
      Path file = Files.writeString(dir.resolve("run.json"), d.toString());
      List<Comparison.Side> fromJson = SummaryFile.read(file).sides();
      assertEquals(fromRecord.size(), fromJson.size());
      for (int s = 0; s < fromRecord.size(); s++) {
        Group g = s == 0 ? RUN.summary().total() : RUN.summary().requests().get(s - 1);
        assertEquals(fromRecord.get(s).name(), fromJson.get(s).name());
        assertEquals(RUN.throughput(g), value(fromRecord.get(s), Metric.THROUGHPUT), 0);
        assertEquals(RUN.throughput(g), value(fromJson.get(s), Metric.THROUGHPUT), 1e-9);
        assertEquals(100 * g.errorRate(), value(fromRecord.get(s), Metric.ERRORS), 0);
        assertEquals(100 * g.errorRate(), value(fromJson.get(s), Metric.ERRORS), 0);
      }
    }
    assertEquals(100 * ERROR_RATE, value(fromRecord.get(0), Metric.ERRORS), 1e-12);
  }

  @Test
  void theSlosJudgeTheSameThroughputAndErrorRate() throws Exception {
    List<SloResult> verdicts =
        SloCheck.evaluate(SloCheck.parse(SLOS, RUN.result().plan().requestNames()), RUN);
    Group post = request("POST");
    Group get = request("GET");
    assertEquals(RUN.errorRate(), verdicts.get(0).measured(), 0);
    assertEquals(RUN.throughput(), verdicts.get(1).measured(), 0);
    assertEquals(post.errorRate(), verdicts.get(2).measured(), 0);
    assertEquals(RUN.throughput(get), verdicts.get(3).measured(), 0);
    // The JSON's slo[] shows them in their units, three decimals.
    StringWriter json = new StringWriter();
    JsonReport.write(
        new FinishedRun(RUN, JsonReportTest.fixedInfo(), verdicts, List.of(), List.of()),
        TimeSeries.EMPTY,
        json);
    JsonNode slo = MAPPER.readTree(json.toString()).get("slo");
    assertSame(
        BigDecimal.valueOf(100 * RUN.errorRate()).setScale(3, RoundingMode.HALF_UP),
        slo.get(0).get("measured"));
    assertSame(
        BigDecimal.valueOf(RUN.throughput()).setScale(3, RoundingMode.HALF_UP),
        slo.get(1).get("measured"));
  }

  @Test
  void aSweepRowShowsTheThroughputAndTheFailedShareBesideTheRequestsNotSent() {
    SweepRow row = SweepRow.of(null, 1, RUN);
    Group total = RUN.summary().total();
    assertEquals(RUN.throughput(), row.throughput(), 0);
    assertEquals(100 * total.failedShare(), row.failedPercent(), 0);
    assertEquals(total.notSent(), row.notSent());
    // "failed %" is named apart from the error rate, and differs from it by the request not sent.
    assertNotEquals(100 * RUN.errorRate(), row.failedPercent());
  }

  private static Group request(String name) {
    return RUN.summary().requests().stream()
        .filter(g -> g.request().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static double value(Comparison.Side side, Metric m) {
    return side.values()[m.ordinal()];
  }

  /** A JSON number of the same value (Jackson reads "25.000" back as 25.0). */
  private static void assertSame(BigDecimal expected, JsonNode actual) {
    assertTrue(actual.isNumber(), String.valueOf(actual));
    assertEquals(0, expected.compareTo(actual.decimalValue()), expected + " against " + actual);
  }

  private static BigDecimal oneDecimal(double v) {
    return BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP);
  }
}
