package io.phaseload.client.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.request.Outcome;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The one definition of throughput, error rate and failed share, against hand-computed counts. */
class FiguresTest {

  /** 90 ok; 4 http, 2 timeouts failed; 3 not sent and 1 skipped: 96 sent, 100 recorded. */
  private static Group group() {
    long[] byKind = new long[Outcome.KINDS];
    byKind[Outcome.OK] = 90;
    byKind[Outcome.HTTP] = 4;
    byKind[Outcome.TIMEOUT] = 2;
    byKind[Outcome.NOT_SENT] = 3;
    byKind[Outcome.SKIPPED] = 1;
    return new Group("p", "r", byKind, new TreeMap<>(), LatencyStats.EMPTY, LatencyStats.EMPTY);
  }

  @Test
  void theErrorRateCountsRequestsNotSentAsErrors() {
    Group g = group();
    assertEquals(96, g.sent());
    assertEquals(100, g.recorded());
    assertEquals(10, g.errors());
    assertEquals(0.1, g.errorRate(), 0);
  }

  @Test
  void theFailedShareIsOverTheRequestsSentAndIsNotTheErrorRate() {
    assertEquals(6.0 / 96, group().failedShare(), 0);
  }

  @Test
  void throughputIsSuccessfulRequestsPerSecondAndZeroOverNoTime() {
    Group g = group();
    assertEquals(36.0, g.throughput(2.5), 0);
    assertEquals(0.0, g.throughput(0), 0);
    assertEquals(0.0, g.throughput(-1), 0);
  }

  @Test
  void aGroupWithNothingRecordedHasNoErrorsAndNoThroughput() {
    Group none =
        new Group(
            "p",
            "r",
            new long[Outcome.KINDS],
            new TreeMap<>(),
            LatencyStats.EMPTY,
            LatencyStats.EMPTY);
    assertEquals(0.0, none.errorRate(), 0);
    assertEquals(0.0, none.failedShare(), 0);
    assertEquals(0.0, none.throughput(1), 0);
  }
}
