package io.phaseload.client.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.capacity.Delivery;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stage's verdict: one that began its arrivals at its rate held it, even when some began late;
 * the late ones are what it failed, and the verdict says so rather than that the rate was missed.
 */
@Timeout(60)
class StageVerdictTest {

  /** A falling ramp from 100/s to 0 over 2 s: 100 arrivals, 50/s on average, the last at 1.8 s. */
  private static ArrivalStats fallingRamp(long late, long lastStartMillis) {
    return new ArrivalStats(100, 100, late, 30_000_000, 50.0, lastStartMillis * 1_000_000);
  }

  @Test
  void aStageThatAchievedItsRateHeldItAndItsLateArrivalsAreWhatItFailed() {
    ArrivalStats late = fallingRamp(5, 1_800);
    assertEquals(54.9, late.achievedRate(), 0.05);
    assertTrue(late.heldRate(), "55/s of 50/s held it");
    assertEquals(5.0, late.latePercent(), 1e-9);
    assertFalse(late.keptSchedule(), "5 % of its arrivals began late");

    ArrivalStats onTime = fallingRamp(1, 1_800);
    assertTrue(onTime.heldRate());
    assertTrue(onTime.keptSchedule(), "1 % late is within the rule");

    // The last arrival began at 2.5 s: 100 / 2.52 s = 39.7/s, under 95 % of 50/s.
    ArrivalStats missed = fallingRamp(40, 2_500);
    assertFalse(missed.heldRate());
    assertFalse(missed.keptSchedule());

    assertEquals(0, new ArrivalStats(10, 0, 0, 0, 50.0, 0).latePercent());
  }

  /**
   * One user against 25 ms of service, from 50 arrivals a second down to 0 over 4 s (100 arrivals,
   * 25/s on average, the last due at 3.6 s): the first arrivals, due every 20 ms, wait for the
   * user, while the slower tail lets it catch up before the last is due, so the stage begins its
   * arrivals at its rate (about 27.6/s against 25/s) with many of them late. The margins: arrivals
   * are late for any service over 20 ms, and the rate holds for any under about 40 ms.
   */
  @Test
  void aRealFallingRampThatCaughtUpHeldItsRateWithLateArrivals() throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      ClientRun run =
          ClientRun.of(
              "1",
              "1",
              "--url",
              "http://127.0.0.1:" + server.port() + "/work?ms=25",
              "--rate",
              "50",
              "--stages",
              "4s:0/s",
              "-q");
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(100, run.sent());
      ArrivalStats a = run.result().phases().get(0).arrivals();
      assertEquals(25.0, a.intendedRate(), 1e-9);
      assertTrue(a.latePercent() > ArrivalStats.LATE_PERCENT, a.toString());
      assertTrue(a.heldRate(), a.toString());
      assertFalse(a.keptSchedule(), a.toString());
      // Its verdict: not delivered, though the rate held, and the one user was the limit.
      Delivery d = Delivery.of(run.result()).get(0);
      assertFalse(d.delivered());
      assertTrue(d.reason().startsWith("STAGE1 held 25/s"), d.reason());
    }
  }
}
