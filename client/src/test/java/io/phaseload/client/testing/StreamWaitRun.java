package io.phaseload.client.testing;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.SlotWords;
import java.util.List;

/**
 * A run over HTTP/2 made by hand: one user's requests of one phase, each 1 ms after the one before
 * and taking 10 ms, with the waits for a stream and the outcomes given.
 */
public final class StreamWaitRun {

  private static final long MS = 1_000_000;

  private StreamWaitRun() {}

  /** The run of {@code waits.length} requests, request k waiting {@code waits[k]} nanoseconds. */
  public static RunResult of(long[] waits, int[] outcomes) {
    LoadPlan plan = LoadPlan.of(1, waits.length, List.of(1.0), List.of("GET"));
    LatencyRecorder rec = LatencyRecorder.allocate(plan, SlotWords.STREAM_WAIT);
    for (int k = 0; k < waits.length; k++) {
      rec.recordStreamWait(k, waits[k]);
      rec.record(k, (1 + k) * MS, 10 * MS, 0, 0, outcomes[k]);
    }
    return of(rec);
  }

  /** A run of one phase whose requests {@code rec} holds. */
  public static RunResult of(LatencyRecorder rec) {
    LoadPlan plan = LoadPlan.of(1, rec.capacity(), List.of(1.0), List.of("GET"));
    return new RunResult(
        plan,
        1_700_000_000_000_000_000L,
        (rec.capacity() + 20) * MS,
        List.of(new PhaseResult(plan.phases().get(0), MS, (rec.capacity() + 10) * MS, true, 0)),
        rec,
        new Reasons(),
        null,
        1,
        false);
  }
}
