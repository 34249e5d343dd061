package io.phaseload.client.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.phaseload.client.testing.Chromium;
import io.phaseload.client.testing.PageDom;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page of a real run against the real server, opened in headless Chromium while the run
 * goes: it follows the run's updates, two of them a second apart showing the count rising, with no
 * error, every chart's y axis from 0, the service time beside the latency, and no second drawn
 * before its requests ended; after the run the same address serves the final page, whose totals are
 * the JSON report's. The screenshot it takes of the live page is docs/img/live-page.png. Skipped,
 * saying why, where Chromium is not installed.
 */
@Timeout(180)
class LivePageBrowserTest {

  /** Where the screenshot of the live page goes, for docs/live.md. */
  static final Path SCREENSHOT = Path.of("target", "live-page.png");

  @TempDir Path dir;

  @Test
  void theLivePageFollowsTheRunAndThenIsTheFinalReport() throws Exception {
    Chromium.assumeInstalled("LivePageBrowserTest");
    Path json = dir.resolve("run.json");
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral());
        LiveCommand run =
            new LiveCommand(
                "4",
                "1000",
                "127.0.0.1",
                String.valueOf(server.port()),
                "--rate",
                "400",
                "--phases",
                "0.5,1.0",
                "--live",
                "0",
                "--live-linger",
                "120s",
                "--json",
                json.toString(),
                "-q")) {
      String url = LocalDaemon.poll(run::url, u -> u != null || run.done(), 30);
      assertNotNull(url, run.out() + run.err());

      String following = Chromium.dumpDom(URI.create(url + "?updates=2"));
      JsonNode live = PageDom.selfCheck(following);
      assertEquals(List.of(), errors(live));
      JsonNode updates = live.get("live");
      assertEquals(2, updates.size(), "updates followed: " + live);
      long first = updates.get(0).get("done").asLong();
      long second = updates.get(1).get("done").asLong();
      assertTrue(second > first, "the count rose from " + first + " to " + second);
      double apart =
          updates.get(1).get("elapsedSeconds").asDouble()
              - updates.get(0).get("elapsedSeconds").asDouble();
      // At least the page's half-second poll apart; a starved browser may miss a poll or two.
      assertTrue(apart > 0.5, "updates " + apart + " s apart");
      assertTrue(live.get("sections").toString().contains("\"live\""), live.toString());
      // Every chart reads from 0; the latency, from intended times, has the service time beside.
      for (JsonNode chart : live.get("charts")) {
        assertEquals(0.0, chart.get("yMin").asDouble(), chart.toString());
        if (chart.get("id").asText().equals("latency")) {
          assertTrue(chart.get("series").toString().contains("service time p99"), "" + chart);
        }
      }

      Chromium.screenshot(URI.create(url + "?updates=3"), SCREENSHOT, 1200, 1500);

      assertTrue(LocalDaemon.poll(run::lingering, b -> b || run.done(), 90), run.out() + run.err());
      String dom = Chromium.dumpDom(URI.create(url));
      JsonNode check = PageDom.selfCheck(dom);
      assertEquals(List.of(), errors(check));
      assertTrue(check.get("sections").toString().contains("\"verdict\""), check.toString());
      JsonNode total = LocalDaemon.MAPPER.readTree(json.toFile()).get("total");
      List<List<String>> phases = PageDom.table(dom, "table-phases");
      List<String> all = phases.get(phases.size() - 1);
      assertEquals("ALL", all.get(0));
      assertEquals(total.get("sent").asLong(), number(all.get(2)), "sent");
      assertEquals(total.get("ok").asLong(), number(all.get(3)), "ok");
      assertEquals(total.get("failed").asLong(), number(all.get(4)), "failed");
      assertEquals(run.finished().summary().total().sent(), total.get("sent").asLong());
      // A second is drawn once its requests have ended: it holds what the final report's does,
      // not the part of it recorded so far (a request in flight longer than any before may miss).
      JsonNode perSecond = LocalDaemon.MAPPER.readTree(json.toFile()).get("perSecond");
      for (JsonNode update : updates) {
        JsonNode sent = update.get("sent");
        for (int s = 1; s < sent.size(); s++) {
          long whole = perSecond.get(s).get("sent").asLong();
          assertTrue(sent.get(s).asLong() >= 0.9 * whole, s + " s: " + sent + " of " + perSecond);
        }
      }
      assertEquals(0, run.stop(), run.err());
      assertTrue(Files.size(SCREENSHOT) > 10_000, "a screenshot of the live page");
    }
  }

  private static List<String> errors(JsonNode check) {
    return LocalDaemon.MAPPER.convertValue(
        check.get("errors"),
        LocalDaemon.MAPPER.getTypeFactory().constructCollectionType(List.class, String.class));
  }

  private static long number(String cell) {
    return Long.parseLong(cell.replace(",", ""));
  }
}
