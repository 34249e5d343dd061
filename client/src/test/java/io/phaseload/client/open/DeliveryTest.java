package io.phaseload.client.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.capacity.Delivery;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.SlotServer;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that did not deliver the load it was asked for says so, and names whose limit held it back.
 * server.jar's {@code /work?ms=50} holds no thread while it waits, so 10 threads carry at most 200
 * iterations a second (Little's law) while its time stays flat: asked for 400/s, the limit is the
 * client's THREADS. A service of 20 slots of 50 ms (400/s) asked for 700/s with threads to spare
 * queues the load inside itself: its time grows, and the limit is the service's.
 */
@Timeout(60)
class DeliveryTest {

  @TempDir Path dir;

  @Test
  void aRunHeldBackByItsThreadsSaysSoAndNamesThem() throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      String url = "http://127.0.0.1:" + server.port() + "/work?ms=50";
      Path json = dir.resolve("threads.json");
      Path html = dir.resolve("threads.html");
      ClientRun run = stages(10, url, json, "--html", html.toString());

      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(run.sent(), server.stats().received());
      List<Delivery> phases = Delivery.of(run.result());
      assertEquals(2, phases.size());
      Delivery held = phases.get(1);
      assertEquals(Delivery.Cause.THREADS, held.cause(), held.toString());
      assertTrue(held.achievedRate() < 0.75 * held.intendedRate(), held.toString());
      assertTrue(held.threadsNeeded() >= 40, held.toString());

      JsonNode delivery = new ObjectMapper().readTree(json.toFile()).get("delivery");
      assertFalse(delivery.get("delivered").asBoolean());
      JsonNode stage2 = delivery.get("phases").get(1);
      assertEquals("threads", stage2.get("cause").asText());
      assertEquals(held.reason(), stage2.get("reason").asText());
      // The page carries the same verdict data its script draws.
      assertTrue(Files.readString(html).contains("\"cause\":\"threads\""));

      // The same load with threads to spare is delivered.
      ClientRun spare = stages(100, url, dir.resolve("enough.json"));
      assertEquals(0, spare.code(), spare.out() + spare.err());
      // A machine too busy to wake the generator in time may still make a few arrivals late
      // with a thread free: that is named the generator's, never the threads' or the service's.
      for (Delivery d : Delivery.of(spare.result())) {
        assertTrue(d.delivered() || d.cause() == Delivery.Cause.GENERATOR, d.toString());
      }
    }
  }

  /** 1 s rising to 100/s, then 2 s rising to 400/s, with {@code threads} and a JSON. */
  private static ClientRun stages(int threads, String url, Path json, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                String.valueOf(threads),
                "1",
                "--url",
                url,
                "--stages",
                "1s:100/s,2s:400/s",
                "--quiet",
                "--json",
                json.toString()));
    args.addAll(List.of(more));
    return ClientRun.of(args.toArray(String[]::new));
  }

  @Test
  void aServiceThatQueuesTheLoadIsTheLimit() throws Exception {
    try (SlotServer server = SlotServer.start(20, 50)) {
      ClientRun run =
          ClientRun.of(
              "200",
              "1",
              "--url",
              server.url(),
              "--phases",
              "0.25,1.0",
              "--rate",
              "700",
              "--phase-seconds",
              "2",
              "--quiet");

      // 175/s, under the 400/s it serves, then 700/s: every thread busy, and its time grew.
      Delivery d = Delivery.of(run.result()).get(1);
      assertEquals(Delivery.Cause.SERVICE, d.cause(), d.toString());
      assertTrue(d.lateness().meanHoldNanos() > 1.5 * d.baselineHoldNanos(), d.toString());
    }
  }

  @Test
  void aClosedRunIsNotAskedForARate() throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      Path json = dir.resolve("closed.json");
      ClientRun run =
          ClientRun.of(
              "2",
              "5",
              "--url",
              "http://127.0.0.1:" + server.port() + "/work?ms=1",
              "--quiet",
              "--json",
              json.toString());
      assertEquals(0, run.code(), run.out() + run.err());
      assertTrue(Delivery.of(run.result()).isEmpty());
      assertTrue(new ObjectMapper().readTree(json.toFile()).get("delivery").isNull());
    }
  }
}
