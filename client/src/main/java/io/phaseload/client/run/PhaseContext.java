package io.phaseload.client.run;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.LatencyRecorder;

/**
 * What a phase's users share of their run: the plan and the phase, where they record, whether the
 * run stops, and the seed their variables draw from. Immutable; its parts are thread-safe as {@link
 * PhaseRunner} documents.
 *
 * @param gaps where users leave their response-to-send gaps and think time, one table per phase
 * @param flow what each request needs of its user's session, and the pause after it
 * @param runStart the run's start on its clock: recorded times are offsets from it
 * @param usersBefore the whole plan's users in the phases before this one (closed model)
 * @param start when the phase began, on the run's clock: set once every user is ready, before any
 *     asks what to do
 * @param phaseNames every phase's name as requests render it, by index
 */
record PhaseContext(
    LoadPlan plan,
    Phase phase,
    LatencyRecorder recorder,
    RunStop stop,
    SendGaps[] gaps,
    Flow flow,
    long seed,
    long runStart,
    long usersBefore,
    Start start,
    byte[][] phaseNames) {

  /** When a phase began; written once by the run's thread, read by the users'. */
  static final class Start {
    private volatile long at;

    void set(long nanos) {
      at = nanos;
    }

    long at() {
      return at;
    }
  }

  /** Where users leave their gaps and think time of phase {@code index}. */
  SendGaps gaps(int index) {
    return gaps[index];
  }

  /**
   * The variables of the phase's user {@code unit} of population {@code population}, numbered as in
   * one run of the whole plan: a shard's users draw and render what the same users of one generator
   * would, so that the shards together send what one run sends.
   */
  Vars vars(int population, int unit) {
    Vars vars =
        new Vars(
            plan.user(phase, population, unit),
            phase.name(),
            phase.index(),
            seed,
            flow.sessionSize);
    vars.data(flow.data);
    return vars;
  }

  /** The run-wide number of the phase's user {@code unit} of population {@code population}. */
  long user(int population, int unit) {
    return usersBefore + plan.user(phase, population, unit);
  }

  /**
   * The run-wide number of population {@code population}'s first arrival in phase {@code index}, of
   * the whole plan: its arrival i is this + i.
   */
  long firstArrival(int index, int population) {
    long before = 0;
    for (Phase p : plan.phases().subList(0, index)) {
      before += plan.wholeArrivals(p);
    }
    for (int q = 0; q < population; q++) {
      before += plan.wholeArrivals(plan.phases().get(index), q);
    }
    return before;
  }
}
