package io.phaseload.client.stats;

/**
 * Exact nearest-rank statistics for many groups from one sorted array of keys ({@code latency << 6
 * | cell}): each group's ranks are known from its size, so one pass in latency order finds every
 * group's quantiles, minimum, maximum and sum.
 */
final class GroupQuantiles {

  private GroupQuantiles() {}

  static LatencyStats[] compute(long[] sortedKeys, Summary.Layout layout, long[] cellCounts) {
    int groups = layout.size();
    int cells = cellCounts.length;
    int[][] groupsOfCell = new int[cells][];
    long[] size = new long[groups];
    for (int c = 0; c < cells; c++) {
      groupsOfCell[c] = layout.groupsOf(c);
      for (int g : groupsOfCell[c]) {
        size[g] += cellCounts[c];
      }
    }
    double[] q = LatencyStats.QUANTILES;
    long[][] ranks = new long[groups][q.length];
    for (int g = 0; g < groups; g++) {
      for (int i = 0; i < q.length; i++) {
        ranks[g][i] = size[g] == 0 ? Long.MAX_VALUE : Percentiles.rank(q[i], size[g]);
      }
    }
    long[][] values = new long[groups][q.length];
    int[] next = new int[groups];
    long[] seen = new long[groups];
    double[] sum = new double[groups];
    long[] min = new long[groups];
    long[] max = new long[groups];
    for (long key : sortedKeys) {
      long latency = key >>> 6;
      for (int g : groupsOfCell[(int) (key & 63)]) {
        long n = ++seen[g];
        if (n == 1) {
          min[g] = latency;
        }
        max[g] = latency;
        sum[g] += latency;
        while (next[g] < q.length && ranks[g][next[g]] == n) {
          values[g][next[g]++] = latency;
        }
      }
    }
    LatencyStats[] out = new LatencyStats[groups];
    for (int g = 0; g < groups; g++) {
      out[g] = LatencyStats.of(seen[g], sum[g], min[g], max[g], values[g]);
    }
    return out;
  }
}
