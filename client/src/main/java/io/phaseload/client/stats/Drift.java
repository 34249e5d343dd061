package io.phaseload.client.stats;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.RunResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether the service got worse as a phase of steady load ran: the phase's first window of time
 * against its last, each window's figures exact (latency by nearest rank, from intended times in
 * the open model as every headline; errors and throughput as {@link Figures} defines them). A phase
 * is judged when its target load holds steady (a phase, or a stage that holds its load; not a ramp)
 * and it lasted at least the least length asked ({@link #DEFAULT_MIN_LENGTH} unless told): a
 * shorter one has no start and end worth comparing. A request belongs to the window its send fell
 * in. The noise band that tells a change from the run's own noise is compare's ({@code
 * compare.DriftNoise}); the SLOs bound the change itself. Immutable.
 *
 * @param phase the phase's name
 * @param index the phase's index in the plan
 * @param windowNanos each window's length
 * @param startFrom the first window's start, in ns after the run's start; it ends a window later
 * @param endFrom the last window's start; it ends with the phase
 * @param start the first window's figures
 * @param end the last window's figures
 */
public record Drift(
    String phase,
    int index,
    long windowNanos,
    long startFrom,
    long endFrom,
    Window start,
    Window end) {

  /** A phase shorter than this gets no verdict unless told ({@code --drift-min}). */
  public static final Duration DEFAULT_MIN_LENGTH = Duration.ofMinutes(2);

  /** The longest window: the first and last 10 minutes of a long run. */
  public static final long MAX_WINDOW_NANOS = Duration.ofMinutes(10).toNanos();

  /** A window is this share of its phase, at most {@link #MAX_WINDOW_NANOS}. */
  public static final int WINDOWS_PER_PHASE = 4;

  /**
   * One window's figures.
   *
   * @param latency its successful requests' latencies, exact
   * @param ok its successful requests
   * @param errors its requests that failed or were not sent
   * @param seconds its length
   */
  public record Window(LatencyStats latency, long ok, long errors, double seconds) {

    /** Successful requests per second of the window ({@link Figures#throughput}). */
    public double throughput() {
      return Figures.throughput(ok, seconds);
    }

    /** The share of its requests that failed or were not sent ({@link Figures#errorRate}). */
    public double errorRate() {
      return Figures.errorRate(errors, ok + errors);
    }
  }

  /** What a drift is measured on, and which way is worse. */
  public enum Measure {
    P50("p50", true),
    P99("p99", true),
    ERRORS("errors", true),
    RATE("rate", false);

    public final String label;

    /** Whether a higher value is worse (latency, errors) or better (throughput). */
    public final boolean higherIsWorse;

    Measure(String label, boolean higherIsWorse) {
      this.label = label;
      this.higherIsWorse = higherIsWorse;
    }

    /** Its value in a window: latency in ns, the error rate 0 to 1, throughput per second. */
    public double of(Window w) {
      return switch (this) {
        case P50 -> w.latency().p50();
        case P99 -> w.latency().p99();
        case ERRORS -> w.errorRate();
        case RATE -> w.throughput();
      };
    }
  }

  /**
   * How much worse {@code m} got from the first window to the last, in percent of the first (a fall
   * in throughput, a rise in the others, is positive); for the error rate, in percentage points, as
   * a rate from 0 has no percent. NaN when the first window has no value to compare against (no
   * successful request).
   */
  public double worsePercent(Measure m) {
    double a = m.of(start);
    double b = m.of(end);
    if (m == Measure.ERRORS) {
      return 100 * (b - a);
    }
    if (!(a > 0)) {
      return Double.NaN;
    }
    double change = (b / a - 1) * 100;
    return m.higherIsWorse ? change : -change;
  }

  /** The window length for a phase of {@code phaseNanos}: a quarter of it, at most 10 minutes. */
  public static long windowNanos(long phaseNanos) {
    return Math.min(MAX_WINDOW_NANOS, phaseNanos / WINDOWS_PER_PHASE);
  }

  /**
   * The drift of every phase of {@code run} that held its load for at least {@code minLength}, in
   * phase order; none for a merge of shards, whose sends are on separate clocks.
   */
  public static List<Drift> of(RunResult run, Duration minLength) {
    List<Drift> all = new ArrayList<>();
    if (run.merged()) {
      return all;
    }
    LoadPlan plan = run.plan();
    List<PhaseResult> judged = new ArrayList<>();
    for (PhaseResult p : run.phases()) {
      long length = p.durationNanos();
      if (length >= minLength.toNanos() && length > 0 && steady(plan, p)) {
        judged.add(p);
      }
    }
    // Every judged phase's two windows read together: one reading of the recording for them all.
    int n = 2 * judged.size();
    int[] phase = new int[n];
    long[] from = new long[n];
    long[] to = new long[n];
    for (int i = 0; i < judged.size(); i++) {
      PhaseResult p = judged.get(i);
      long window = windowNanos(p.durationNanos());
      phase[2 * i] = phase[2 * i + 1] = p.phase().index();
      from[2 * i] = p.startNanos();
      from[2 * i + 1] = p.startNanos() + p.durationNanos() - window;
      to[2 * i] = from[2 * i] + window;
      to[2 * i + 1] = from[2 * i + 1] + window;
    }
    Window[] windows = n == 0 ? new Window[0] : windows(run.recording(), phase, from, to);
    for (int i = 0; i < judged.size(); i++) {
      PhaseResult p = judged.get(i);
      all.add(
          new Drift(
              p.phase().name(),
              p.phase().index(),
              to[2 * i] - from[2 * i],
              from[2 * i],
              from[2 * i + 1],
              windows[2 * i],
              windows[2 * i + 1]));
    }
    return all;
  }

  /** Whether the phase's target load held from its start to its end: a phase, not a ramp. */
  private static boolean steady(LoadPlan plan, PhaseResult p) {
    Stage stage = plan.stage(p.phase());
    return stage == null || stage.from() == stage.to();
  }

  /** The figures of phase {@code phase}'s requests sent in [{@code from}, {@code to}). */
  public static Window window(LatencyRecorder recording, int phase, long from, long to) {
    return windows(recording, new int[] {phase}, new long[] {from}, new long[] {to})[0];
  }

  /**
   * The figures of each window {@code w}: phase {@code phase[w]}'s requests sent in [{@code
   * from[w]}, {@code to[w]}), all read in the same passes.
   */
  private static Window[] windows(LatencyRecorder recording, int[] phase, long[] from, long[] to) {
    int n = phase.length;
    long[] errors = new long[n];
    ExactRanks counted =
        ExactRanks.count(n, sink -> windows(recording, phase, from, to, sink, errors));
    long[][] ranks = new long[n][];
    boolean any = false;
    for (int w = 0; w < n; w++) {
      long ok = counted.count(w);
      ranks[w] = ok == 0 ? null : LatencyStats.ranks(ok);
      any |= ok > 0;
    }
    long[][] at =
        any
            ? counted.find(ranks, sink -> windows(recording, phase, from, to, sink, null)).at()
            : new long[n][0];
    Window[] out = new Window[n];
    for (int w = 0; w < n; w++) {
      out[w] =
          new Window(
              LatencyStats.of(counted, w, at[w]),
              counted.count(w),
              errors[w],
              (to[w] - from[w]) / 1e9);
    }
    return out;
  }

  /**
   * Hands the latency of each successful request of each window to {@code sink}, in the window's
   * group; with {@code errors}, counts the others there.
   */
  private static void windows(
      LatencyRecorder recording,
      int[] phase,
      long[] from,
      long[] to,
      ExactRanks.Sink sink,
      long[] errors) {
    recording.each(
        (rec, k) -> {
          int p = RecordLayout.phase(rec.timeWord(k));
          long sent = rec.startNanos(k);
          for (int w = 0; w < phase.length; w++) {
            if (phase[w] != p || sent < from[w] || sent >= to[w]) {
              continue;
            }
            if (Outcome.ok(rec.outcome(k))) {
              sink.add(w, rec.hasIntendedStarts() ? rec.correctedNanos(k) : rec.latencyNanos(k));
            } else if (errors != null) {
              errors[w]++;
            }
          }
        });
  }
}
