package io.phaseload.client.run;

import io.phaseload.client.engine.User;

/**
 * A {@link User} of a drive that runs through all of a plan's phases ({@link
 * io.phaseload.client.plan.LoadPlan#runsThrough}), which the run's thread watches to tell when
 * every user has left a phase.
 */
interface PhasedUser extends User {

  /**
   * The phase the user records in or waits for; the number of phases once it is done. It only
   * grows, and each user leaves a phase's gaps and think time in its table before it moves on.
   */
  int phaseNow();
}
