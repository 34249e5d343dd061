package io.phaseload.client.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeSeriesTest {

  private static final long MS = 1_000_000L;
  private static final long SECOND = 1_000 * MS;
  private static final int OK = Outcome.of(Outcome.OK, 200);
  private static final int HTTP_500 = Outcome.of(Outcome.HTTP, 500);

  @Test
  void bucketIsChosenFromTheRunLength() {
    assertEquals(10 * MS, TimeSeries.bucketFor(1_500 * MS)); // 150 points
    assertEquals(20 * MS, TimeSeries.bucketFor(3 * SECOND)); // 150, where 10 ms would give 300
    assertEquals(500 * MS, TimeSeries.bucketFor(60 * SECOND)); // 120
    assertEquals(20 * SECOND, TimeSeries.bucketFor(3_600 * SECOND)); // 180
    assertEquals(10 * MS, TimeSeries.bucketFor(2 * SECOND)); // exactly 200
    assertEquals(20 * MS, TimeSeries.bucketFor(2 * SECOND + 10 * MS));
    assertEquals(10 * MS, TimeSeries.bucketFor(0));
    assertEquals(3_600 * SECOND, TimeSeries.bucketFor(1_000 * 3_600 * SECOND));
  }

  @Test
  void everyRunFromAFewSecondsToADayGetsFiftyToTwoHundredPoints() {
    for (long run = 500 * MS; run <= 24 * 3_600 * SECOND; run = run * 11 / 10) {
      long points = run / TimeSeries.bucketFor(run);
      assertTrue(points >= 50 && points <= 200, run + " ns gives " + points + " points");
    }
  }

  @Test
  void bucketLabelsSayTheUnit() {
    assertEquals("10 ms", TimeSeries.label(10 * MS));
    assertEquals("500 ms", TimeSeries.label(500 * MS));
    assertEquals("2 s", TimeSeries.label(2 * SECOND));
    assertEquals("30 s", TimeSeries.label(30 * SECOND));
    assertEquals("5 min", TimeSeries.label(300 * SECOND));
    assertEquals("1 h", TimeSeries.label(3_600 * SECOND));
  }

  @Test
  void bucketsCoverTheWholeRunWithZerosWhereNothingStarted() {
    LatencyRecorder recorder = recorder();
    recorder.record(0, 0, 4 * MS, 0, 0, OK);
    recorder.record(1, 5 * MS, 2 * MS, 0, 1, OK);
    recorder.record(2, 9 * MS, 9 * MS, 0, 0, HTTP_500);
    recorder.record(3, 700 * MS, 1 * MS, 0, 1, HTTP_500);
    recorder.record(4, 1_499 * MS, 3 * MS, 0, 0, OK);

    TimeSeries series = TimeSeries.of(recorder, 1_500 * MS);

    assertEquals(10 * MS, series.bucketNanos());
    assertEquals(150, series.buckets());
    assertEquals(3, series.sent()[0]);
    assertEquals(2, series.ok()[0]);
    assertEquals(2 * MS, series.p50()[0], "nearest rank: the lower of two");
    assertEquals(4 * MS, series.p99()[0]);
    assertEquals(1, series.sent()[70]);
    assertEquals(0, series.ok()[70]);
    assertEquals(0, series.p50()[70], "no successful request, no latency");
    assertEquals(1, series.ok()[149]);
    long sent = 0;
    for (int b = 0; b < series.buckets(); b++) {
      sent += series.sent()[b];
    }
    assertEquals(5, sent);
  }

  @Test
  void theLastBucketTakesTheRemainderOfTheRun() {
    LatencyRecorder recorder = recorder();
    recorder.record(0, 1_503 * MS, MS, 0, 0, OK);

    TimeSeries series = TimeSeries.of(recorder, 1_505 * MS);

    assertEquals(150, series.buckets());
    assertEquals(10 * MS, series.durationNanos(148));
    assertEquals(1_490 * MS, series.startNanos(149));
    assertEquals(15 * MS, series.durationNanos(149));
    assertEquals(1, series.sent()[149]);
  }

  @Test
  void aRequestAfterTheStatedEndWidensTheSpan() {
    LatencyRecorder recorder = recorder();
    recorder.record(0, 3 * SECOND, MS, 0, 0, OK);

    TimeSeries series = TimeSeries.of(recorder, 1_500 * MS);

    assertEquals(3 * SECOND + 1, series.spanNanos());
    assertEquals(1, series.sent()[series.buckets() - 1]);
  }

  @Test
  void aRunOfNoLengthHasNoBuckets() {
    TimeSeries series = TimeSeries.of(recorder(), 0);
    assertEquals(0, series.buckets());
  }

  @Test
  void perSecondSeriesEndsWithTheSecondOfTheLastStart() {
    LatencyRecorder recorder = recorder();
    recorder.record(0, 100 * MS, MS, 0, 0, OK);
    recorder.record(1, 2_500 * MS, MS, 0, 0, HTTP_500);

    TimeSeries series = TimeSeries.of(recorder);

    assertEquals(SECOND, series.bucketNanos());
    assertArrayEquals(new long[] {1, 0, 1}, series.sent());
    assertArrayEquals(new long[] {1, 0, 0}, series.ok());
    assertEquals(1, TimeSeries.of(recorder()).buckets(), "an empty run still has its first second");
  }

  /** A day's rows are 10 s long: 8,640 of them, where a row a second would be 86,400. */
  @Test
  void rowsOfALongRunAreLongerSoThatTheyStayFew() {
    LatencyRecorder recorder = recorder();
    long day = 86_400 * SECOND;
    recorder.record(0, 100 * MS, MS, 0, 0, OK);
    recorder.record(1, day - SECOND, MS, 0, 0, OK);
    recorder.record(2, 9_999 * SECOND, MS, 0, 0, HTTP_500);

    TimeSeries series = TimeSeries.of(recorder);

    assertEquals(10 * SECOND, series.bucketNanos());
    assertEquals(8_640, series.buckets());
    assertEquals(1, series.sent()[0]);
    assertEquals(1, series.sent()[999]);
    assertEquals(0, series.ok()[999]);
    assertEquals(1, series.ok()[8_639]);
    assertEquals(SECOND, TimeSeries.rowBucketFor(TimeSeries.MAX_ROWS * SECOND));
    assertEquals(2 * SECOND, TimeSeries.rowBucketFor(TimeSeries.MAX_ROWS * SECOND + 1));
  }

  private static LatencyRecorder recorder() {
    return LatencyRecorder.allocate(LoadPlan.of(4, 5, List.of(1.0)));
  }
}
