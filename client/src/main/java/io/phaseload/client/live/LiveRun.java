package io.phaseload.client.live;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.RecordLayout;

/**
 * The run a live output is opened for, before it starts.
 *
 * @param plan what runs: its phases, requests and load model
 * @param title the run's title, as the live page shows it
 * @param commandLine the command that runs, as the page quotes it
 */
public record LiveRun(LoadPlan plan, String title, String commandLine) {

  /**
   * Whether its requests have intended starts, as its recording will ({@link
   * RecordLayout#keepsIntendedStarts}): arrivals scheduled at a rate, whose lateness and rate
   * target an output shows, and whose latencies have service times beside them; otherwise users run
   * back to back, and an output shows how many run against their target.
   */
  public boolean scheduled() {
    return RecordLayout.keepsIntendedStarts(plan);
  }
}
