package io.phaseload.client.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.LatencyRecorder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

class SummaryTest {

  @Test
  void countsByKindAndStatusAndExcludesFailuresFromLatency() {
    LoadPlan plan = LoadPlan.of(1, 3, List.of(1.0)); // 6 requests: GET, POST x 3
    LatencyRecorder r = LatencyRecorder.allocate(plan);
    r.record(0, 0, 1_000_000, 0, 0, Outcome.of(Outcome.OK, 200));
    r.record(1, 1, 3_000_000, 0, 1, Outcome.of(Outcome.OK, 200));
    r.record(2, 2, 900_000_000, 0, 0, Outcome.of(Outcome.HTTP, 503));
    r.record(3, 3, 5_000_000, 0, 1, Outcome.of(Outcome.BAD_BODY, 200));
    r.record(4, 4, 2_000_000, 0, 0, Outcome.failure(Outcome.TIMEOUT, Reasons.READ_TIMEOUT));
    r.record(5, 5, 10_000, 0, 1, Outcome.failure(Outcome.NOT_SENT, Reasons.OUT_OF_FILES));

    Summary s = Summary.of(r, plan);
    Group total = s.total();
    assertEquals(5, total.sent(), "a request that never left the client is not sent");
    assertEquals(1, total.notSent());
    assertEquals(2, total.ok());
    assertEquals(3, total.failed());
    assertEquals(List.of(Map.entry(Reasons.READ_TIMEOUT, 1L)), total.reasons(Outcome.TIMEOUT));
    assertEquals(List.of(Map.entry(Reasons.OUT_OF_FILES, 1L)), total.reasons(Outcome.NOT_SENT));
    assertEquals(1, total.count(Outcome.HTTP));
    assertEquals(1, total.count(Outcome.BAD_BODY));
    assertEquals(1, total.count(Outcome.TIMEOUT));
    assertEquals(Map.of(503, 1L), total.statuses());
    assertEquals(
        new LatencyStats(
            2,
            1_000_000,
            2_000_000.0,
            1_000_000,
            3_000_000,
            3_000_000,
            3_000_000,
            3_000_000,
            3_000_000),
        total.latency());
    assertEquals(3, total.failedLatency().count());
    assertEquals(900_000_000, total.failedLatency().max());
    assertEquals(3, s.cell(0, 0).sent());
    assertEquals(1, s.cell(0, 0).ok());
    assertEquals(2, s.cell(0, 1).sent());
    assertEquals(1, s.cell(0, 1).notSent());
  }

  @Test
  void everyGroupMatchesABruteForceSortOfItsOwnRequests() {
    LoadPlan plan = LoadPlan.standard(13, 17);
    LatencyRecorder r = LatencyRecorder.allocate(plan);
    Random random = new Random(42);
    for (Phase phase : plan.phases()) {
      for (int t = 0; t < phase.threads(); t++) {
        int k = r.sliceStart(phase.index(), t);
        for (int i = 0; i < 2 * plan.iterations(); i++, k++) {
          long latency = (long) (Math.exp(random.nextGaussian() + 13)); // ~0.5 ms, long tail
          int outcome =
              random.nextInt(10) == 0
                  ? Outcome.of(Outcome.HTTP, 500 + random.nextInt(4))
                  : Outcome.of(Outcome.OK, 200);
          r.record(k, k, latency, phase.index(), i % 2, outcome);
        }
      }
    }

    Summary s = Summary.of(r, plan);

    assertEquals(expected(r, k -> true), s.total().latency());
    for (Phase phase : plan.phases()) {
      int p = phase.index();
      assertEquals(expected(r, k -> r.phase(k) == p), s.phases().get(p).latency());
      for (int q = 0; q < plan.requestNames().size(); q++) {
        int op = q;
        Group cell = s.cell(p, op);
        assertEquals(expected(r, k -> r.phase(k) == p && r.request(k) == op), cell.latency());
        assertEquals(phase.name(), cell.phase());
        assertEquals(plan.requestNames().get(op), cell.request());
      }
    }
    for (int q = 0; q < plan.requestNames().size(); q++) {
      int op = q;
      assertEquals(expected(r, k -> r.request(k) == op), s.requests().get(op).latency());
      assertEquals(Distribution.of(sorted(r, k -> r.request(k) == op, true)), s.distribution(op));
    }
    assertEquals(Distribution.of(sorted(r, k -> true, true)), s.distribution());
    assertEquals(LatencyStats.ofSorted(sorted(r, k -> true, false)), s.total().failedLatency());
    long failed = 0;
    for (Group phase : s.phases()) {
      failed += phase.failed();
    }
    assertEquals(s.total().failed(), failed);
    assertEquals(plan.totalRequests(), s.total().sent());
    assertEquals(
        s.total().failed(), s.total().statuses().values().stream().mapToLong(v -> v).sum());
  }

  private static LatencyStats expected(LatencyRecorder r, IntPredicate in) {
    return LatencyStats.ofSorted(sorted(r, in, true));
  }

  /** The latencies of the successful (or the failed) requests {@code in} holds, sorted. */
  private static long[] sorted(LatencyRecorder r, IntPredicate in, boolean ok) {
    List<Long> values = new ArrayList<>();
    for (int k = 0; k < r.capacity(); k++) {
      if (r.reached(k) && Outcome.ok(r.outcome(k)) == ok && in.test(k)) {
        values.add(r.latencyNanos(k));
      }
    }
    long[] sorted = values.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(sorted);
    return sorted;
  }
}
