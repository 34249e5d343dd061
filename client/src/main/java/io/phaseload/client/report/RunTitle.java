package io.phaseload.client.report;

import io.phaseload.client.plan.Durations;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenModel;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Stage;
import java.time.Duration;

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
    if (plan.model() instanceof OpenModel open) {
      String load;
      if (!open.stages().isEmpty()) {
        load = stages(plan, true);
      } else {
        long arrivals = 0;
        boolean whole = true;
        for (Phase p : plan.phases()) {
          arrivals += plan.wholeArrivals(p);
          whole &= p.fraction() == 1;
        }
        load =
            number(open.rate())
                + " arrivals/s"
                + (whole ? "" : " at 100 %")
                + ", "
                + arrivals
                + (arrivals == 1 ? " arrival" : " arrivals");
      }
      return "open model, " + load + ", " + threads(plan.threads());
    }
    if (!plan.stages().isEmpty()) {
      return "closed model, " + stages(plan, false);
    }
    int n = plan.iterations();
    return "closed model, "
        + threads(plan.threads())
        + " x "
        + n
        + (n == 1 ? " iteration" : " iterations");
  }

  /**
   * The stages in short, "3 stages over 15s up to 400/s": a title has room for a few words, and the
   * stages themselves are listed where the run's settings are.
   */
  private static String stages(LoadPlan plan, boolean rates) {
    Duration length = Duration.ZERO;
    double peak = 0;
    for (Stage s : plan.stages()) {
      length = length.plus(s.length());
      peak = Math.max(peak, Math.max(s.from(), s.to()));
    }
    int n = plan.stages().size();
    return n
        + (n == 1 ? " stage over " : " stages over ")
        + Durations.format(length)
        + " up to "
        + number(peak)
        + (rates ? "/s" : peak == 1 ? " user" : " users");
  }

  private static String threads(int n) {
    return n + (n == 1 ? " thread" : " threads");
  }

  /** 80 for 80.0, 0.5 for 0.5. */
  private static String number(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
