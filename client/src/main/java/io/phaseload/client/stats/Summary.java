package io.phaseload.client.stats;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The numbers of a finished run, computed once from the recording: counts by outcome, and exact
 * latency percentiles for the whole run, each phase, each request of the iteration and each phase's
 * request. Immutable.
 *
 * <p>Only successful requests count towards {@link Group#latency()}; failed ones are summarised
 * apart in {@link Group#failedLatency()}. The successful latencies are sorted once; every group's
 * percentiles are then read in a single pass over that order, so the cost is one sort whatever the
 * number of groups.
 *
 * <p>The sorted latencies of the successful requests stay with the summary (the heap check before
 * the run budgets them), so that charts read their quantiles without a second copy.
 */
public final class Summary {

  private final Group total;
  private final List<Group> phases;
  private final List<Group> requests;
  private final List<Group> cells;
  private final long[] sortedOk;
  private final ConnectionTimes connections;

  private Summary(
      Group total,
      List<Group> phases,
      List<Group> requests,
      List<Group> cells,
      long[] sortedOk,
      ConnectionTimes connections) {
    this.total = total;
    this.connections = connections;
    this.phases = List.copyOf(phases);
    this.requests = List.copyOf(requests);
    this.cells = List.copyOf(cells);
    this.sortedOk = sortedOk;
  }

  /** The whole run. */
  public Group total() {
    return total;
  }

  /**
   * Connect, TLS and waiting times of the requests that opened their own connection; empty unless
   * the run opened one per request ({@code --no-keepalive}).
   */
  public Optional<ConnectionTimes> connections() {
    return Optional.ofNullable(connections);
  }

  /** One group per phase, in plan order. */
  public List<Group> phases() {
    return phases;
  }

  /** One group per request of the iteration, over all phases, in request order. */
  public List<Group> requests() {
    return requests;
  }

  /** The groups of one phase's requests, in request order. */
  public List<Group> cellsOf(int phase) {
    int n = requests.size();
    return cells.subList(phase * n, phase * n + n);
  }

  /** The group for one phase's request. */
  public Group cell(int phase, int request) {
    return cells.get(phase * requests.size() + request);
  }

  /**
   * Every successful latency in nanoseconds, ascending: the array the statistics were computed
   * from, not a copy. Read-only by contract (charts draw it); never modify it.
   */
  public long[] sortedLatencies() {
    return sortedOk;
  }

  /**
   * Computes the summary of everything {@code recorder} holds of a run of {@code plan} (its phases
   * and requests name the groups): over corrected latencies in the open model, service times in the
   * closed model. A finished run's is {@link Analysis#of}'s.
   */
  public static Summary of(LatencyRecorder recorder, LoadPlan plan) {
    return of(recorder, plan, recorder.hasIntendedStarts());
  }

  /**
   * Computes the summary of everything {@code recorder} holds of a run of {@code plan}, over
   * latencies from the intended starts (corrected for coordinated omission) or from the actual
   * sends (service time). The two are the same in the closed model.
   */
  public static Summary of(LatencyRecorder recorder, LoadPlan plan, boolean corrected) {
    List<String> phaseNames = plan.phaseNames();
    List<String> requestNames = plan.requestNames();
    int phaseCount = phaseNames.size();
    int requestCount = requestNames.size();
    long[][] kinds = new long[RecordLayout.MAX_CELLS][Outcome.KINDS];
    List<TreeMap<Integer, Long>> failures = new ArrayList<>();
    for (int c = 0; c < RecordLayout.MAX_CELLS; c++) {
      failures.add(new TreeMap<>());
    }
    int capacity = recorder.capacity();
    int okCount = 0;
    int failedCount = 0;
    for (int k = recorder.next(0); k < capacity; k = recorder.next(k + 1)) {
      long start = recorder.startWord(k);
      if (start == 0) {
        continue;
      }
      int cell = RecordLayout.cell(recorder.timeWord(k));
      int outcome = RecordLayout.outcome(start);
      int kind = Outcome.kind(outcome);
      kinds[cell][kind]++;
      if (kind == Outcome.OK) {
        okCount++;
      } else {
        failures.get(cell).merge(outcome, 1L, Long::sum);
        if (Outcome.sentKind(kind)) {
          failedCount++;
        }
      }
    }
    long[] ok = new long[okCount];
    long[] failed = new long[failedCount];
    int o = 0;
    int f = 0;
    for (int k = recorder.next(0); k < capacity; k = recorder.next(k + 1)) {
      long start = recorder.startWord(k);
      if (start == 0) {
        continue;
      }
      int kind = Outcome.kind(RecordLayout.outcome(start));
      long time = corrected ? recorder.correctedTimeWord(k) : recorder.timeWord(k);
      if (kind == Outcome.OK) {
        ok[o++] = time;
      } else if (Outcome.sentKind(kind)) {
        failed[f++] = time;
      }
    }
    Arrays.parallelSort(ok);
    Arrays.parallelSort(failed);
    GroupQuantiles.Layout layout = new GroupQuantiles.Layout(phaseCount, requestCount);
    LatencyStats[] okStats = GroupQuantiles.compute(ok, layout);
    LatencyStats[] failedStats = GroupQuantiles.compute(failed, layout);
    for (int i = 0; i < ok.length; i++) {
      ok[i] = RecordLayout.latency(ok[i]); // in place: the same order, now plain latencies
    }

    List<Group> cells = new ArrayList<>();
    for (int p = 0; p < phaseCount; p++) {
      for (int r = 0; r < requestCount; r++) {
        int g = layout.cell(p, r);
        cells.add(
            group(
                phaseNames.get(p),
                requestNames.get(r),
                new int[] {RecordLayout.cell(p, r)},
                kinds,
                failures,
                okStats[g],
                failedStats[g]));
      }
    }
    List<Group> phases = new ArrayList<>();
    for (int p = 0; p < phaseCount; p++) {
      int[] of = new int[requestCount];
      for (int r = 0; r < requestCount; r++) {
        of[r] = RecordLayout.cell(p, r);
      }
      int g = layout.phase(p);
      phases.add(
          group(phaseNames.get(p), Group.ALL, of, kinds, failures, okStats[g], failedStats[g]));
    }
    List<Group> requests = new ArrayList<>();
    for (int r = 0; r < requestCount; r++) {
      int[] of = new int[phaseCount];
      for (int p = 0; p < phaseCount; p++) {
        of[p] = RecordLayout.cell(p, r);
      }
      int g = layout.request(r);
      requests.add(
          group(Group.ALL, requestNames.get(r), of, kinds, failures, okStats[g], failedStats[g]));
    }
    int[] all = new int[phaseCount * requestCount];
    for (int p = 0; p < phaseCount; p++) {
      for (int r = 0; r < requestCount; r++) {
        all[p * requestCount + r] = RecordLayout.cell(p, r);
      }
    }
    Group total =
        group(
            Group.ALL,
            Group.ALL,
            all,
            kinds,
            failures,
            okStats[GroupQuantiles.Layout.TOTAL],
            failedStats[GroupQuantiles.Layout.TOTAL]);
    return new Summary(total, phases, requests, cells, ok, ConnectionTimes.of(recorder));
  }

  private static Group group(
      String phase,
      String request,
      int[] cells,
      long[][] kinds,
      List<TreeMap<Integer, Long>> failures,
      LatencyStats latency,
      LatencyStats failedLatency) {
    long[] byKind = new long[Outcome.KINDS];
    TreeMap<Integer, Long> merged = new TreeMap<>();
    TreeMap<Group.Answer, Long> answers = new TreeMap<>();
    for (int c : cells) {
      for (int i = 0; i < byKind.length; i++) {
        byKind[i] += kinds[c][i];
      }
      int r = RecordLayout.requestOfCell(c);
      failures
          .get(c)
          .forEach(
              (outcome, n) -> {
                merged.merge(outcome, n, Long::sum);
                if (Outcome.kind(outcome) == Outcome.HTTP) {
                  answers.merge(new Group.Answer(r, Outcome.status(outcome)), n, Long::sum);
                }
              });
    }
    return new Group(phase, request, byKind, merged, latency, failedLatency, answers);
  }
}
