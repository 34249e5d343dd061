package io.phaseload.client.stats;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Exact order statistics of many groups of values, found in a few passes over values that can be
 * read again, in memory bounded by the groups and the ranks asked for, never by the number of
 * values: what lets a run of any length report its exact percentiles from its record on disk.
 *
 * <p>The first pass ({@link #count}) counts each group's values in a coarse histogram, log-linear
 * as HdrHistogram's ({@value #SUB_BITS} bits: bins a thirty-second of an octave wide, one value
 * wide below {@code 2^SUB_BITS}; an octave's bins are allocated with its first value, so a group
 * takes 256 bytes for each octave its values span), with their minimum, maximum and exact sums. A
 * rank then falls in one bin, whose count below is known. {@link #find} reads the values again: a
 * bin of at most {@value #COLLECT} values is gathered and sorted, a bigger one is cut into {@value
 * #COLLECT} equal parts and counted again, until every rank's value is one integer. Each round
 * narrows a rank's range by {@value #COLLECT}, so a nanosecond latency takes two or three passes in
 * all; each pending rank holds at most {@value #COLLECT} longs, and a pass reads the ranges of at
 * most {@value #ROOM} longs, leaving more for the next.
 *
 * <p>The answers are those sorting every value would give, by construction, whatever order the
 * passes read the values in, and the sums are exact integers (128 bits), so that the mean too is
 * the same from memory and from disk. Not thread-safe.
 */
public final class ExactRanks {

  /** Values that can be read again, pass after pass, in any order but all of them each time. */
  @FunctionalInterface
  public interface Values {
    /** Hands every value to {@code sink}, once each. */
    void pass(Sink sink);
  }

  /** Takes one value of one group. */
  @FunctionalInterface
  public interface Sink {
    /**
     * @param group the group, from 0 to the count given to {@link #count}
     * @param value not negative
     */
    void add(int group, long value);
  }

  /** Bits of a bin's position within its octave: 32 bins an octave. */
  static final int SUB_BITS = 6;

  /** The most values a range gathers to sort; a range holding more is cut into as many parts. */
  static final int COLLECT = 512;

  /**
   * The most longs the ranges read in one pass hold (32 MiB): a report of many groups (the rows of
   * a day's run) reads its ranges in more passes rather than hold more.
   */
  static final long ROOM = 4L << 20;

  /** A group of at most this many ranges is looked along, not through a table of its bins. */
  private static final int FEW = 8;

  /** Bins in a segment of the histogram: an octave's (the first two segments hold 0 to 63). */
  private static final int SEGMENT = 1 << (SUB_BITS - 1);

  private static final int SEGMENTS = 63 - SUB_BITS + 2;

  private final int groups;
  private final long[] count;
  private final long[] min;
  private final long[] max;
  private final long[] sumLow;
  private final long[] sumHigh;
  private final long[] squareLow;
  private final long[] squareHigh;

  /** Each group's histogram in segments, each allocated when its first value comes. */
  private final long[][][] bins;

  private ExactRanks(int groups) {
    this.groups = groups;
    this.count = new long[groups];
    this.min = new long[groups];
    this.max = new long[groups];
    this.sumLow = new long[groups];
    this.sumHigh = new long[groups];
    this.squareLow = new long[groups];
    this.squareHigh = new long[groups];
    this.bins = new long[groups][][];
  }

  /** The first pass: every group's count, extremes, sums and coarse histogram. */
  public static ExactRanks count(int groups, Values values) {
    ExactRanks ranks = new ExactRanks(groups);
    values.pass(ranks::add);
    return ranks;
  }

  private void add(int g, long v) {
    if (v < 0) {
      throw new IllegalArgumentException("a negative value: " + v);
    }
    long n = ++count[g];
    if (n == 1) {
      min[g] = v;
      max[g] = v;
      bins[g] = bins[g] == null ? new long[SEGMENTS][] : bins[g];
    } else if (v < min[g]) {
      min[g] = v;
    } else if (v > max[g]) {
      max[g] = v;
    }
    long low = sumLow[g] + v;
    sumHigh[g] += Long.compareUnsigned(low, sumLow[g]) < 0 ? 1 : 0;
    sumLow[g] = low;
    long squareLo = v * v;
    long square = squareLow[g] + squareLo;
    squareHigh[g] +=
        Math.multiplyHigh(v, v) + (Long.compareUnsigned(square, squareLow[g]) < 0 ? 1 : 0);
    squareLow[g] = square;
    int b = bin(v);
    long[] segment = bins[g][b / SEGMENT];
    if (segment == null) {
      segment = bins[g][b / SEGMENT] = new long[SEGMENT];
    }
    segment[b % SEGMENT]++;
  }

  public int groups() {
    return groups;
  }

  public long count(int g) {
    return count[g];
  }

  /** The smallest value of group {@code g}; 0 if it has none. */
  public long min(int g) {
    return min[g];
  }

  /** The largest value of group {@code g}; 0 if it has none. */
  public long max(int g) {
    return max[g];
  }

  /** The mean of group {@code g}'s values, from their exact sum; 0 if it has none. */
  public double mean(int g) {
    return count[g] == 0 ? 0 : toDouble(sumHigh[g], sumLow[g]) / count[g];
  }

  /** The population standard deviation of group {@code g}'s values, from exact sums. */
  public double deviation(int g) {
    long n = count[g];
    if (n == 0) {
      return 0;
    }
    BigInteger sum = big(sumHigh[g], sumLow[g]);
    BigInteger squares = big(squareHigh[g], squareLow[g]);
    BigInteger scaled = squares.multiply(BigInteger.valueOf(n)).subtract(sum.multiply(sum));
    return Math.sqrt(scaled.doubleValue()) / n;
  }

  /** The exact mean of {@code values}, as {@link #mean} gives it for a group of them. */
  public static double mean(long[] values) {
    ExactRanks one = new ExactRanks(1);
    for (long v : values) {
      one.add(0, v);
    }
    return one.mean(0);
  }

  /**
   * The values at the given ranks, found in further passes over the same values.
   *
   * @param ranks for each group, the 1-based ranks asked for, each from 1 to the group's count; a
   *     group may ask for none (null or empty)
   * @param values the values the first pass counted, in any order
   * @throws IllegalStateException if the values read differ from those counted
   */
  public Found find(long[][] ranks, Values values) {
    return find(ranks, values, ROOM);
  }

  /** As {@link #find(long[][], Values)}, a pass reading ranges of at most {@code room} longs. */
  Found find(long[][] ranks, Values values, long room) {
    long[][] at = new long[groups][];
    long[][] atOrBelow = new long[groups][];
    List<Range> pending = new ArrayList<>();
    for (int g = 0; g < groups; g++) {
      long[] asked = ranks.length > g && ranks[g] != null ? ranks[g] : new long[0];
      at[g] = new long[asked.length];
      atOrBelow[g] = new long[asked.length];
      if (asked.length == 0) {
        continue;
      }
      Integer[] order = order(asked, count[g], g);
      long below = 0;
      int b = 0;
      Range range = null;
      for (int i : order) {
        while (below + binCount(g, b) < asked[i]) {
          below += binCount(g, b++);
        }
        if (range == null || range.lo != binLow(b)) {
          range = new Range(g, binLow(b), binLast(b), below, binCount(g, b));
          pending.add(range);
        }
        range.asked.add(i);
      }
    }
    while (!pending.isEmpty()) {
      List<Range> next = new ArrayList<>();
      List<Range> read = new ArrayList<>();
      long left = room;
      for (Range r : pending) {
        if (r.lo == r.last) {
          for (int i : r.asked) {
            at[r.group][i] = r.lo;
            atOrBelow[r.group][i] = r.below + r.n;
          }
        } else if (read.isEmpty() || r.longs() <= left) {
          r.open();
          left -= r.longs();
          read.add(r);
        } else {
          next.add(r); // read in a later pass: this one's room is taken
        }
      }
      if (read.isEmpty()) {
        break;
      }
      Range[][] byGroup = byGroup(read);
      // Every range lies in one coarse bin: a value is looked for only among its group's ranges,
      // through a table of bins for a group of many (a summary's), along them for a few.
      int[][] first = new int[groups][];
      for (int g = 0; g < groups; g++) {
        Range[] of = byGroup[g];
        if (of != null && of.length > FEW) {
          first[g] = new int[SEGMENTS * SEGMENT];
          Arrays.fill(first[g], -1);
          for (int i = of.length - 1; i >= 0; i--) {
            first[g][bin(of[i].lo)] = i;
          }
        }
      }
      values.pass(
          (g, v) -> {
            Range[] of = byGroup[g];
            if (of == null) {
              return;
            }
            int i = 0;
            if (of.length > FEW) {
              i = first[g][bin(v)];
              if (i < 0) {
                return;
              }
            }
            while (i < of.length && of[i].last < v) {
              i++;
            }
            if (i < of.length && of[i].lo <= v) {
              of[i].take(v);
            }
          });
      for (Range r : read) {
        r.close(ranks[r.group], at[r.group], atOrBelow[r.group], next);
      }
      pending = next;
    }
    return new Found(at, atOrBelow);
  }

  /**
   * The values found at each group's ranks, and how many of the group's values are at or below
   * each.
   */
  public record Found(long[][] at, long[][] atOrBelow) {}

  private Integer[] order(long[] asked, long n, int g) {
    Integer[] order = new Integer[asked.length];
    for (int i = 0; i < asked.length; i++) {
      if (asked[i] < 1 || asked[i] > n) {
        throw new IllegalArgumentException("rank " + asked[i] + " of " + n + " in group " + g);
      }
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(asked[a], asked[b]));
    return order;
  }

  private Range[][] byGroup(List<Range> read) {
    Range[][] byGroup = new Range[groups][];
    int[] n = new int[groups];
    for (Range r : read) {
      n[r.group]++;
    }
    for (int g = 0; g < groups; g++) {
      byGroup[g] = n[g] == 0 ? null : new Range[n[g]];
      n[g] = 0;
    }
    for (Range r : read) {
      byGroup[r.group][n[r.group]++] = r;
    }
    for (Range[] of : byGroup) {
      if (of != null) {
        Arrays.sort(of, (a, b) -> Long.compare(a.lo, b.lo));
      }
    }
    return byGroup;
  }

  /**
   * Values {@code lo} to {@code last} of one group, of which {@code below} lie below and {@code n}
   * within, and the ranks asked for that fall in it.
   */
  private static final class Range {
    final int group;
    final long lo;
    final long last;
    final long below;
    final long n;
    final List<Integer> asked = new ArrayList<>(1);
    private long[] values;
    private long[] parts;
    private long width;
    private int taken;

    Range(int group, long lo, long last, long below, long n) {
      this.group = group;
      this.lo = lo;
      this.last = last;
      this.below = below;
      this.n = n;
    }

    /** The longs it holds while read: its values if few, else its parts' counts. */
    long longs() {
      return n <= COLLECT ? n : COLLECT;
    }

    /** Ready to read: gathers its values if few, else counts them in equal parts. */
    void open() {
      if (n <= COLLECT) {
        values = new long[(int) n];
      } else {
        long span = last - lo + 1;
        width = (span + COLLECT - 1) / COLLECT;
        parts = new long[(int) ((span + width - 1) / width)];
      }
    }

    void take(long v) {
      if (values != null) {
        if (taken == values.length) {
          throw new IllegalStateException("the values changed between passes");
        }
        values[taken++] = v;
      } else {
        parts[(int) ((v - lo) / width)]++;
        taken++;
      }
    }

    /** Answers the ranks it can from what it read, and leaves the narrower ranges for the rest. */
    void close(long[] ranks, long[] at, long[] atOrBelow, List<Range> next) {
      if (taken != n) {
        throw new IllegalStateException("the values changed between passes");
      }
      if (values != null) {
        Arrays.sort(values);
        for (int i : asked) {
          int index = (int) (ranks[i] - below - 1);
          long v = values[index];
          int end = index + 1;
          while (end < values.length && values[end] == v) {
            end++;
          }
          at[i] = v;
          atOrBelow[i] = below + end;
        }
        values = null;
        return;
      }
      long before = below;
      int p = 0;
      Range range = null;
      for (int i : asked) {
        while (before + parts[p] < ranks[i]) {
          before += parts[p++];
        }
        long from = lo + p * width;
        if (range == null || range.lo != from) {
          range = new Range(group, from, Math.min(last, from + width - 1), before, parts[p]);
          next.add(range);
        }
        range.asked.add(i);
      }
      parts = null;
    }
  }

  private long binCount(int g, int b) {
    long[] segment = bins[g][b / SEGMENT];
    return segment == null ? 0 : segment[b % SEGMENT];
  }

  /**
   * The bin of {@code v}: itself below {@code 2^SUB_BITS}, then {@code 2^(SUB_BITS-1)} an octave.
   */
  static int bin(long v) {
    if (v < (1L << SUB_BITS)) {
      return (int) v;
    }
    int shift = 63 - Long.numberOfLeadingZeros(v) - SUB_BITS + 1;
    return (shift << (SUB_BITS - 1)) + (int) (v >>> shift);
  }

  /** The least value of bin {@code b}. */
  static long binLow(int b) {
    if (b < (1 << SUB_BITS)) {
      return b;
    }
    int shift = (b >> (SUB_BITS - 1)) - 1;
    return (long) (b - (shift << (SUB_BITS - 1))) << shift;
  }

  /** The greatest value of bin {@code b}. */
  static long binLast(int b) {
    if (b < (1 << SUB_BITS)) {
      return b;
    }
    int shift = (b >> (SUB_BITS - 1)) - 1;
    return binLow(b) + ((1L << shift) - 1);
  }

  /** The 128-bit {@code high:low} as the nearest double. */
  private static double toDouble(long high, long low) {
    return high == 0 && low >= 0 ? low : big(high, low).doubleValue();
  }

  private static BigInteger big(long high, long low) {
    return BigInteger.valueOf(high).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(low)));
  }
}
