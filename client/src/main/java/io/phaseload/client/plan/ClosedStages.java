package io.phaseload.client.plan;

import java.util.List;

/**
 * The closed model's stages of users ({@code --stages 10s:20,30s:20}), a phase each: one set of
 * users runs through all of them, each user keeping its connection and session from one stage to
 * the next; users start and stop spread over each stage ({@link Stage#startNanos}, {@link
 * Stage#stopNanos}), each iterating until its stage stops it, ITERATIONS at most. Immutable.
 *
 * @param stages the load shape in users, at least one stage
 */
public record ClosedStages(List<Stage> stages) implements ClosedModel {

  public ClosedStages {
    if (stages == null || stages.isEmpty()) {
      throw new IllegalArgumentException("stages of users need at least one stage");
    }
    stages = List.copyOf(stages);
  }

  /**
   * The plan of {@code stages} of users, one phase each, named STAGE1, STAGE2, ...
   *
   * @throws IllegalArgumentException if a stage wants more users than THREADS
   */
  public static LoadPlan plan(
      int threads, int iterations, List<Stage> stages, List<String> requestNames) {
    Phase[] phases = new Phase[stages.size()];
    for (int i = 0; i < phases.length; i++) {
      int users = stages.get(i).users();
      if (users > threads) {
        throw new IllegalArgumentException(
            "--stages: stage "
                + (i + 1)
                + " wants "
                + users
                + " users, more than THREADS ("
                + threads
                + "), which caps them");
      }
      phases[i] = new Phase(i, "STAGE" + (i + 1), users / (double) threads, users);
    }
    return new LoadPlan(
        threads, iterations, List.of(phases), requestNames, new ClosedStages(stages));
  }

  @Override
  public String describe() {
    return "closed, stages " + Words.stages(stages, false);
  }

  /** Its targets drive it. */
  @Override
  public String title(Crowd plan) {
    return "closed model, " + Words.stagesInShort(stages, false);
  }

  @Override
  public boolean runsThrough() {
    return true;
  }

  /** The stage's length. */
  @Override
  public long scheduleNanos(Crowd plan, Phase phase) {
    return stages.get(phase.index()).length().toNanos();
  }

  @Override
  public long scheduleMillis(Crowd plan, Phase phase) {
    return stages.get(phase.index()).length().toMillis();
  }

  /** The busiest stage's: the same users go on from stage to stage. */
  @Override
  public long wholeUsersOfRun(Crowd plan) {
    long most = 0;
    for (Phase phase : plan.phases()) {
      long users = 0;
      for (int p = 0; p < plan.populations().size(); p++) {
        users += plan.wholeUsers(phase, p);
      }
      most = Math.max(most, users);
    }
    return most;
  }

  /** The stage's target at that moment, the shard's share. */
  @Override
  public double usersAt(Crowd plan, Phase phase, long nanos) {
    return stages.get(phase.index()).at(nanos) / plan.shard().count();
  }

  /**
   * Stages of users are shared out by number, user k to shard k mod N, so that a user is on the
   * same shard in every stage.
   */
  @Override
  public int user(Crowd plan, Phase phase, int p, int unit) {
    return plan.shard().index() + unit * plan.shard().count();
  }
}
