package io.phaseload.client.stats;

import io.phaseload.client.result.RecordLayout;

/**
 * Exact nearest-rank statistics for many groups from one sorted array of time words ({@link
 * RecordLayout}), which sort by latency and keep their cell: each group's ranks are known from its
 * size, so one pass in latency order finds every group's quantiles, minimum, maximum and sum.
 */
final class GroupQuantiles {

  private GroupQuantiles() {}

  /** Where each group's statistics sit in the array {@link #compute} returns. */
  record Layout(int phaseCount, int requestCount) {
    static final int TOTAL = 0;

    int phase(int p) {
      return 1 + p;
    }

    int request(int r) {
      return 1 + phaseCount + r;
    }

    int cell(int p, int r) {
      return 1 + phaseCount + requestCount + p * requestCount + r;
    }

    int size() {
      return 1 + phaseCount + requestCount + phaseCount * requestCount;
    }

    /** The groups a request of record-layout cell {@code c} belongs to. */
    int[] groupsOf(int c) {
      int p = RecordLayout.phaseOfCell(c);
      int r = RecordLayout.requestOfCell(c);
      return new int[] {TOTAL, phase(p), request(r), cell(p, r)};
    }
  }

  static LatencyStats[] compute(long[] sortedKeys, Layout layout) {
    int groups = layout.size();
    int[][] groupsOfCell = new int[RecordLayout.MAX_CELLS][];
    long[] size = new long[groups];
    for (long key : sortedKeys) {
      int c = RecordLayout.cell(key);
      if (groupsOfCell[c] == null) {
        groupsOfCell[c] = layout.groupsOf(c);
      }
      for (int g : groupsOfCell[c]) {
        size[g]++;
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
      long latency = RecordLayout.latency(key);
      for (int g : groupsOfCell[RecordLayout.cell(key)]) {
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
