package io.phaseload.client.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.compare.Comparison;
import io.phaseload.client.testing.Chromium;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.CompareRun;
import io.phaseload.client.testing.EmbeddedServer;
import io.phaseload.client.testing.PageDom;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The answers on the {@code --html} page, opened in headless Chromium with no network: a run's SLO
 * table, a capacity search's page and a comparison's page (of two records, and of a record and a
 * JSON summary). No error, every chart drawn with data, and every table's figures equal to the
 * JSON's. Skipped, saying why, where Chromium is not installed.
 */
@Timeout(120)
class AnswerPagesBrowserTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @RegisterExtension static final EmbeddedServer server = new EmbeddedServer();

  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    Chromium.assumeInstalled("AnswerPagesBrowserTest");
  }

  private static String url() {
    return server.url("/sayHello");
  }

  @Test
  void aRunsPageShowsItsSlosAsTheJsonJudgedThem() throws Exception {
    Path html = dir.resolve("slo.html");
    Path json = dir.resolve("slo.json");
    ClientRun run =
        ClientRun.of(
            "4",
            "20",
            "--phases",
            "1.0",
            "-q",
            "--url",
            url(),
            "--slo",
            "p99<10s",
            "--slo",
            "p50<1us",
            "--html",
            html.toString(),
            "--json",
            json.toString());
    assertEquals(ExitCode.SLO_FAILED, run.code(), run.out() + run.err());
    String dom = Chromium.dumpDom(html);
    PageDom.selfCheck(dom);
    assertEquals("SLOs: 1 of 2 FAILED", PageDom.text(dom, "slo-verdict"));
    JsonNode slo = MAPPER.readTree(json.toFile()).get("slo");
    List<List<String>> rows = PageDom.table(dom, "table-slo");
    assertEquals(2, rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JsonNode j = slo.get(i);
      assertEquals(j.get("expr").asText(), rows.get(i).get(0));
      assertEquals(
          0,
          j.get("measured")
              .decimalValue()
              .compareTo(new BigDecimal(rows.get(i).get(1).split(" ")[0])));
      assertEquals(j.get("pass").asBoolean() ? "pass" : "FAIL", rows.get(i).get(2));
    }
  }

  @Test
  void aCapacityPageDrawsItsCurvesAndItsStepsAreTheJsons() throws Exception {
    Path html = dir.resolve("capacity.html");
    Path json = dir.resolve("capacity.json");
    ClientRun run =
        ClientRun.of(
            "capacity",
            "--url",
            url(),
            "--slo",
            "p99<5s",
            "--start-rate",
            "50",
            "--max-rate",
            "200",
            "--step-seconds",
            "1",
            "--warm-up-seconds",
            "1",
            "--threads",
            "8",
            "--json",
            json.toString(),
            "--html",
            html.toString());
    assertEquals(ExitCode.OK, run.code(), run.out() + run.err());
    String dom = Chromium.dumpDom(html);
    JsonNode check = PageDom.selfCheck(dom);
    assertEquals(Map.of("capacity-latency", true, "capacity-rate", true), PageDom.drawn(check));
    assertTrue(PageDom.text(dom, "verdict-text").startsWith("Capacity: at least 200"), dom);
    JsonNode steps = MAPPER.readTree(json.toFile()).get("capacity").get("steps");
    List<List<String>> rows = PageDom.table(dom, "table-capacity");
    assertEquals(steps.size(), rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JsonNode s = steps.get(i);
      List<String> row = rows.get(i);
      assertEquals(s.get("offeredRate").asLong(), Long.parseLong(row.get(1).replace(",", "")));
      assertEquals(0, s.get("latencyMs").get("p99").decimalValue().compareTo(decimal(row, 9)));
      assertEquals(0, s.get("serviceTimeMs").get("p99").decimalValue().compareTo(decimal(row, 11)));
      assertEquals(s.get("verdict").asText(), row.get(13));
    }
  }

  @Test
  void aComparePageOverlaysBothRunsAndItsRowsAreTheJsons() throws Exception {
    Path base = record("base", 1);
    Path next = record("new", 3);
    Path html = dir.resolve("compare.html");
    Path json = dir.resolve("compare.json");
    CompareRun c =
        CompareRun.of(
            base.toString(), next.toString(), "--json", json.toString(), "--html", html.toString());
    assertEquals(ExitCode.OK, c.code(), c.out() + c.err());
    String dom = Chromium.dumpDom(html);
    JsonNode check = PageDom.selfCheck(dom);
    assertEquals(
        Map.of("compare-distribution", true, "compare-latency", true), PageDom.drawn(check));
    JsonNode rows = MAPPER.readTree(json.toFile()).get("rows");
    List<List<String>> shown = PageDom.table(dom, "table-compare");
    assertEquals(c.comparison().rows().size(), shown.size());
    assertEquals(rows.size(), shown.size());
    for (int i = 0; i < shown.size(); i++) {
      JsonNode j = rows.get(i);
      List<String> row = shown.get(i);
      Comparison.Row r = c.comparison().rows().get(i);
      assertEquals(j.get("request").asText(), row.get(0));
      // The page rounds a double to 3 places in the browser, this test in Java: a value on a
      // half (8.9895) may round either way, so each is within 0.001 of the exact figure.
      assertEquals(r.base(), new BigDecimal(row.get(2)).doubleValue(), 0.001, row.toString());
      assertEquals(r.next(), new BigDecimal(row.get(3)).doubleValue(), 0.001, row.toString());
    }
    assertTrue(c.comparison().noise());
  }

  @Test
  void aComparePageOfASummarySaysThereIsNoVerdictAndNothingToOverlay() throws Exception {
    Path base = record("alone", 1);
    Path summary = dir.resolve("summary.json");
    ClientRun r = ClientRun.of("report", base.toString(), "--json", summary.toString());
    assertEquals(ExitCode.OK, r.code(), r.out() + r.err());
    Path html = dir.resolve("compare-summary.html");
    CompareRun c = CompareRun.of(base.toString(), summary.toString(), "--html", html.toString());
    assertEquals(ExitCode.OK, c.code(), c.out() + c.err());
    String dom = Chromium.dumpDom(html);
    JsonNode check = PageDom.selfCheck(dom);
    assertEquals(0, check.get("charts").size());
    assertTrue(PageDom.text(dom, "verdict-text").startsWith("No verdict"), dom);
    assertTrue(dom.contains("nothing to overlay"), dom);
    assertEquals(c.comparison().rows().size(), PageDom.table(dom, "table-compare").size());
  }

  private static Path record(String name, int ms) {
    Path file = dir.resolve(name + ".plr");
    ClientRun run =
        ClientRun.of(
            "4",
            "50",
            "--phases",
            "1.0",
            "-q",
            "--url",
            "http://127.0.0.1:" + server.port() + "/work?ms=" + ms,
            "--record",
            file.toString());
    assertEquals(ExitCode.OK, run.code(), run.out() + run.err());
    return file;
  }

  private static BigDecimal decimal(List<String> row, int column) {
    return new BigDecimal(row.get(column));
  }
}
