package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.TimeSeries;
import io.phaseload.client.testing.Chromium;
import io.phaseload.client.testing.ClientRun;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generator's own load in the JSON ({@code generator}) and, when it may have limited a phase,
 * its warning on the page, right after the verdict; nothing on the page for a quiet run.
 */
class GeneratorBlockTest {

  private static final long SECOND = 1_000_000_000L;

  /** A phase that used 95 % of 2 cores: limited. */
  private static final GeneratorLoad BUSY =
      new GeneratorLoad(
          "LOAD",
          2 * SECOND,
          2,
          38 * SECOND / 10,
          0,
          0,
          4,
          30_000_000,
          5_000_000,
          2_500_000,
          12_000_000,
          1000,
          50_000_000,
          400_000,
          0,
          0,
          0);

  /** A phase that used 10 % of 2 cores: not limited. */
  private static final GeneratorLoad QUIET =
      new GeneratorLoad(
          "PEAK", 2 * SECOND, 2, 4 * SECOND / 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  @TempDir Path dir;

  @Test
  void theJsonHasEveryPhasesLoadAndTheWarningWhereThereIsOne() throws Exception {
    RunResult run = TextReportTest.sampleRun();
    StringWriter out = new StringWriter();
    JsonReport.write(
        new FinishedRun(Analysis.of(run), info(run), List.of(), List.of(BUSY, QUIET), List.of()),
        TimeSeries.of(run.recording()),
        out);
    JsonNode g = new ObjectMapper().readTree(out.toString()).get("generator");
    assertTrue(g.get("limited").asBoolean());
    assertEquals(2, g.get("phases").size());
    JsonNode busy = g.get("phases").get(0);
    assertEquals("LOAD", busy.get("phase").asText());
    assertEquals(2.000, busy.get("seconds").asDouble());
    assertEquals(2, busy.get("cores").asInt());
    assertEquals(0.950, busy.get("cpuUsedShare").asDouble());
    assertEquals(4, busy.get("gcCount").asLong());
    assertEquals(0.030, busy.get("gcSeconds").asDouble());
    assertEquals(12.000, busy.get("gcLongestMs").asDouble());
    assertEquals(0.005, busy.get("lagSeconds").asDouble());
    assertEquals(2.500, busy.get("lagLongestMs").asDouble());
    assertEquals(BUSY.warning(), busy.get("warning").asText());
    JsonNode gap = busy.get("sendDelay");
    assertEquals(1000, gap.get("count").asLong());
    assertEquals(0.05, gap.get("meanMs").asDouble());
    assertEquals(0.4, gap.get("maxMs").asDouble());
    JsonNode quiet = g.get("phases").get(1);
    assertFalse(quiet.get("limited").asBoolean());
    assertTrue(quiet.get("warning").isNull());
    assertTrue(quiet.get("sendDelay").isNull(), "no gaps measured: none to report");
  }

  @Test
  void aRunsJsonCarriesTheLoadOfEachOfItsPhases() throws Exception {
    Path json = dir.resolve("run.json");
    ClientRun run = ClientRun.of("2", "5", "--json", json.toString(), "-q");
    assertEquals(0, run.code(), run.out());
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    JsonNode phases = doc.get("generator").get("phases");
    assertEquals(doc.get("phases").size(), phases.size());
    for (int p = 0; p < phases.size(); p++) {
      JsonNode g = phases.get(p);
      assertEquals(doc.get("phases").get(p).get("name").asText(), g.get("phase").asText());
      assertEquals(Runtime.getRuntime().availableProcessors(), g.get("cores").asInt());
      assertTrue(g.get("cpuUsedShare").asDouble() >= 0);
      // Phases of milliseconds are never judged: no warning, whatever the load.
      assertTrue(g.get("warning").isNull());
    }
    assertFalse(doc.get("generator").get("limited").asBoolean());
  }

  /**
   * In the closed model every send but a user's first follows a response on that user: a phase of T
   * users x I iterations x 2 requests has T x (2I - 1) gaps, exactly, on every engine.
   */
  @ParameterizedTest
  @ValueSource(strings = {"raw", "jersey", "loop"})
  void theClosedModelsSendDelayCountsEveryGapOfEveryUser(String engine) throws Exception {
    Path json = dir.resolve("run.json");
    int iterations = 6;
    ClientRun run = ClientRun.of("8", "6", "--engine", engine, "--json", json.toString(), "-q");
    assertEquals(0, run.code(), run.out());
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    JsonNode phases = doc.get("generator").get("phases");
    for (int p = 0; p < phases.size(); p++) {
      int threads = doc.get("phases").get(p).get("threads").asInt();
      JsonNode gap = phases.get(p).get("sendDelay");
      assertEquals(threads * (2L * iterations - 1), gap.get("count").asLong(), engine);
      double mean = gap.get("meanMs").asDouble();
      double max = gap.get("maxMs").asDouble();
      // A gap is a few hundred nanoseconds to microseconds: its mean may round to 0.000 ms.
      assertTrue(mean >= 0 && mean <= max, gap.toString());
      assertTrue(
          max <= 1000 * doc.get("phases").get(p).get("durationSeconds").asDouble(),
          "no gap outlasts its phase: " + gap);
    }
  }

  @Test
  void theOpenModelHasNoSendDelay() throws Exception {
    Path json = dir.resolve("run.json");
    ClientRun run =
        ClientRun.of("4", "5", "--rate", "200", "--phases", "1.0", "--json", json.toString(), "-q");
    assertEquals(0, run.code(), run.out());
    JsonNode phase = new ObjectMapper().readTree(json.toFile()).get("generator").get("phases");
    assertTrue(phase.get(0).get("sendDelay").isNull(), phase.toString());
  }

  @Test
  void aRecordsReportHasNoGeneratorObject() throws Exception {
    RunResult run = TextReportTest.sampleRun();
    StringWriter out = new StringWriter();
    JsonReport.write(
        FinishedRun.of(Analysis.of(run), info(run)), TimeSeries.of(run.recording()), out);
    assertNull(new ObjectMapper().readTree(out.toString()).get("generator"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void thePageListsTheGeneratorBlockOnlyWhenAPhaseWasLimited() {
    RunResult run = TextReportTest.sampleRun();
    Analysis analysis = Analysis.of(run);
    Map<String, Object> limited =
        HtmlReport.document(
            new FinishedRun(analysis, info(run), List.of(), List.of(BUSY, QUIET), List.of()),
            "x",
            null);
    List<String> sections = (List<String>) limited.get("sections");
    assertEquals(List.of("verdict", "generator"), sections.subList(0, 2));
    Map<String, Object> quiet =
        HtmlReport.document(
            new FinishedRun(analysis, info(run), List.of(), List.of(QUIET), List.of()), "x", null);
    assertFalse(((List<String>) quiet.get("sections")).contains("generator"));
    assertTrue(((Map<String, Object>) quiet.get("run")).containsKey("generator"));
  }

  @Test
  void theBrowserShowsTheWarning() throws Exception {
    Chromium.assumeInstalled("GeneratorBlockTest.theBrowserShowsTheWarning");
    RunResult run = TextReportTest.sampleRun();
    Analysis analysis = Analysis.of(run);
    Path html = dir.resolve("page.html");
    try (var w = Files.newBufferedWriter(html)) {
      HtmlReport.write(
          new FinishedRun(analysis, info(run), List.of(), List.of(BUSY, QUIET), List.of()),
          "x",
          null,
          w);
    }
    String dom = Chromium.dumpDom(html);
    int at = dom.indexOf("<section class=\"section-generator\" id=\"generator\">");
    assertTrue(at > dom.indexOf("id=\"verdict\""), "the block follows the verdict");
    String block = dom.substring(at, dom.indexOf("</section>", at));
    assertTrue(block.contains("WARNING: the generator itself may have limited LOAD"), block);
    assertFalse(block.contains(">PEAK<"), "only the limited phase is listed: " + block);
    assertTrue(dom.contains("\"errors\":[]"), "the page drew without errors");
  }

  private static RunInfo info(RunResult run) {
    return RunInfo.of(
        run.plan(),
        "raw",
        "platform",
        Duration.ofSeconds(5),
        Duration.ofSeconds(30),
        "http://127.0.0.1:1/",
        false,
        0);
  }
}
