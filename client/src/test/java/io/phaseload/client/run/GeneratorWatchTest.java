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
    // Every core busy in this process, or, where other processes hold cores, its threads kept
    // waiting for one: either way the generator wanted more than its cores.
    assertTrue(load.limited(), load.warning());
    assertTrue(load.warning().startsWith("WARNING: the generator itself may have limited"));
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
    assertFalse(load.limited(), load.warning());
  }

  @Test
  void limitsAreSharesOfThePhase() {
    long second = 1_000_000_000L;
    assertFalse(
        new GeneratorLoad("p", second, 2, (long) (1.8 * second), 0, 0, 0, 0, 0, 0, 0, 0, 0)
            .limited());
    assertTrue(
        new GeneratorLoad("p", second, 2, (long) (1.81 * second), 0, 0, 0, 0, 0, 0, 0, 0, 0)
            .limited());
    // Used 0.5 of 2 cores, waited 1.4 s for one: it wanted 95 % of them.
    assertTrue(
        new GeneratorLoad("p", second, 2, second / 2, 14 * second / 10, 0, 0, 0, 0, 0, 0, 0, 0)
            .limited());
    assertFalse(
        new GeneratorLoad("p", second, 2, 0, 0, 3, second / 20, second / 20, 0, 0, 0, 0, 0)
            .limited());
    assertTrue(
        new GeneratorLoad("p", second, 2, 0, 0, 3, second / 20, second / 20 + 1, 0, 0, 0, 0, 0)
            .limited());
    // A phase too short to judge is never called limited, however busy.
    long brief = GeneratorLoad.MIN_JUDGED_NANOS - 1;
    assertFalse(
        new GeneratorLoad("p", brief, 2, 2 * brief, brief, 0, 0, 0, 0, 0, 0, 0, 0).limited());
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
