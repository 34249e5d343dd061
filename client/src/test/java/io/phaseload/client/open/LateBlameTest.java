package io.phaseload.client.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.capacity.Lateness;
import io.phaseload.client.capacity.LatenessSweep;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run says whose fault its late arrivals were. Two threads against the real server's {@code
 * /work?ms=50} hold at most 40 iterations a second, so at 100 arrivals/s nearly every arrival finds
 * both threads waiting for an answer: the service's queue, not the generator's delay. The JSON
 * carries the same split as the run's recording gives, and the server received exactly what was
 * sent.
 */
@Timeout(60)
class LateBlameTest {

  @TempDir Path dir;

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "loop"})
  void arrivalsLateBehindBusyThreadsAreTheServices(String engine) throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      Path json = dir.resolve(engine + ".json");
      ClientRun run =
          ClientRun.of(
              "2",
              "1",
              "--url",
              "http://127.0.0.1:" + server.port() + "/work?ms=50",
              "--phases",
              "1.0",
              "--rate",
              "100",
              "--phase-seconds",
              "2",
              "--engine",
              engine,
              "--quiet",
              "--json",
              json.toString());
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(200, run.sent());
      assertEquals(run.sent(), server.stats().received());

      PhaseResult phase = run.result().phases().get(0);
      ArrivalStats a = phase.arrivals();
      Lateness late = LatenessSweep.of(run.result(), phase).orElseThrow();
      assertTrue(a.late() >= 100, a.late() + " late of " + a.started());
      assertEquals(late.late(), late.busy() + late.free());
      assertTrue(late.busy() >= 0.9 * late.late(), late.toString());
      assertEquals(2, late.peakInFlight());

      JsonNode p = new ObjectMapper().readTree(json.toFile()).get("phases").get(0);
      assertEquals(late.busy(), p.get("lateThreadsBusy").asLong());
      assertEquals(late.free(), p.get("lateThreadFree").asLong());
    }
  }
}
