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
      // The stall's nine are late by 25 ms or more; a busy machine may wake one more over 1 ms
      // late.
      assertTrue(a.late() == 9 || a.late() == 10, run.out());
      LatencyRecorder rec = run.result().recording();
      long stalled = 0;
      for (int k = 0; k < 50; k++) {
        stalled += rec.startNanos(k) - rec.intendedNanos(k) >= 20 * MS ? 1 : 0;
      }
      assertEquals(9, stalled, "arrivals the stall made late: " + run.out());
      assertTrue(a.maxLateNanos() > 400 * MS && a.maxLateNanos() < 440 * MS, run.out());

      LatencyStats corrected = run.summary().total().latency();
      LatencyStats service = run.finished().serviceTime().total().latency();
      assertNear(275, corrected.p90(), run.out());
      assertNear(425, corrected.p95(), run.out());
      assertNear(525, corrected.max(), run.out());
      // A connection's first request can take tens of ms (connect, class loading): far from 425.
      assertTrue(service.p90() < 100 * MS && service.p95() < 100 * MS, run.out());
      assertNear(525, service.max(), run.out());
    }
  }

  /** Within 15 ms of the arithmetic: the stall's edges move with the scheduler, not more. */
  private static void assertNear(long expectedMs, long actualNanos, String out) {
    assertTrue(
        Math.abs(actualNanos / 1e6 - expectedMs) <= 15,
        "expected about " + expectedMs + " ms, got " + actualNanos / 1e6 + " ms\n" + out);
  }
}
