package io.phaseload.client.live;

import io.phaseload.client.plan.LoadPlan;

/**
 * The run a live output is opened for, before it starts.
 *
 * @param plan what runs: its phases, requests and load model
 * @param title the run's title, as the live page shows it
 * @param commandLine the command that runs, as the page quotes it
 */
public record LiveRun(LoadPlan plan, String title, String commandLine) {}
