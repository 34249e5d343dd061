package io.phaseload.client.plan;

import java.util.Optional;

/**
 * The closed model's phases: each phase runs its fraction of THREADS, each user ITERATIONS back to
 * back, and the next phase starts once they are all done. Immutable.
 */
public record ClosedPhases() implements ClosedModel {

  /** The one closed model of phases. */
  public static final ClosedPhases INSTANCE = new ClosedPhases();

  @Override
  public String describe() {
    return "closed";
  }

  /** Nothing: the seeds' default goes without saying. */
  @Override
  public Optional<String> mention() {
    return Optional.empty();
  }

  /** THREADS x ITERATIONS drives it. */
  @Override
  public String title(Crowd plan) {
    int n = plan.iterations();
    return "closed model, "
        + Words.threads(plan.threads())
        + " x "
        + n
        + (n == 1 ? " iteration" : " iterations");
  }

  @Override
  public boolean runsThrough() {
    return false;
  }

  /** 0: a phase lasts as long as its users take. */
  @Override
  public long scheduleNanos(Crowd plan, Phase phase) {
    return 0;
  }

  @Override
  public long scheduleMillis(Crowd plan, Phase phase) {
    return 0;
  }

  /** Each phase's users, its own. */
  @Override
  public long wholeUsersOfRun(Crowd plan) {
    long users = 0;
    for (Phase phase : plan.phases()) {
      for (int p = 0; p < plan.populations().size(); p++) {
        users += plan.wholeUsers(phase, p);
      }
    }
    return users;
  }

  /** The phase's threads, all the while. */
  @Override
  public double usersAt(Crowd plan, Phase phase, long nanos) {
    return plan.threads(phase);
  }
}
