package io.phaseload.client.plan;

/**
 * The closed model's phases: each phase runs its fraction of THREADS, each user ITERATIONS back to
 * back, and the next phase starts once they are all done. Immutable.
 */
public record ClosedPhases() implements ClosedModel {

  /** The one closed model of phases. */
  public static final ClosedPhases INSTANCE = new ClosedPhases();

  @Override
  public boolean runsThrough() {
    return false;
  }

  /** 0: a phase lasts as long as its users take. */
  @Override
  public long scheduleNanos(Crowd plan, Phase phase) {
    return 0;
  }

  /** The phase's threads, all the while. */
  @Override
  public double usersAt(Crowd plan, Phase phase, long nanos) {
    return plan.threads(phase);
  }
}
