package io.phaseload.client.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

class ExactRanksTest {

  @Test
  void binsCoverEveryValueOnceInOrder() {
    long previousLast = -1;
    for (int b = 0; b < 2000; b++) {
      long lo = ExactRanks.binLow(b);
      long last = ExactRanks.binLast(b);
      if (lo < 0 || last < lo) {
        break;
      }
      assertEquals(previousLast + 1, lo, "bin " + b);
      assertEquals(b, ExactRanks.bin(lo));
      assertEquals(b, ExactRanks.bin(last));
      previousLast = last;
    }
    assertEquals(Long.MAX_VALUE, previousLast, "the bins reach the largest long");
    assertEquals(ExactRanks.bin(Long.MAX_VALUE), ExactRanks.bin(Long.MAX_VALUE - 1));
  }

  @Test
  void everyRankIsTheValueSortingGivesWhateverTheDistribution() {
    Random random = new Random(38);
    LongUnaryOperator[] shapes = {
      i -> 1_000_000 + random.nextInt(2_000_000), // wide: a few refinements
      i -> 250_000, // one value
      i -> 100_000 + random.nextInt(3), // three values, a hundred thousand times each
      i -> (long) Math.exp(10 + 4 * random.nextGaussian()), // heavy tails, up to minutes
      i -> random.nextInt(40), // small values: bins one value wide
      i -> random.nextBoolean() ? 5 : Long.MAX_VALUE - random.nextInt(5), // the extremes
    };
    for (LongUnaryOperator shape : shapes) {
      int n = 200_000;
      long[] values = new long[n];
      int[] group = new int[n];
      for (int i = 0; i < n; i++) {
        values[i] = shape.applyAsLong(i);
        group[i] = random.nextInt(100) < 95 ? 0 : 1 + random.nextInt(2);
      }
      check(values, group, 4);
    }
  }

  @Test
  void readsTheSameWhateverOrderEachPassReadsIn() {
    Random random = new Random(7);
    long[] values = new long[50_000];
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextInt(5_000_000);
    }
    long[] reversed = values.clone();
    for (int i = 0; i < values.length; i++) {
      reversed[i] = values[values.length - 1 - i];
    }
    ExactRanks counted = ExactRanks.count(1, sink -> each(values, sink));
    int[] pass = {0};
    long[][] ranks = {{1, 25_000, 49_500, 50_000}};
    ExactRanks.Found found =
        counted.find(ranks, sink -> each(pass[0]++ % 2 == 0 ? reversed : values, sink));
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    assertArrayEquals(
        new long[] {sorted[0], sorted[24_999], sorted[49_499], sorted[49_999]}, found.at()[0]);
  }

  @Test
  void meanAndDeviationAreExactWhereDoublesWouldRound() {
    long big = 1L << 60;
    long[] values = {big, big + 1, big + 2, big + 3, 1, 2};
    ExactRanks one = ExactRanks.count(1, sink -> each(values, sink));
    java.math.BigInteger sum = java.math.BigInteger.ZERO;
    for (long v : values) {
      sum = sum.add(java.math.BigInteger.valueOf(v));
    }
    assertEquals(
        new java.math.BigDecimal(sum)
            .divide(java.math.BigDecimal.valueOf(values.length), java.math.MathContext.DECIMAL128)
            .doubleValue(),
        one.mean(0));
    ExactRanks same = ExactRanks.count(1, sink -> each(new long[] {7, 7, 7}, sink));
    assertEquals(0.0, same.deviation(0));
    ExactRanks two = ExactRanks.count(1, sink -> each(new long[] {2, 4, 4, 4, 5, 5, 7, 9}, sink));
    assertEquals(2.0, two.deviation(0));
    assertEquals(5.0, two.mean(0));
  }

  @Test
  void refusesWhatItCannotAnswer() {
    ExactRanks counted = ExactRanks.count(1, sink -> each(new long[] {1, 2, 3}, sink));
    assertThrows(
        IllegalArgumentException.class,
        () -> counted.find(new long[][] {{4}}, sink -> each(new long[] {1, 2, 3}, sink)));
    assertThrows(
        IllegalArgumentException.class, () -> ExactRanks.count(1, sink -> sink.add(0, -1)));
    ExactRanks wide = ExactRanks.count(1, sink -> each(spread(5000), sink));
    assertThrows(
        IllegalStateException.class,
        () -> wide.find(new long[][] {{2500}}, sink -> each(spread(4000), sink)));
  }

  private static long[] spread(int n) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = 1_000_000 + i % 7;
    }
    return v;
  }

  /** A dense grid of ranks and the quantiles, of the whole (group 0) and of groups 1 on. */
  /**
   * A time series' many groups of three ranks each (looked along, not through a table of bins),
   * read with room for a few ranges a pass: more passes, and every rank still the value sorting
   * gives.
   */
  @Test
  void manyGroupsReadInMorePassesWhenThePassesRoomIsSmall() {
    Random random = new Random(39);
    int groups = 3_000;
    long[][] sorted = new long[groups][];
    long[][] ranks = new long[groups][];
    for (int g = 0; g < groups; g++) {
      int n = 1 + random.nextInt(3_000);
      sorted[g] = new long[n];
      for (int i = 0; i < n; i++) {
        sorted[g][i] = (long) Math.exp(12 + random.nextGaussian());
      }
      ranks[g] =
          new long[] {
            Percentiles.rank(0.50, n), Percentiles.rank(0.95, n), Percentiles.rank(0.99, n)
          };
    }
    ExactRanks.Values all =
        sink -> {
          for (int g = groups - 1; g >= 0; g--) {
            for (long v : sorted[g]) {
              sink.add(g, v);
            }
          }
        };
    int[] passes = {0, 0};
    ExactRanks counted = ExactRanks.count(groups, all);
    ExactRanks.Found roomy =
        counted.find(
            ranks,
            sink -> {
              passes[0]++;
              all.pass(sink);
            });
    ExactRanks.Found cramped =
        counted.find(
            ranks,
            sink -> {
              passes[1]++;
              all.pass(sink);
            },
            20_000);
    for (long[] values : sorted) {
      Arrays.sort(values);
    }
    for (int g = 0; g < groups; g++) {
      for (int i = 0; i < 3; i++) {
        long v = sorted[g][(int) ranks[g][i] - 1];
        assertEquals(v, roomy.at()[g][i], "group " + g + " rank " + ranks[g][i]);
        assertEquals(v, cramped.at()[g][i], "group " + g + " rank " + ranks[g][i]);
      }
    }
    assertArrayEquals(roomy.atOrBelow()[groups - 1], cramped.atOrBelow()[groups - 1]);
    assertTrue(passes[1] > 2 * passes[0], "passes: " + Arrays.toString(passes));
  }

  private static void check(long[] values, int[] group, int groups) {
    ExactRanks.Values all =
        sink -> {
          for (int i = 0; i < values.length; i++) {
            sink.add(0, values[i]);
            if (group[i] > 0) {
              sink.add(group[i], values[i]);
            }
          }
        };
    ExactRanks counted = ExactRanks.count(groups, all);
    long[][] sorted = new long[groups][];
    long[][] ranks = new long[groups][];
    for (int g = 0; g < groups; g++) {
      final int of = g;
      sorted[g] =
          java.util.stream.IntStream.range(0, values.length)
              .filter(i -> of == 0 || group[i] == of)
              .mapToLong(i -> values[i])
              .sorted()
              .toArray();
      int n = sorted[g].length;
      assertEquals(n, counted.count(g));
      if (n == 0) {
        ranks[g] = new long[0];
        continue;
      }
      assertEquals(sorted[g][0], counted.min(g));
      assertEquals(sorted[g][n - 1], counted.max(g));
      long[] asked = new long[64 + LatencyStats.QUANTILES.length];
      for (int i = 0; i < 64; i++) {
        asked[i] = 1 + (long) i * (n - 1) / 63;
      }
      for (int i = 0; i < LatencyStats.QUANTILES.length; i++) {
        asked[64 + i] = Percentiles.rank(LatencyStats.QUANTILES[i], n);
      }
      ranks[g] = asked;
    }
    ExactRanks.Found found = counted.find(ranks, all);
    for (int g = 0; g < groups; g++) {
      for (int i = 0; i < ranks[g].length; i++) {
        int index = (int) ranks[g][i] - 1;
        long v = sorted[g][index];
        assertEquals(v, found.at()[g][i], "group " + g + " rank " + ranks[g][i]);
        int end = index;
        while (end < sorted[g].length && sorted[g][end] == v) {
          end++;
        }
        assertEquals(end, found.atOrBelow()[g][i], "at or below, group " + g);
      }
    }
  }

  private static void each(long[] values, ExactRanks.Sink sink) {
    for (long v : values) {
      sink.add(0, v);
    }
  }
}
