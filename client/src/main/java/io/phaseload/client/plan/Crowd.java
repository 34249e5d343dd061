package io.phaseload.client.plan;

import java.util.List;

/**
 * A plan's users, as its {@link Model} reads them: who they are, how many run in each phase, and
 * the shard's share; {@link LoadPlan} is one. The model gets this, not the plan, so that the plan
 * depends on its model and not the other way round. Immutable.
 */
public interface Crowd {

  /** THREADS: the users of a phase of fraction 1, or the cap on arrivals in flight. */
  int threads();

  /** The phases, in order. */
  List<Phase> phases();

  /** How many iterations each closed-model user runs (at most, through stages). */
  int iterations();

  /** The kinds of user, in order. */
  List<Population> populations();

  /** The share of the plan this generator runs. */
  Shard shard();

  /** This generator's threads in {@code phase}, over every population. */
  int threads(Phase phase);

  /** This generator's users of population {@code p} in {@code phase}. */
  int users(Phase phase, int p);

  /** Population {@code p}'s users in {@code phase} of the whole plan. */
  int wholeUsers(Phase phase, int p);

  /**
   * The run-wide number of this generator's first user of population {@code p} in {@code phase}.
   */
  int firstUser(Phase phase, int p);
}
