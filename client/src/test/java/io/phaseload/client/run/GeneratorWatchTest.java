package io.phaseload.client.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The generator's own load, measured for real: a phase spent beside busy threads (one more than the
 * cores) is flagged, an idle phase is not.
 */
@Timeout(30)
class GeneratorWatchTest {

  private static final Phase PHASE = LoadPlan.of(1, 1, List.of(1.0)).phases().get(0);
  private static final long PHASE_NANOS = GeneratorLoad.MIN_JUDGED_NANOS + 200_000_000;

  @Test
  void aPhaseBesideBusyCoresGetsTheWarning() throws Exception {
    int hogs = Runtime.getRuntime().availableProcessors() + 1;
    GeneratorLoad load;
    try (GeneratorWatch watch = GeneratorWatch.start()) {
      watch.phaseStarted(PHASE);
      long end = System.nanoTime() + PHASE_NANOS;
      // The hogs outlive the phase, as a run's threads do: a thread's wait for a core is read from
      // the thread while it lives.
      List<Thread> threads = new ArrayList<>();
      for (int i = 0; i < hogs; i++) {
        Thread t = new Thread(() -> spinUntil(end + PHASE_NANOS / 4));
        t.start();
        threads.add(t);
      }
      spinUntil(end);
      watch.phaseFinished(result());
      load = watch.phases().get(0);
      for (Thread t : threads) {
        t.join();
      }
    }
    // Its threads used every core or waited for one: the generator wanted more than its cores,
    // whoever else held them.
    assertTrue(load.demandShare() > GeneratorLoad.MAX_CPU_SHARE, load.warning());
    // Where other processes left it the cores (on CI they took 15 %, and it used 85 %), it used
    // them to the full and is flagged as its own limit.
    if (load.othersShare() < 1 - GeneratorLoad.MAX_CPU_SHARE - 0.02) {
      assertTrue(load.limited(), load.warning());
      assertTrue(load.warning().startsWith("WARNING: the generator itself may have limited"));
    }
  }

  @Test
  void anIdlePhaseGetsNone() {
    GeneratorLoad load;
    try (GeneratorWatch watch = GeneratorWatch.start()) {
      watch.phaseStarted(PHASE);
      // The phase's work is to wait: the process uses next to no CPU.
      LockSupport.parkNanos(PHASE_NANOS);
      watch.phaseFinished(result());
      load = watch.phases().get(0);
    }
    assertEquals(PHASE.name(), load.phase());
    // Neither its CPU nor its threads' wait limited it; a pause of the machine's (a GC, a late
    // wake-up of 100 ms, as CI has) may still count as a stall, and says so.
    assertFalse(load.saturated(), load.warning());
    assertFalse(load.starved(), load.warning());
    assertTrue(!load.limited() || load.stalled(), load.warning());
  }

  @Test
  void limitsAreSharesOfThePhase() {
    long second = 1_000_000_000L;
    // Its own CPU: up to 90 % of its cores is no limit; beyond, it is.
    assertFalse(load(second, (long) (1.8 * second), 0, 0, 0, 0, 0).limited());
    assertTrue(load(second, (long) (1.81 * second), 0, 0, 0, 0, 0).limited());
    // Used 0.5 of 2 cores and waited 1.4 s for one: brief waits for a core that the service
    // shares, with no stall, move no figure.
    assertFalse(load(second, second / 2, 14 * second / 10, 0, 0, 0, 0).limited());
    // GC and lag: up to 5 % of the phase is none; beyond, or one stall of 100 ms, it is.
    assertFalse(load(second, 0, 0, 0, second / 40, second / 40, 0).limited());
    assertTrue(load(second, 0, 0, 0, second / 40, second / 40 + 1, 0).limited());
    assertTrue(load(second, 0, 0, 0, 0, second / 10, second / 10).limited());
    // A phase too short to judge is never called limited, however busy.
    long brief = GeneratorLoad.MIN_JUDGED_NANOS - 1;
    assertFalse(load(brief, 2 * brief, brief, 0, brief, brief, brief).limited());
  }

  @Test
  void theWarningSaysWhoseCpuItWas() {
    long second = 1_000_000_000L;
    assertTrue(
        load(second, (long) (1.95 * second), 0, 0, 0, 0, 0)
            .warning()
            .startsWith("WARNING: the generator itself may have limited p, its own CPU full"));
    assertTrue(
        load(second, second / 5, 0, 3 * second / 2, 0, second / 5, second / 50)
            .warning()
            .startsWith("WARNING: this machine may have limited p, other processes holding"));
    assertTrue(
        load(second, second / 5, 0, 0, second / 5, 0, 0)
            .warning()
            .startsWith("WARNING: the generator itself may have limited p, by its stalls"));
  }

  /**
   * Beside two processes that spin on both cores: the generator wanted 51 % of its cores and got 12
   * %, and one wake-up came 8.3 ms late, over the phase's median latency of 3.2 ms: limited by the
   * machine, though its stalls were under 5 % of the phase and under 100 ms each.
   */
  @Test
  void threadsKeptFromTheCoresLongerThanTheMedianLatencyLimitedThePhase() {
    long s = 1_000_000_000L;
    // 2 s on 2 cores: 12 % used is 0.48 s, 39 % waited is 1.56 s; 50 ms of lag in all.
    GeneratorLoad hogged = load(2 * s, 480_000_000L, 1_560_000_000L, 0, 0, 50_000_000, 8_300_000);
    assertFalse(hogged.limited(), "nothing to compare its lag with while it runs");

    GeneratorLoad judged = hogged.withMedian(3_200_000);
    assertTrue(judged.starved());
    assertTrue(judged.limited());
    assertTrue(judged.warning().startsWith("WARNING: this machine may have limited p"));
    // The same lag under a median latency of 20 ms moved nothing.
    assertFalse(hogged.withMedian(20_000_000).limited());
    // Nor does a late wake-up while the threads had the cores they wanted.
    assertFalse(
        load(2 * s, 1_560_000_000L, 480_000_000L, 0, 0, 50_000_000, 8_300_000)
            .withMedian(3_200_000)
            .limited());
  }

  /** A phase of 2 cores with the figures the rules read. */
  private static GeneratorLoad load(
      long nanos, long cpu, long wait, long others, long gc, long lag, long maxLag) {
    return new GeneratorLoad(
        "p", nanos, 2, cpu, wait, others, 1, gc, lag, maxLag, 0, 0, 0, 0, 0, 0, 0);
  }

  private static PhaseResult result() {
    return new PhaseResult(PHASE, 0, PHASE_NANOS, true, 0, null);
  }

  private static void spinUntil(long end) {
    long x = 0;
    while (System.nanoTime() < end) {
      x += x * 31 + 7;
    }
    if (x == 42) {
      throw new AssertionError("unreachable, keeps the loop from being optimised away");
    }
  }
}
