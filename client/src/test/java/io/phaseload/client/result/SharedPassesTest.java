package io.phaseload.client.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Tasks read together get what each would alone, from as many readings of the source as the task
 * that reads most asks for; a task that fails fails alone, and nothing waits for it.
 */
@Timeout(30)
class SharedPassesTest {

  private static final LoadPlan PLAN = LoadPlan.of(4, 250, List.of(1.0));

  @Test
  void tasksOfOneTwoAndThreePassesReadTheSourceThreeTimesAndGetWhatTheyWouldAlone() {
    AtomicInteger readings = new AtomicInteger();
    RunResult run = streamed(readings);
    long[][] together = new long[3][];
    List<Consumer<RunResult>> tasks =
        List.of(
            r -> together[0] = sums(r.recording(), 1),
            r -> together[1] = sums(r.recording(), 2),
            r -> together[2] = sums(r.recording(), 3));

    SharedPasses.together(run, tasks);

    assertEquals(3, readings.get());
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(sums(run.recording(), i + 1), together[i]);
    }
    // Alone, the same tasks read it 1 + 2 + 3 times: the sums above read it 6 more.
    assertEquals(9, readings.get());
  }

  @Test
  void aTaskThatFailsFailsAloneAndItsFailureIsRethrownOnceAllHaveEnded() {
    AtomicInteger readings = new AtomicInteger();
    RunResult run = streamed(readings);
    IllegalStateException boom = new IllegalStateException("boom");
    long[][] other = new long[1][];
    List<Consumer<RunResult>> tasks =
        List.of(
            r ->
                r.recording()
                    .each(
                        (rec, k) -> {
                          if (k == 500) {
                            throw boom;
                          }
                        }),
            r -> other[0] = sums(r.recording(), 4));

    assertSame(boom, assertThrows(IllegalStateException.class, () -> together(run, tasks)));
    assertArrayEquals(sums(run.recording(), 4), other[0]);
  }

  @Test
  void aRecordingInMemoryIsReadByEachTaskInTurnInTheCallersThread() {
    LatencyRecorder rec = filled();
    RunResult run = run(rec);
    Thread[] ran = new Thread[2];
    SharedPasses.together(
        run, List.of(r -> ran[0] = Thread.currentThread(), r -> ran[1] = Thread.currentThread()));
    assertSame(Thread.currentThread(), ran[0]);
    assertSame(Thread.currentThread(), ran[1]);
  }

  private static void together(RunResult run, List<Consumer<RunResult>> tasks) {
    SharedPasses.together(run, tasks);
  }

  /** {@code passes} readings, each summing the latencies with a different weight. */
  private static long[] sums(LatencyRecorder rec, int passes) {
    long[] sums = new long[passes];
    for (int p = 0; p < passes; p++) {
      int pass = p;
      rec.each((r, k) -> sums[pass] += (pass + 1) * r.latencyNanos(k) + k);
    }
    return sums;
  }

  private static RunResult streamed(AtomicInteger readings) {
    LatencyRecorder held = filled();
    return run(
        LatencyRecorder.streamed(
            PLAN,
            SlotWords.NONE,
            visitor -> {
              readings.incrementAndGet();
              held.each(visitor);
            }));
  }

  private static LatencyRecorder filled() {
    LatencyRecorder rec = LatencyRecorder.allocate(PLAN);
    for (int k = 0; k < 1_000; k++) {
      rec.record(k, 1_000L * k, 10_000L + k % 97, 0, 0, Outcome.of(Outcome.OK, 200));
    }
    return rec;
  }

  private static RunResult run(LatencyRecorder rec) {
    return new RunResult(
        PLAN,
        1L,
        2_000_000L,
        List.of(new PhaseResult(PLAN.phases().get(0), 0, 1_000_000L, true)),
        rec,
        new Reasons(),
        null,
        0,
        false);
  }
}
