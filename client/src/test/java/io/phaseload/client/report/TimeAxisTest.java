package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.stats.TimeSeries;
import org.junit.jupiter.api.Test;

class TimeAxisTest {

  private static final long MS = 1_000_000L;

  @Test
  void emptyBucketsAreGapsAndALoneBucketSpansItsWidth() {
    long[] ok = {2, 2, 0, 1, 0, 3};
    long[] p50 = {MS, 2 * MS, 0, 7 * MS, 0, 3 * MS};
    TimeSeries series = new TimeSeries(10 * MS, 60 * MS, ok, ok, p50, p50, p50);

    double[][] line = TimeAxis.of(series.spanNanos()).latencyLine(series, series.p50());

    assertArrayEquals(
        new double[] {0.005, 0.015, 0.025, 0.030, 0.040, 0.045, 0.050, 0.060}, line[0], 1e-12);
    assertArrayEquals(new double[] {1, 2, Double.NaN, 7, 7, Double.NaN, 3, 3}, line[1], 1e-12);
  }

  @Test
  void runsOverTenMinutesAreInMinutes() {
    assertEquals("seconds since the run started", TimeAxis.of(600_000 * MS).title());
    TimeAxis minutes = TimeAxis.of(3_600_000 * MS);
    assertEquals("minutes since the run started", minutes.title());
    assertEquals(60.0, minutes.at(3_600_000 * MS), 1e-12);
  }
}
