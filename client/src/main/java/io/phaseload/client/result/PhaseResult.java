package io.phaseload.client.result;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * When a phase ran, in nanoseconds since the run began.
 *
 * <p>A phase's time runs from its start gate opening to its last thread finishing. Before the gate
 * comes its setup: submitting its threads (which creates the platform threads the pool does not
 * have yet) and waiting until each has opened its session. Setup is part of the run's wall time but
 * of no phase's time, so wall = sum(setup + duration) over the phases, give or take the listeners.
 *
 * @param setupNanos time spent before the start gate opened (starting threads, opening sessions)
 * @param completed false if the run was stopped before the phase's threads finished
 * @param arrivals the open model's arrivals; null in the closed model, and in the result a {@link
 *     PhaseListener} is told of (they are counted once the run is over)
 * @param thinks the pauses the scenario's {@code think} made its users take (in no latency, and not
 *     the generator's delay)
 * @param thinkNanos their time, summed
 */
public record PhaseResult(
    Phase phase,
    long startNanos,
    long durationNanos,
    boolean completed,
    long setupNanos,
    ArrivalStats arrivals,
    long thinks,
    long thinkNanos) {

  /** A phase whose users did not think. */
  public PhaseResult(
      Phase phase,
      long startNanos,
      long durationNanos,
      boolean completed,
      long setupNanos,
      ArrivalStats arrivals) {
    this(phase, startNanos, durationNanos, completed, setupNanos, arrivals, 0, 0);
  }

  /** A closed-model phase. */
  public PhaseResult(
      Phase phase, long startNanos, long durationNanos, boolean completed, long setupNanos) {
    this(phase, startNanos, durationNanos, completed, setupNanos, null);
  }

  /**
   * {@code phases} of {@code plan}, each without arrivals given those {@code rec} holds, all
   * counted in one pass ({@link ArrivalStats#of}): what an open-model run does once it is over, and
   * the readers of a cut record and of a run's record.
   */
  public static List<PhaseResult> counted(
      List<PhaseResult> phases, LatencyRecorder rec, LoadPlan plan) {
    int n = plan.phases().size();
    long[] scheduled = new long[n];
    double[] rate = new double[n];
    long[] start = new long[n];
    Arrays.fill(scheduled, -1);
    for (PhaseResult r : phases) {
      if (r.arrivals() == null) {
        int p = r.phase().index();
        scheduled[p] = plan.arrivals(r.phase());
        rate[p] = plan.rate(r.phase());
        start[p] = r.startNanos();
      }
    }
    ArrivalStats[] counted = ArrivalStats.of(rec, scheduled, rate, start);
    List<PhaseResult> out = new ArrayList<>(phases);
    out.replaceAll(r -> r.arrivals() != null ? r : r.withArrivals(counted[r.phase().index()]));
    return out;
  }

  /** This phase with {@code counted} as its arrivals. */
  public PhaseResult withArrivals(ArrivalStats counted) {
    return new PhaseResult(
        phase, startNanos, durationNanos, completed, setupNanos, counted, thinks, thinkNanos);
  }

  /** A closed-model phase with no setup time recorded. */
  public PhaseResult(Phase phase, long startNanos, long durationNanos, boolean completed) {
    this(phase, startNanos, durationNanos, completed, 0, null);
  }
}
