package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.cli.Main;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real run against the real server writing --json, --csv and --charts: the CSV has a row per
 * request, the JSON's percentiles are recomputed from the CSV by nearest rank and agree exactly,
 * and the charts are PNGs of the documented size.
 */
@Timeout(120)
class ReportFilesTest {

  @TempDir Path dir;

  @Test
  void jsonAgreesWithTheCsvAndChartsAreDrawn() throws IOException {
    Path json = dir.resolve("run.json");
    Path csv = dir.resolve("run.csv");
    Path charts = dir.resolve("charts");
    int code;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral());
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8)) {
      code =
          new Main(o, System.err)
              .run(
                  "8",
                  "40",
                  "127.0.0.1",
                  String.valueOf(server.port()),
                  "--json",
                  json.toString(),
                  "--csv",
                  csv.toString(),
                  "--charts",
                  charts.toString());
      assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
      assertEquals(2L * 40 * (1 + 4 + 8 + 2), server.stats().endpoint("GET /sayHello") * 2);
    }
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    assertEquals("phaseload-run/2", doc.get("schema").asText());
    List<String> rows = Files.readAllLines(csv);
    assertEquals(CsvReport.HEADER, rows.get(0));
    long sent = doc.get("total").get("sent").asLong();
    assertEquals(1200, sent);
    assertEquals(sent, rows.size() - 1, "one CSV row per request");

    List<BigDecimal> all = new ArrayList<>();
    List<BigDecimal> peakGets = new ArrayList<>();
    for (String row : rows.subList(1, rows.size())) {
      String[] f = row.split(",");
      assertEquals(7, f.length, row);
      if (f[5].equals("ok")) {
        BigDecimal latency = new BigDecimal(f[4]);
        all.add(latency);
        if (f[1].equals("PEAK") && f[2].equals("GET")) {
          peakGets.add(latency);
        }
      }
    }
    assertLatencies(all, doc.get("total").get("latencyMs"));
    JsonNode peak = doc.get("phases").get(2);
    assertEquals("PEAK", peak.get("name").asText());
    assertLatencies(peakGets, peak.get("requests").get("GET").get("latencyMs"));
    assertTrue(doc.get("perSecond").size() >= 1);

    for (String name : Charts.FILES) {
      BufferedImage image = ImageIO.read(charts.resolve(name).toFile());
      assertNotNull(image, name + " is not a readable PNG");
      assertEquals(Charts.WIDTH, image.getWidth());
      assertEquals(Charts.HEIGHT, image.getHeight());
    }
  }

  /** Nearest rank: the q-quantile of n sorted values is the value at rank ceil(q x n). */
  private static void assertLatencies(List<BigDecimal> values, JsonNode latency) {
    Collections.sort(values);
    int n = values.size();
    assertEquals(n, latency.get("count").asInt());
    assertSame(values.get(0), latency.get("min"), "min");
    assertSame(values.get(n - 1), latency.get("max"), "max");
    String[] names = {"p50", "p90", "p95", "p99", "p99.9"};
    double[] qs = {0.50, 0.90, 0.95, 0.99, 0.999};
    for (int i = 0; i < qs.length; i++) {
      int rank =
          new BigDecimal(String.valueOf(qs[i]))
              .multiply(BigDecimal.valueOf(n))
              .setScale(0, RoundingMode.CEILING)
              .intValueExact();
      assertSame(values.get(Math.max(rank, 1) - 1), latency.get(names[i]), names[i]);
    }
  }

  /** Equal as decimals: the JSON number 1.790 is the CSV's 1.790. */
  private static void assertSame(BigDecimal expected, JsonNode actual, String what) {
    BigDecimal value = new BigDecimal(actual.asText());
    assertEquals(0, expected.compareTo(value), what + ": " + expected + " vs " + value);
  }
}
