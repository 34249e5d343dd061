package io.phaseload.client.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Nearest rank, checked against values worked out by hand. */
class PercentilesTest {

  private static final long[] ONE_TO_TEN = LongStream.rangeClosed(1, 10).toArray();

  @Test
  void oneToTen() {
    // rank = ceil(q x 10): 0.5 -> 5, 0.9 -> 9, 0.95 -> 10 (9.5 up), 0.99 -> 10, 0.1 -> 1
    assertEquals(5, Percentiles.of(ONE_TO_TEN, 0.50));
    assertEquals(9, Percentiles.of(ONE_TO_TEN, 0.90));
    assertEquals(10, Percentiles.of(ONE_TO_TEN, 0.95));
    assertEquals(10, Percentiles.of(ONE_TO_TEN, 0.99));
    assertEquals(1, Percentiles.of(ONE_TO_TEN, 0.10));
    assertEquals(1, Percentiles.of(ONE_TO_TEN, 0.0));
    assertEquals(10, Percentiles.of(ONE_TO_TEN, 1.0));
  }

  @Test
  void ranksAreExactForDecimalQuantiles() {
    // 0.95 x 100 is 95.00000000000001 in binary floating point: the rank must still be 95.
    assertEquals(95, Percentiles.rank(0.95, 100));
    assertEquals(99, Percentiles.rank(0.99, 100));
    assertEquals(999, Percentiles.rank(0.999, 1000));
    assertEquals(1000, Percentiles.rank(0.999, 1001)); // 999.999 rounds up
    assertEquals(50, Percentiles.rank(0.5, 100)); // the lower middle for an even count
    assertEquals(51, Percentiles.rank(0.5, 101));
  }

  @Test
  void oneSampleIsEveryPercentile() {
    long[] one = {42};
    for (double q : LatencyStats.QUANTILES) {
      assertEquals(42, Percentiles.of(one, q));
    }
  }

  @Test
  void allEqual() {
    long[] same = {7, 7, 7, 7};
    assertEquals(LatencyStats.ofSorted(same), new LatencyStats(4, 7, 7.0, 7, 7, 7, 7, 7, 7));
  }

  @Test
  void handComputedSkewedArray() {
    // 20 values: 18 fast, one slow, one very slow.
    long[] v = new long[20];
    for (int i = 0; i < 18; i++) {
      v[i] = 10 + i; // 10..27
    }
    v[18] = 500;
    v[19] = 9000;
    LatencyStats s = LatencyStats.ofSorted(v);
    assertEquals(19, s.p50()); // rank 10 -> 10 + 9
    assertEquals(27, s.p90()); // rank 18
    assertEquals(500, s.p95()); // rank 19
    assertEquals(9000, s.p99()); // rank 20
    assertEquals(9000, s.p999());
    assertEquals(10, s.min());
    assertEquals(9000, s.max());
    assertEquals((18 * (10 + 27) / 2.0 + 500 + 9000) / 20, s.mean(), 1e-9);
  }

  @Test
  void rejectsEmptyAndOutOfRange() {
    assertThrows(IllegalArgumentException.class, () -> Percentiles.rank(0.5, 0));
    assertThrows(IllegalArgumentException.class, () -> Percentiles.rank(1.5, 10));
    assertEquals(LatencyStats.EMPTY, LatencyStats.ofSorted(new long[0]));
  }

  @Test
  void selectionGivesWhatSortingGives() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 2000; trial++) {
      int n = 1 + random.nextInt(trial < 1000 ? 40 : 3000);
      long spread = random.nextBoolean() ? 5 : 1_000_000; // many ties, or few
      long[] values = new long[n + 4];
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextLong(spread);
      }
      if (trial % 7 == 0) {
        Arrays.sort(values, 2, n + 2); // already sorted, a pivot's worst friend
      }
      long[] sorted = Arrays.copyOfRange(values, 2, n + 2);
      Arrays.sort(sorted);
      for (double q : new double[] {0.5, 0.95, 0.99, 0.001, 1.0}) {
        long[] work = values.clone();
        long rank = Percentiles.rank(q, n);
        assertEquals(
            Percentiles.of(sorted, q), Percentiles.select(work, 2, n + 2, rank), n + " at " + q);
        assertEquals(values[0], work[0], "outside the range untouched");
        assertEquals(values[n + 3], work[n + 3], "outside the range untouched");
      }
    }
  }
}
