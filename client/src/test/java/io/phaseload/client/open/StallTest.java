package io.phaseload.client.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that stops answering for 525 ms once, in the middle of an open-model run of 2 threads at
 * 20 arrivals per second (one every 50 ms), 50 arrivals, one request each.
 *
 * <p>The arithmetic, in ms from the phase start: arrival 20 is sent at 1000 and the server holds
 * everything until 1525. Arrival 21 (due 1050) is sent on time by the other thread and held too.
 * Both threads are then busy, so arrivals 22 to 30 (due 1100, 1150, ..., 1500) are late: 9 of them.
 * They go out as soon as the stall ends, at about 1525 (the nine take a few ms on two threads), so
 * arrival 31, due 1550, is on time, with 25 ms to spare either side.
 *
 * <p>Latency from the intended times: arrival 20 waited 525, 21 waited 475, and 22..30 waited 1525
 * minus their time: 425, 375, ..., 25. So 11 of the 50 are 25 ms or more, and by nearest rank the
 * p90 (rank 45) is the sixth smallest of them, 275, and the p95 (rank 48) the ninth, 425. Service
 * time, from the actual send: only arrivals 20 and 21 waited (525 and 475); the late ones were
 * answered at once, so the p90 and p95 are a millisecond or so.
 */
@Timeout(60)
class StallTest {

  static final long MS = 1_000_000;

  @Test
  void correctedPercentilesSeeTheStallAndServiceTimeDoesNot() throws Exception {
    AtomicLong stallUntil = new AtomicLong();
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              long now = System.nanoTime();
              if (r.index() == 20) {
                stallUntil.set(now + 525 * MS);
              }
              long hold = stallUntil.get() - now;
              Reply ok = Reply.response(200, "{}");
              return hold > 0 ? ok.pauseAfter(0, hold / MS) : ok;
            })) {
      ClientRun run =
          ClientRun.of(
              "2",
              "25",
              "--url",
              server.url("/x"),
              "-X",
              "GET",
              "--phases",
              "1.0",
              "--rate",
              "20",
              "--quiet");
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(50, run.sent());
      ArrivalStats a = run.result().phases().get(0).arrivals();
      assertEquals(50, a.started());
      // The stall only adds time: every bound below is one the stall sets, from below, so that a
      // machine that pauses the client as well (CI's GC and scheduler, 150 ms at times) adds
      // late arrivals and latency of its own without breaking the arithmetic.
      LatencyRecorder rec = run.result().recording();
      for (int k = 22; k <= 30; k++) {
        long late = rec.startNanos(k) - rec.intendedNanos(k);
        assertTrue(
            late >= 20 * MS, "arrival " + k + " late by " + late / 1e6 + " ms\n" + run.out());
      }
      assertTrue(a.late() >= 9, run.out());
      assertTrue(a.maxLateNanos() >= 410 * MS, run.out());

      LatencyStats corrected = run.summary().total().latency();
      LatencyStats service = run.finished().serviceTime().total().latency();
      assertAtLeast(260, corrected.p90(), run.out());
      assertAtLeast(410, corrected.p95(), run.out());
      assertAtLeast(510, corrected.max(), run.out());
      assertAtLeast(510, service.max(), run.out());
      // Only arrivals 20 and 21 waited on the server; the p90 (rank 45) of service time is the
      // sixth longest, a pause of the machine's at most, far from the corrected 275.
      assertTrue(2 * service.p90() < corrected.p90(), run.out());
    }
  }

  /** At least about EXPECTED ms: the stall's edges move with the scheduler by a few ms. */
  private static void assertAtLeast(long expectedMs, long actualNanos, String out) {
    assertTrue(
        actualNanos / 1e6 >= expectedMs,
        "expected at least " + expectedMs + " ms, got " + actualNanos / 1e6 + " ms\n" + out);
  }
}
