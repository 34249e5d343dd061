package io.phaseload.client.stats;

import io.phaseload.client.engine.Operation;
import io.phaseload.client.engine.Outcome;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.record.LatencyRecorder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * The numbers of a finished run, computed once from the recorder: counts by outcome and status, and
 * exact latency percentiles for the whole run, each phase, each operation and each phase's
 * operation. Immutable.
 *
 * <p>Only successful requests count towards {@link Group#latency()}; failed ones are summarised
 * apart in {@link Group#failedLatency()}. The successful latencies are sorted once; every group's
 * percentiles are then read in a single pass over that order, so the cost is one sort whatever the
 * number of groups.
 */
public record Summary(Group total, List<Group> phases, List<Group> operations, List<Group> cells) {

  private static final int OPS = Operation.values().length;
  private static final int STATUSES = 1024;

  /** The group for one phase's operation. */
  public Group cell(int phase, Operation op) {
    return cells.get(phase * OPS + op.ordinal());
  }

  /** Computes the summary of everything {@code recorder} holds. */
  public static Summary of(LatencyRecorder recorder) {
    LoadPlan plan = recorder.plan();
    int phaseCount = plan.phases().size();
    int cellCount = phaseCount * OPS;
    long[][] kinds = new long[cellCount][Outcome.KINDS];
    long[][] statuses = new long[cellCount][STATUSES];
    int capacity = recorder.capacity();
    int okCount = 0;
    int failedCount = 0;
    for (int k = 0; k < capacity; k++) {
      if (!recorder.sent(k)) {
        continue;
      }
      int cell = recorder.phase(k) * OPS + recorder.op(k);
      int outcome = recorder.outcome(k);
      kinds[cell][Outcome.kind(outcome)]++;
      int status = Outcome.status(outcome);
      if (status != 0 && status != 200) {
        statuses[cell][status]++;
      }
      if (Outcome.ok(outcome)) {
        okCount++;
      } else {
        failedCount++;
      }
    }
    // Keys sort by latency; the low 6 bits carry the cell so one sorted array serves every group.
    long[] ok = new long[okCount];
    long[] failed = new long[failedCount];
    int o = 0;
    int f = 0;
    for (int k = 0; k < capacity; k++) {
      if (!recorder.sent(k)) {
        continue;
      }
      long key = recorder.latencyNanos(k) << 6 | (recorder.phase(k) * OPS + recorder.op(k));
      if (Outcome.ok(recorder.outcome(k))) {
        ok[o++] = key;
      } else {
        failed[f++] = key;
      }
    }
    Arrays.parallelSort(ok);
    Arrays.parallelSort(failed);
    Layout layout = new Layout(phaseCount);
    LatencyStats[] okStats = GroupQuantiles.compute(ok, layout, cellCounts(kinds, true));
    LatencyStats[] failedStats = GroupQuantiles.compute(failed, layout, cellCounts(kinds, false));

    List<Group> cells = new ArrayList<>();
    for (Phase phase : plan.phases()) {
      for (Operation op : Operation.values()) {
        int cell = phase.index() * OPS + op.ordinal();
        cells.add(
            group(
                phase.name(),
                op.name(),
                new int[] {cell},
                kinds,
                statuses,
                okStats[layout.cell(cell)],
                failedStats[layout.cell(cell)]));
      }
    }
    List<Group> phases = new ArrayList<>();
    for (Phase phase : plan.phases()) {
      int base = phase.index() * OPS;
      phases.add(
          group(
              phase.name(),
              Group.ALL,
              range(base, OPS, 1),
              kinds,
              statuses,
              okStats[layout.phase(phase.index())],
              failedStats[layout.phase(phase.index())]));
    }
    List<Group> operations = new ArrayList<>();
    for (Operation op : Operation.values()) {
      operations.add(
          group(
              Group.ALL,
              op.name(),
              range(op.ordinal(), phaseCount, OPS),
              kinds,
              statuses,
              okStats[layout.op(op.ordinal())],
              failedStats[layout.op(op.ordinal())]));
    }
    Group total =
        group(
            Group.ALL,
            Group.ALL,
            range(0, cellCount, 1),
            kinds,
            statuses,
            okStats[Layout.TOTAL],
            failedStats[Layout.TOTAL]);
    return new Summary(total, List.copyOf(phases), List.copyOf(operations), List.copyOf(cells));
  }

  private static long[] cellCounts(long[][] kinds, boolean ok) {
    long[] counts = new long[kinds.length];
    for (int c = 0; c < kinds.length; c++) {
      long all = Arrays.stream(kinds[c]).sum();
      counts[c] = ok ? kinds[c][Outcome.OK] : all - kinds[c][Outcome.OK];
    }
    return counts;
  }

  private static int[] range(int start, int count, int step) {
    int[] r = new int[count];
    for (int i = 0; i < count; i++) {
      r[i] = start + i * step;
    }
    return r;
  }

  private static Group group(
      String phase,
      String op,
      int[] cells,
      long[][] kinds,
      long[][] statuses,
      LatencyStats latency,
      LatencyStats failedLatency) {
    long[] byKind = new long[Outcome.KINDS];
    long[] byStatus = new long[STATUSES];
    for (int c : cells) {
      for (int i = 0; i < byKind.length; i++) {
        byKind[i] += kinds[c][i];
      }
      for (int s = 0; s < STATUSES; s++) {
        byStatus[s] += statuses[c][s];
      }
    }
    TreeMap<Integer, Long> statusMap = new TreeMap<>();
    for (int s = 0; s < STATUSES; s++) {
      if (byStatus[s] != 0) {
        statusMap.put(s, byStatus[s]);
      }
    }
    long sent = Arrays.stream(byKind).sum();
    return new Group(phase, op, sent, byKind, statusMap, latency, failedLatency);
  }

  /** Where each group's statistics sit in the arrays {@link GroupQuantiles} fills. */
  record Layout(int phaseCount) {
    static final int TOTAL = 0;

    int phase(int p) {
      return 1 + p;
    }

    int op(int o) {
      return 1 + phaseCount + o;
    }

    int cell(int c) {
      return 1 + phaseCount + OPS + c;
    }

    int size() {
      return 1 + phaseCount + OPS + phaseCount * OPS;
    }

    /** The groups a request of cell {@code c} belongs to. */
    int[] groupsOf(int c) {
      return new int[] {TOTAL, phase(c / OPS), op(c % OPS), cell(c)};
    }
  }
}
