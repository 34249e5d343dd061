package io.phaseload.client.capacity;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.slo.Slo;
import io.phaseload.client.slo.SloCheck;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A capacity search along one ramp ({@code capacity --ramp D}): one open-model run whose rate rises
 * linearly from the start rate to the max rate over D, judged afterwards in {@link #WINDOWS}
 * windows of D / 10 that slide by D / 20, each by the arrivals due in it, as a step of the step
 * search is judged: its SLOs on latency from intended times, and when they fail, whether the
 * generator's own lateness (arrivals late while a thread was free, with the SLOs holding from the
 * actual sends) or the service broke it. The answer is the rate of the last window that held before
 * the first that did not. Stateless.
 */
public final class RampSearch {

  /** How many windows a ramp is judged in: D / 10 long, each D / 20 after the last. */
  public static final int WINDOWS = 19;

  /** How far each window slides: D / SLIDES. */
  private static final int SLIDES = 20;

  private RampSearch() {}

  /**
   * Judges {@code run}, a one-phase ramp from {@code s.startRate()} to {@code s.maxRate()} over
   * {@code ramp}, window by window.
   */
  public static CapacitySearch.Result judge(
      CapacitySearch.Settings s, Duration ramp, Analysis run, List<Slo> slos) {
    RunResult result = run.result();
    List<Step> windows = new ArrayList<>();
    if (result.phases().isEmpty()) {
      return new CapacitySearch.Result(s, windows, null, null, CapacitySearch.Stop.INTERRUPTED);
    }
    PhaseResult phase = result.phases().get(0);
    int threads = result.plan().threads(phase.phase());
    long slide = ramp.toNanos() / SLIDES;
    long width = 2 * slide;
    Window[] w = new Window[WINDOWS];
    for (int i = 0; i < WINDOWS; i++) {
      w[i] = new Window(result.plan().requestNames().size());
    }
    LatencyRecorder rec = result.recording();
    long unreached = 0;
    for (int q = 0; q < rec.populations(); q++) {
      for (int a = 0; a < rec.units(0, q); a++) {
        int first = rec.start(0, q, a);
        if (!rec.reached(first)) {
          unreached++;
          continue;
        }
        long due = rec.intendedNanos(first);
        // The slide it is due in, and so the windows (this slide's and the last one's) it is in.
        int at = (int) Math.min(SLIDES - 1, Math.max(0, (due - phase.startNanos()) / slide));
        for (int i = Math.max(0, at - 1); i <= Math.min(WINDOWS - 1, at); i++) {
          Window in = w[i];
          in.scheduled++;
          in.started++;
          for (int k = first; k < first + rec.perUnit(q) && rec.reached(k); k++) {
            in.add(rec, k);
          }
        }
      }
    }
    w[WINDOWS - 1].scheduled += unreached; // not begun: the run stopped before their time
    Step held = null;
    Step broke = null;
    List<LatenessSweep.Window> slid = new ArrayList<>(WINDOWS);
    for (int i = 0; i < WINDOWS; i++) {
      long from = phase.startNanos() + i * slide;
      slid.add(new LatenessSweep.Window(0, threads, from, from + width));
    }
    List<Lateness> lateness = LatenessSweep.of(rec, slid);
    for (int i = 0; i < WINDOWS; i++) {
      Lateness late = lateness.get(i);
      double offered = s.startRate() + (s.maxRate() - s.startRate()) * (i + 1.0) / SLIDES;
      Step step =
          w[i].step(
              CapacitySearch.round(offered),
              width,
              late,
              threads,
              slos,
              result.plan().requestNames());
      windows.add(step);
      if (broke == null) {
        if (step.verdict() == Step.Verdict.HELD) {
          held = step;
        } else {
          broke = step;
        }
      }
    }
    CapacitySearch.Stop stop =
        broke == null
            ? CapacitySearch.Stop.MAX_RATE
            : switch (broke.verdict()) {
              case GENERATOR -> CapacitySearch.Stop.GENERATOR;
              case THREADS -> CapacitySearch.Stop.THREADS;
              default -> CapacitySearch.Stop.RAMP;
            };
    return new CapacitySearch.Result(s, windows, held, broke, stop);
  }

  /** The requests of the arrivals due in one window, by request and in all. */
  private static final class Window {
    long scheduled;
    long started;
    final long[][] kinds;
    final List<List<Long>> latency = new ArrayList<>();
    final List<List<Long>> service = new ArrayList<>();

    Window(int requests) {
      kinds = new long[requests + 1][Outcome.KINDS];
      for (int r = 0; r <= requests; r++) {
        latency.add(new ArrayList<>());
        service.add(new ArrayList<>());
      }
    }

    /** Request {@code k}: its kind, and if ok its latency from intended and from its send. */
    void add(LatencyRecorder rec, int k) {
      int r = rec.request(k);
      int kind = Outcome.kind(rec.outcome(k));
      int all = kinds.length - 1;
      kinds[r][kind]++;
      kinds[all][kind]++;
      if (Outcome.ok(rec.outcome(k))) {
        long fromIntended = rec.startNanos(k) - rec.intendedNanos(k) + rec.latencyNanos(k);
        for (int g : new int[] {r, all}) {
          latency.get(g).add(fromIntended);
          service.get(g).add(rec.latencyNanos(k));
        }
      }
    }

    private Group group(int g, List<String> names, List<List<Long>> times) {
      long[] sorted = times.get(g).stream().mapToLong(Long::longValue).toArray();
      Arrays.sort(sorted);
      return new Group(
          "RAMP",
          g == kinds.length - 1 ? Group.ALL : names.get(g),
          kinds[g],
          Collections.emptySortedMap(),
          LatencyStats.ofSorted(sorted),
          LatencyStats.ofSorted(new long[0]));
    }

    private List<SloResult> evaluate(
        List<Slo> slos, List<String> names, List<List<Long>> times, long nanos) {
      return SloCheck.evaluate(
          slos,
          slo ->
              group(
                  slo.request() == null ? kinds.length - 1 : names.indexOf(slo.request()),
                  names,
                  times),
          nanos);
    }

    Step step(
        double offered,
        long nanos,
        Lateness late,
        int threads,
        List<Slo> slos,
        List<String> names) {
      List<SloResult> verdicts = evaluate(slos, names, latency, nanos);
      Group all = group(kinds.length - 1, names, latency);
      Step.Verdict verdict =
          Step.verdict(
              SloCheck.allPass(verdicts) && started == scheduled,
              late,
              started,
              () -> SloCheck.allPass(evaluate(slos, names, service, nanos)));
      return new Step(
          offered,
          started / (nanos / 1e9),
          scheduled,
          started,
          late,
          all.latency(),
          group(kinds.length - 1, names, service).latency(),
          all.errors(),
          all.recorded(),
          threads,
          verdicts,
          verdict);
    }
  }
}
