package io.phaseload.client.report;

import io.phaseload.client.plan.LoadPlan;

/**
 * What a run's plan asked for, in a few words, for the titles of its charts and pages: the model
 * and what drives it. THREADS x ITERATIONS drives only the closed model's phases; the open model is
 * driven by its rate or its stages (THREADS caps what is in flight), and stages of users by their
 * targets. Stateless.
 */
public final class RunTitle {

  private RunTitle() {}

  /**
   * "closed model, 20 threads x 100 iterations"; "closed model, stages 10s 0 users to 20 users; 30s
   * at 20 users"; "open model, 200 arrivals/s, 400 arrivals, 4 threads"; "open model, stages 3s 0/s
   * to 1000/s; 5s 1000/s to 3000/s, 40 threads".
   */
  public static String of(LoadPlan plan) {
    return plan.model().title(plan);
  }
}
