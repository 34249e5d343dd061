package io.phaseload.client.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {

  @Test
  void slicesTileTheArrayExactlyOnce() {
    LoadPlan plan = LoadPlan.standard(20, 7);
    LatencyRecorder recorder = LatencyRecorder.allocate(plan);
    assertEquals(plan.totalRequests(), recorder.capacity());

    BitSet owned = new BitSet(recorder.capacity());
    for (Phase phase : plan.phases()) {
      for (int t = 0; t < phase.threads(); t++) {
        int start = recorder.sliceStart(phase.index(), t);
        for (int k = start; k < start + 2 * plan.iterations(); k++) {
          assertFalse(owned.get(k), "slot " + k + " owned twice");
          owned.set(k);
          assertEquals(t, recorder.thread(k));
        }
      }
    }
    assertEquals(recorder.capacity(), owned.cardinality());
  }

  @Test
  void fieldsRoundTripThroughThePackedWord() {
    LatencyRecorder recorder = LatencyRecorder.allocate(LoadPlan.of(40, 1, List.of(1.0)));
    int http503 = Outcome.of(Outcome.HTTP, 503);
    recorder.record(3, 123_456_789L, 1_234_567L, 0, 1, http503);
    recorder.record(79, 5L, 0L, 0, 0, Outcome.of(Outcome.OK, 200));

    assertTrue(recorder.reached(3));
    assertEquals(123_456_789L, recorder.startNanos(3));
    assertEquals(1_234_567L, recorder.latencyNanos(3));
    assertEquals(0, recorder.phase(3));
    assertEquals(1, recorder.request(3));
    assertEquals(http503, recorder.outcome(3));
    assertEquals(503, Outcome.status(recorder.outcome(3)));
    assertTrue(recorder.reached(79)); // a zero latency is still a sent request
    assertFalse(recorder.reached(4));
  }

  @Test
  void phaseIndexUsesAllFiveBitsAndLatencyIsClamped() {
    LatencyRecorder recorder = LatencyRecorder.allocate(LoadPlan.standard(10, 1));
    recorder.record(0, 0, Long.MAX_VALUE, 31, 1, Outcome.of(Outcome.TIMEOUT, 0));
    assertEquals(31, recorder.phase(0));
    assertEquals(1, recorder.request(0));
    assertEquals(RecordLayout.MAX_LATENCY_NANOS, recorder.latencyNanos(0));
    assertEquals(Outcome.TIMEOUT, Outcome.kind(recorder.outcome(0)));
    recorder.record(1, 0, -5, 0, 0, Outcome.OK);
    assertEquals(0, recorder.latencyNanos(1));
  }

  @Test
  void refusesPlansThatCannotFitInOneArray() {
    LoadPlan huge = LoadPlan.standard(1_000_000_000, 1);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LatencyRecorder.allocate(huge));
    assertTrue(e.getMessage().contains("3700000000 requests"), e.getMessage());
    assertEquals(3_700_000_000L * 16, LatencyRecorder.bytesFor(huge));
  }
}
