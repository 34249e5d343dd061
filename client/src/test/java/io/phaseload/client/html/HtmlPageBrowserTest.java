package io.phaseload.client.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.report.Millis;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.Summary;
import io.phaseload.client.testing.Chromium;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.EmbeddedServer;
import io.phaseload.client.testing.HgrmFile;
import io.phaseload.client.testing.PageDom;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code --html} page of real runs against the real server, opened in headless Chromium with no
 * network: no error, every chart drawn with data (as the page itself counts what it drew), and the
 * tables' figures equal to the JSON report's and the run's {@link Summary}. Skipped, saying why,
 * where Chromium is not installed.
 */
@Timeout(120)
class HtmlPageBrowserTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String[] LATENCY = {
    "min", "mean", "p50", "p90", "p95", "p99", "p99.9", "max"
  };

  @RegisterExtension static final EmbeddedServer server = new EmbeddedServer();

  @TempDir Path dir;

  @BeforeAll
  static void start() {
    Chromium.assumeInstalled("HtmlPageBrowserTest");
  }

  /** The page of one run, its JSON report, and what the browser made of it. */
  private record Page(ClientRun run, JsonNode json, String dom, JsonNode check, String html) {}

  /** A run of THREADS ITERATIONS against the server, with {@code options}, and its page. */
  private Page page(String name, int threads, int iterations, String... options) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                String.valueOf(threads),
                String.valueOf(iterations),
                "127.0.0.1",
                String.valueOf(server.port()),
                "-q"));
    args.addAll(List.of(options));
    return open(name, args);
  }

  /** The command line {@code args} with --html and --json, and its page opened in Chromium. */
  private Page open(String name, List<String> args) throws Exception {
    Path html = dir.resolve(name + ".html");
    Path json = dir.resolve(name + ".json");
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of("--html", html.toString(), "--json", json.toString()));
    ClientRun run = ClientRun.of(all.toArray(String[]::new));
    assertTrue(Files.isRegularFile(html), run.out() + run.err());
    String dom = Chromium.dumpDom(html);
    JsonNode check = PageDom.selfCheck(dom);
    String page = Files.readString(html);
    assertFalse(
        Pattern.compile("(src|href)\\s*=\\s*[\"']?(https?:)?//").matcher(page).find(),
        "the page loads nothing from outside itself");
    Page p = new Page(run, MAPPER.readTree(json.toFile()), dom, check, page);
    tablesEqualTheJsonAndTheSummary(p);
    return p;
  }

  @Test
  void aRunsPageDrawsEveryChartAndItsTablesAreTheJsons() throws Exception {
    Path hgrm = dir.resolve("latency.hgrm");
    Page p = page("run", 10, 30, "--hgrm", hgrm.toString());
    assertEquals(0, p.run().code(), p.run().err());
    assertEquals(Map.of("throughput", true, "latency", true, "distribution", true), drawn(p));
    assertTrue(verdict(p).startsWith("PASSED"), verdict(p));
    assertTrue(p.html().length() < 2_000_000, "page of " + p.html().length() + " bytes");

    Summary summary = p.run().summary();
    HgrmFile all = HgrmFile.parse(Files.readString(hgrm));
    assertEquals(summary.total().ok(), all.totalCount());
    exactP99LiesBetweenTheRowsAroundIt(all, summary.total().latency());
    List<Group> requests = summary.requests();
    for (Group g : requests) {
      HgrmFile one =
          HgrmFile.parse(Files.readString(dir.resolve("latency-" + g.request() + ".hgrm")));
      assertEquals(g.ok(), one.totalCount(), g.request());
      exactP99LiesBetweenTheRowsAroundIt(one, g.latency());
    }
  }

  @Test
  void mergedShardsWithNothingSuccessfulAndOneMissingSaySoInsteadOfEmptyCharts() throws Exception {
    List<String> report = new ArrayList<>(List.of("report"));
    for (String shard : List.of("0/3", "1/3")) {
      Path record = dir.resolve("shard" + shard.charAt(0) + ".plr");
      ClientRun run =
          ClientRun.of(
              "3",
              "2",
              "127.0.0.1",
              String.valueOf(server.port()),
              "--phases",
              "1.0",
              "--expect-status",
              "201",
              "--shard",
              shard,
              "--record",
              record.toString(),
              "-q");
      assertEquals(1, run.code(), run.err());
      report.add(record.toString());
    }
    Page p = open("shards", report);
    assertEquals(1, p.run().code(), p.run().err());
    assertEquals(0, p.run().ok());
    assertEquals(4, p.run().failed());
    assertEquals(Map.of("throughput", true), drawn(p));
    // A shard without its record makes the merge partial, and the verdict names it.
    assertTrue(verdict(p).startsWith("PARTIAL"), verdict(p));
    assertTrue(verdict(p).contains("no record of shard 2/3"), verdict(p));
    assertTrue(verdict(p).endsWith("4 requests sent, 4 failed."), verdict(p));
    assertTrue(section(p, "latency").contains("class=\"message\""));
    assertTrue(section(p, "distribution").contains("class=\"message\""));
    // Shard 2/3's record was not given: the page says so in a row of its own.
    List<List<String>> shards = PageDom.table(p.dom(), "table-shards");
    assertEquals(3, shards.size(), "a row per shard of the plan");
    assertEquals(List.of("2/3", "no record file given"), shards.get(2).subList(0, 2));
    assertEquals("2/3", p.json().get("missingShards").get(0).asText());
  }

  @Test
  void aRunOfOneRequestSaysSo() throws Exception {
    Page p = page("one", 1, 1, "--phases", "1.0", "--expect-status", "200");
    assertEquals(0, p.run().code(), p.run().err());
    assertEquals(1, p.run().sent());
    assertEquals(Map.of("throughput", true, "latency", true), drawn(p));
    assertTrue(section(p, "distribution").contains("One successful request"));
  }

  @Test
  void aPartialOpenModelRunSaysSoAndDrawsItsArrivals() throws Exception {
    Path hgrm = dir.resolve("open.hgrm");
    Page p =
        page(
            "partial",
            4,
            100,
            "--rate",
            "200",
            "--phases",
            "1.0",
            "--duration",
            "1s",
            "--hgrm",
            hgrm.toString());
    assertEquals(1, p.run().code());
    assertTrue(p.run().result().partial());
    assertTrue(verdict(p).startsWith("PARTIAL"), verdict(p));
    assertEquals(
        Map.of("throughput", true, "latency", true, "distribution", true, "arrivals", true),
        drawn(p));
    List<List<String>> service = PageDom.table(p.dom(), "table-service");
    Summary serviceTime = p.run().finished().serviceTime();
    assertEquals(
        Millis.of(serviceTime.total().latency().p99()),
        new BigDecimal(service.get(service.size() - 1).get(6)),
        "the service time's p99 over the run");
    // Open model: the file is the latency from intended times, the service time beside it.
    HgrmFile corrected = HgrmFile.parse(Files.readString(hgrm));
    exactP99LiesBetweenTheRowsAroundIt(corrected, p.run().summary().total().latency());
    HgrmFile serviceFile = HgrmFile.parse(Files.readString(dir.resolve("open-service.hgrm")));
    assertEquals(serviceTime.total().ok(), serviceFile.totalCount());
    exactP99LiesBetweenTheRowsAroundIt(serviceFile, serviceTime.total().latency());
  }

  /**
   * 4 threads on {@code /work?ms=20} carry at most 200/s: asked for 400/s, the page's verdict says
   * the load was not delivered and names the client's THREADS, though every request succeeded.
   */
  @Test
  void aRunThatDidNotDeliverItsRateSaysSoInItsVerdict() throws Exception {
    Page p =
        open(
            "short",
            List.of(
                "4",
                "1",
                "--url",
                "http://127.0.0.1:" + server.port() + "/work?ms=20",
                "--rate",
                "400",
                "--phases",
                "1.0",
                "--phase-seconds",
                "1",
                "-q"));
    assertEquals(0, p.run().code(), p.run().err());
    assertEquals(0, p.run().summary().total().failed());
    JsonNode stage = p.json().get("delivery").get("phases").get(0);
    assertEquals("threads", stage.get("cause").asText());
    Matcher m = Pattern.compile("id=\"delivery-text\">([^<]*)<").matcher(p.dom());
    assertTrue(m.find(), "a delivery verdict");
    assertEquals(
        "NOT DELIVERED: " + stage.get("reason").asText() + ".", PageDom.unescape(m.group(1)));
  }

  @Test
  void aRunOfStagesOfUsersDrawsItsUsersUnderItsLatency() throws Exception {
    Page p = page("users", 4, 1000, "--stages", "1s:4,1s:0");
    assertEquals(0, p.run().code(), p.run().err());
    assertEquals(
        Map.of("throughput", true, "latency", true, "users", true, "distribution", true), drawn(p));
    assertTrue(p.dom().indexOf("id=\"latency\"") < p.dom().indexOf("id=\"users\""));
    assertTrue(section(p, "setup").contains("1 s 0 users to 4 users; 1 s 4 users to 0 users"));
    // The stages set the phases: no fractions derived from them, and a title of what drove it.
    List<String> settings =
        PageDom.table(p.dom(), "table-setup").stream().map(r -> r.get(0)).toList();
    assertTrue(settings.contains("stages") && !settings.contains("phases"), settings.toString());
    assertEquals(
        "phaseload: closed model, 2 stages over 2s up to 4 users, against "
            + p.json().get("target").asText(),
        PageDom.text(p.dom(), "title"));
  }

  @Test
  void aSweepsPageDrawsItsCurveAndItsTableIsTheRuns() throws Exception {
    Path html = dir.resolve("sweep.html");
    ClientRun sweep =
        ClientRun.of(
            "sweep",
            "--threads",
            "2,4",
            "--iterations",
            "10",
            "127.0.0.1",
            String.valueOf(server.port()),
            "--out",
            dir.resolve("sweep").toString(),
            "--html",
            html.toString(),
            "-q");
    assertEquals(0, sweep.code(), sweep.err());
    String dom = Chromium.dumpDom(html);
    assertEquals(Map.of("sweep-0", true), PageDom.drawn(PageDom.selfCheck(dom)));
    List<List<String>> rows = PageDom.table(dom, "table-sweep");
    assertEquals(2, rows.size());
    for (int r = 0; r < rows.size(); r++) {
      Summary summary = sweep.runs().get(r).summary();
      assertEquals(String.valueOf(summary.total().sent()), rows.get(r).get(4), "requests");
      assertEquals(String.valueOf(summary.total().ok()), rows.get(r).get(5), "successful");
      // sweep.csv prints a double's %.3f: within a microsecond of the exact figure.
      BigDecimal p99 = new BigDecimal(rows.get(r).get(13));
      assertTrue(
          p99.subtract(Millis.of(summary.total().latency().p99())).abs().doubleValue() <= 0.001,
          "p99 " + p99);
    }
  }

  private static Map<String, Boolean> drawn(Page p) {
    return PageDom.drawn(p.check());
  }

  private static String verdict(Page p) {
    Matcher m = Pattern.compile("id=\"verdict-text\">([^<]*)<").matcher(p.dom());
    assertTrue(m.find(), "a verdict");
    return PageDom.unescape(m.group(1));
  }

  private static String section(Page p, String id) {
    int at = p.dom().indexOf("<section class=\"section-" + id + "\" id=\"" + id + "\">");
    assertTrue(at >= 0, "section " + id);
    return p.dom().substring(at, p.dom().indexOf("</section>", at));
  }

  /** Row by row, the per-phase and per-request tables against the JSON and the summary. */
  private static void tablesEqualTheJsonAndTheSummary(Page p) {
    Summary summary = p.run().summary();
    List<List<String>> phases = PageDom.table(p.dom(), "table-phases");
    JsonNode json = p.json();
    assertEquals(json.get("phases").size() + 1, phases.size(), "a row per phase and ALL");
    for (int i = 0; i < phases.size(); i++) {
      List<String> row = phases.get(i);
      boolean total = i == phases.size() - 1;
      JsonNode g = total ? json.get("total") : json.get("phases").get(i);
      Group group = total ? summary.total() : summary.phases().get(i);
      assertEquals(total ? "ALL" : g.get("name").asText(), row.get(0));
      counts(row.subList(2, 6), g, group);
      latencies(row.subList(7, 15), g.get("latencyMs"), group.latency());
    }
    List<List<String>> requests = PageDom.table(p.dom(), "table-requests");
    assertEquals(summary.requests().size(), requests.size());
    for (int r = 0; r < requests.size(); r++) {
      List<String> row = requests.get(r);
      Group group = summary.requests().get(r);
      assertEquals(group.request(), row.get(0));
      JsonNode g = json.get("requests").get(group.request());
      counts(row.subList(1, 5), g, group);
      latencies(row.subList(5, 13), g.get("latencyMs"), group.latency());
    }
  }

  private static void counts(List<String> cells, JsonNode g, Group group) {
    String[] keys = {"sent", "ok", "failed", "notSent"};
    long[] expected = {group.sent(), group.ok(), group.failed(), group.notSent()};
    for (int c = 0; c < keys.length; c++) {
      long shown = Long.parseLong(cells.get(c).replace(",", ""));
      assertEquals(g.get(keys[c]).asLong(), shown, keys[c]);
      assertEquals(expected[c], shown, keys[c]);
    }
  }

  private static void latencies(List<String> cells, JsonNode json, LatencyStats stats) {
    if (stats.count() == 0) {
      cells.forEach(c -> assertEquals("", c, "no latency without a successful request"));
      return;
    }
    long[] exact = {
      stats.min(), 0, stats.p50(), stats.p90(), stats.p95(), stats.p99(), stats.p999(), stats.max()
    };
    for (int c = 0; c < LATENCY.length; c++) {
      BigDecimal shown = new BigDecimal(cells.get(c));
      assertEquals(0, json.get(LATENCY[c]).decimalValue().compareTo(shown), LATENCY[c]);
      BigDecimal fromSummary = c == 1 ? Millis.of(stats.mean()) : Millis.of(exact[c]);
      assertEquals(fromSummary, shown, LATENCY[c]);
    }
  }

  private static void exactP99LiesBetweenTheRowsAroundIt(HgrmFile f, LatencyStats stats) {
    f.assertP99BetweenItsRows(Millis.of(stats.p99()));
  }
}
