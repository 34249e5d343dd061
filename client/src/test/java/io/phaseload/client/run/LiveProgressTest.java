package io.phaseload.client.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

/** The progress line's counts, read off the recording the way its thread does, without a clock. */
class LiveProgressTest {

  private static void record(
      LatencyRecorder r, Phase phase, int thread, int from, int to, int failAt) {
    int base = r.sliceStart(phase.index(), thread);
    for (int i = from; i < to; i++) {
      int outcome = i == failAt ? Outcome.of(Outcome.HTTP, 503) : Outcome.of(Outcome.OK, 200);
      r.record(base + i, 1_000L * i, 500_000L, phase.index(), i & 1, outcome);
    }
  }

  @Test
  void countsEachThreadsLeadingRecordedSlotsAndTheirErrorsOnce() {
    LoadPlan plan = LoadPlan.standard(4, 3); // 1 + 2 + 4 + 1 threads, 6 requests each
    LatencyRecorder recorder = LatencyRecorder.allocate(plan);
    LiveProgress progress =
        new LiveProgress(recorder, new PrintStream(new ByteArrayOutputStream()));
    Phase warmup = plan.phases().get(0);
    Phase peak = plan.phases().get(2);

    progress.scan();
    assertEquals(0, progress.done());

    record(recorder, warmup, 0, 0, 3, 1);
    record(recorder, peak, 3, 0, 2, -1);
    progress.scan();
    assertEquals(5, progress.done());
    assertEquals(1, progress.errors());

    record(recorder, warmup, 0, 3, 6, 4);
    progress.scan();
    assertEquals(8, progress.done());
    assertEquals(2, progress.errors(), "errors already counted are not counted again");

    for (Phase phase : plan.phases()) {
      for (int t = 0; t < phase.threads(); t++) {
        record(recorder, phase, t, 0, 6, -1);
      }
    }
    progress.scan();
    assertEquals(plan.totalRequests(), progress.done());
  }
}
