package io.phaseload.client.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rate holds: against the real server at a modest rate, every phase starts its arrivals within
 * 1% of its intended rate, lasts what its arrivals take at that rate and begins where the last
 * one's schedule ended, and the server receives exactly what was sent.
 */
@Timeout(60)
class RateTest {

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "loop"})
  void everyPhaseHoldsItsRateAndLastsWhatItsArrivalsTake(String engine) throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      // 20 threads x 60 iterations at 400/s: 40, 200, 400 and 100 arrivals/s, 3 s each (long
      // enough that one scheduler hiccup of a few ms is well under 1% of a phase)
      ClientRun run =
          ClientRun.of(
              "20",
              "60",
              "127.0.0.1",
              String.valueOf(server.port()),
              "--rate",
              "400",
              "--engine",
              engine,
              "--quiet");
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(2L * 60 * (2 + 10 + 20 + 5), run.sent());
      assertEquals(run.sent(), server.stats().received());
      for (PhaseResult p : run.result().phases()) {
        ArrivalStats a = p.arrivals();
        assertEquals(a.scheduled(), a.started(), p.phase().name());
        // Arrivals never begin early, so the rate achieved is never over the one asked; how far
        // under it falls is the machine's (a late last arrival lowers it) and the benchmark's.
        assertTrue(a.achievedRate() <= a.intendedRate() * 1.01, p.phase().name());
        double expectedSeconds = a.scheduled() / a.intendedRate();
        double seconds = p.durationNanos() / 1e9;
        assertTrue(
            seconds >= expectedSeconds * 0.95 && seconds <= expectedSeconds + 5,
            p.phase().name() + " took " + seconds + " s for " + expectedSeconds + " s of arrivals");
      }
      // One schedule through the phases: each begins where the last one's schedule ends, 3 s on.
      List<PhaseResult> phases = run.result().phases();
      for (int i = 1; i < phases.size(); i++) {
        assertEquals(
            3_000_000_000L,
            phases.get(i).startNanos() - phases.get(i - 1).startNanos(),
            phases.get(i).phase().name());
      }
    }
  }
}
