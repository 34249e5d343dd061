package io.phaseload.client.stats;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The numbers of a finished run, computed once from the recording: counts by outcome, and exact
 * latency percentiles for the whole run, each phase, each request of the iteration and each phase's
 * request. Immutable.
 *
 * <p>Only successful requests count towards {@link Group#latency()}; failed ones are summarised
 * apart in {@link Group#failedLatency()}. Every group's percentiles are found together by {@link
 * ExactRanks}, in a few passes over the recording that hold no copy of it: the values sorting would
 * give, in memory bounded by the groups, whatever the run's length. The run's and each request's
 * successes are also kept as a {@link Distribution}, at every rank the charts and the {@code .hgrm}
 * files read.
 */
public final class Summary {

  private final Group total;
  private final List<Group> phases;
  private final List<Group> requests;
  private final List<Group> cells;
  private final Distribution distribution;
  private final List<Distribution> requestDistributions;
  private final ConnectionTimes connections;

  private Summary(
      Group total,
      List<Group> phases,
      List<Group> requests,
      List<Group> cells,
      Distribution distribution,
      List<Distribution> requestDistributions,
      ConnectionTimes connections) {
    this.total = total;
    this.connections = connections;
    this.phases = List.copyOf(phases);
    this.requests = List.copyOf(requests);
    this.cells = List.copyOf(cells);
    this.distribution = distribution;
    this.requestDistributions = List.copyOf(requestDistributions);
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

  /** The successful requests' latencies as the charts and the {@code .hgrm} file draw them. */
  public Distribution distribution() {
    return distribution;
  }

  /** One request's successful latencies, over all phases, as {@link #distribution} draws all. */
  public Distribution distribution(int request) {
    return requestDistributions.get(request);
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
    Layout layout = new Layout(phaseCount, requestCount);
    ExactRanks counted =
        ExactRanks.count(
            2 * layout.size(),
            sink -> latencies(recorder, corrected, layout, sink, kinds, failures));
    long[][] ranks = new long[2 * layout.size()][];
    for (int g = 0; g < 2 * layout.size(); g++) {
      long n = counted.count(g);
      ranks[g] = n == 0 ? null : layout.drawn(g) ? Distribution.ranks(n) : LatencyStats.ranks(n);
    }
    ExactRanks.Found found =
        counted.find(ranks, sink -> latencies(recorder, corrected, layout, sink, null, null));
    LatencyStats[] okStats = new LatencyStats[layout.size()];
    LatencyStats[] failedStats = new LatencyStats[layout.size()];
    Distribution[] drawn = new Distribution[layout.size()];
    for (int g = 0; g < layout.size(); g++) {
      if (layout.drawn(g)) {
        drawn[g] = Distribution.of(counted, g, found);
        okStats[g] = drawn[g].stats();
      } else {
        okStats[g] = LatencyStats.of(counted, g, found.at()[g]);
      }
      failedStats[g] = LatencyStats.of(counted, layout.size() + g, found.at()[layout.size() + g]);
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
            okStats[Layout.TOTAL],
            failedStats[Layout.TOTAL]);
    List<Distribution> byRequest = new ArrayList<>();
    for (int r = 0; r < requestCount; r++) {
      byRequest.add(drawn[layout.request(r)]);
    }
    return new Summary(
        total,
        phases,
        requests,
        cells,
        drawn[Layout.TOTAL],
        byRequest,
        ConnectionTimes.of(recorder));
  }

  /**
   * Hands every latency {@code recorder} holds to {@code sink}, in each group of its request: a
   * successful one in the {@link Layout}'s groups, a failed one that was sent in the same groups
   * {@code layout.size()} on; with {@code kinds} and {@code failures}, also counts each request by
   * its cell's outcome kind, and each failure by its outcome.
   */
  private static void latencies(
      LatencyRecorder recorder,
      boolean corrected,
      Layout layout,
      ExactRanks.Sink sink,
      long[][] kinds,
      List<TreeMap<Integer, Long>> failures) {
    int[][] groupsOfCell = new int[RecordLayout.MAX_CELLS][];
    recorder.each(
        (rec, k) -> {
          long start = rec.startWord(k);
          long time = rec.timeWord(k);
          int cell = RecordLayout.cell(time);
          int outcome = RecordLayout.outcome(start);
          int kind = Outcome.kind(outcome);
          if (kinds != null) {
            kinds[cell][kind]++;
            if (kind != Outcome.OK) {
              failures.get(cell).merge(outcome, 1L, Long::sum);
            }
          }
          if (kind != Outcome.OK && !Outcome.sentKind(kind)) {
            return;
          }
          if (groupsOfCell[cell] == null) {
            groupsOfCell[cell] = layout.groupsOf(cell);
          }
          long latency = RecordLayout.latency(corrected ? rec.correctedTimeWord(k) : time);
          int offset = kind == Outcome.OK ? 0 : layout.size();
          for (int g : groupsOfCell[cell]) {
            sink.add(offset + g, latency);
          }
        });
  }

  /**
   * Where each group's latencies sit among the groups counted: the run, each phase, each request,
   * each phase's request.
   */
  private record Layout(int phaseCount, int requestCount) {
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

    /** Whether group {@code g} is drawn whole: the run's and each request's successes. */
    boolean drawn(int g) {
      return g == TOTAL || (g >= request(0) && g < cell(0, 0));
    }

    /** The groups a request of record-layout cell {@code c} belongs to. */
    int[] groupsOf(int c) {
      int p = RecordLayout.phaseOfCell(c);
      int r = RecordLayout.requestOfCell(c);
      return new int[] {TOTAL, phase(p), request(r), cell(p, r)};
    }
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
