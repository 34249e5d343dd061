package io.phaseload.client.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Spacing;
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

  /** An exchange's times as an engine reports them: a connection opened, a stream waited for. */
  private record Times(long connect, long tls, long firstByte, long streamWait)
      implements ExchangeTimes {
    @Override
    public long connectNanos() {
      return connect;
    }

    @Override
    public long tlsNanos() {
      return tls;
    }

    @Override
    public long firstByteNanos() {
      return firstByte;
    }

    @Override
    public long streamWaitNanos() {
      return streamWait;
    }
  }

  /**
   * A recording of a run over HTTP/2 keeps each request's stream wait in a word of its own, after
   * its own words (and after connection times, where a recording has both): 3 longs a request in
   * the closed model, 4 in the open one, 6 with connection times.
   */
  @Test
  void aStreamWaitTakesAWordOfItsOwn() {
    LoadPlan closed = LoadPlan.of(2, 3, List.of(1.0), List.of("GET"));
    LoadPlan open = closed.withModel(new OpenPhases(100, null, Spacing.UNIFORM));
    assertEquals(3, LatencyRecorder.allocate(closed, SlotWords.STREAM_WAIT).stride());
    assertEquals(4, LatencyRecorder.allocate(open, SlotWords.STREAM_WAIT).stride());
    LatencyRecorder both = LatencyRecorder.allocate(closed, new SlotWords(true, true));
    assertEquals(6, both.stride());
    assertEquals(2, both.connectionWord());
    assertEquals(5, both.streamWaitWord());
    assertEquals(6L * 24, LatencyRecorder.bytesFor(closed, SlotWords.STREAM_WAIT));
    assertEquals(4096L * 32, LatencyRecorder.pageBytes(open, SlotWords.STREAM_WAIT));
    assertEquals(both.words(), both.scratch().words(), "a part read from a record: the same words");

    LatencyRecorder rec = LatencyRecorder.allocate(closed, SlotWords.STREAM_WAIT);
    assertTrue(rec.streamWait());
    assertFalse(rec.connections());
    int ok = Outcome.of(Outcome.OK, 200);
    rec.recordExchange(0, new Times(11, 12, 13, 1_500_000));
    rec.record(0, 1_000, 2_000_000, 0, 0, ok);
    rec.recordExchange(1, new Times(0, 0, 0, 0));
    rec.record(1, 3_000_000, 1_000_000, 0, 0, ok);
    rec.recordExchange(2, new Times(0, 0, 0, -7)); // a clock that stepped back: no wait
    rec.record(2, 5_000_000, 1_000_000, 0, 0, ok);
    assertEquals(1_500_000, rec.streamWaitNanos(0));
    assertEquals(1_500_000, rec.word(0, 2));
    assertEquals(0, rec.streamWaitNanos(1));
    assertEquals(0, rec.streamWaitNanos(2));
    assertEquals(0, rec.connectNanos(0), "no connection times kept");
    assertEquals(2_000_000, rec.latencyNanos(0), "the request's own words as they were");
    assertEquals(1_000, rec.startNanos(0));

    // Over HTTP/1.1 the word is not there, and an engine's wait is not recorded anywhere.
    LatencyRecorder none = LatencyRecorder.allocate(closed);
    assertFalse(none.streamWait());
    assertEquals(2, none.stride());
    none.recordExchange(0, new Times(11, 12, 13, 1_500_000));
    none.record(0, 1_000, 2_000_000, 0, 0, ok);
    assertEquals(0, none.streamWaitNanos(0));

    // With connection times too, each lands in its own word.
    both.recordExchange(0, new Times(11, 12, 13, 1_500_000));
    both.record(0, 1_000, 2_000_000, 0, 0, ok);
    assertEquals(11, both.connectNanos(0));
    assertEquals(12, both.tlsNanos(0));
    assertEquals(13, both.firstByteNanos(0));
    assertEquals(1_500_000, both.streamWaitNanos(0));
  }
}
