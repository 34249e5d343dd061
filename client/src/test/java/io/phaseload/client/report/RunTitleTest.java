package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.plan.ClosedStages;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.OpenStages;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.plan.Stage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A title says what drove the run: THREADS x ITERATIONS only in the closed model's phases; the open
 * model's rate or stages, and the stages of users, otherwise. Never the fractions the plan derives
 * from stages.
 */
class RunTitleTest {

  private static final List<String> GET = List.of("GET");

  @Test
  void closedPhasesAreThreadsTimesIterations() {
    assertEquals(
        "closed model, 20 threads x 100 iterations", RunTitle.of(LoadPlan.standard(20, 100)));
    assertEquals(
        "closed model, 1 thread x 1 iteration", RunTitle.of(LoadPlan.of(1, 1, List.of(1.0))));
  }

  @Test
  void stagesOfUsersAreTheirTargets() {
    List<Stage> stages = Stage.parse("1s:4,1s:0").stages();
    assertEquals(
        "closed model, 2 stages over 2s up to 4 users",
        RunTitle.of(ClosedStages.plan(4, 1000, stages, GET)));
  }

  @Test
  void theOpenModelIsItsRateOrItsStagesNeverIterations() {
    LoadPlan rate =
        LoadPlan.of(4, 1, List.of(1.0), GET)
            .withModel(new OpenPhases(200, Duration.ofSeconds(1), Spacing.UNIFORM));
    assertEquals("open model, 200 arrivals/s, 200 arrivals, 4 threads", RunTitle.of(rate));

    LoadPlan phases =
        LoadPlan.of(40, 5, List.of(0.5, 1.0), GET)
            .withModel(new OpenPhases(100, null, Spacing.POISSON));
    assertEquals(
        "open model, 100 arrivals/s at 100 %, 300 arrivals, 40 threads", RunTitle.of(phases));

    List<Stage> stages = Stage.parse("3s:1000/s,5s:3000/s").stages();
    assertEquals(
        "open model, 2 stages over 8s up to 3000/s, 40 threads",
        RunTitle.of(OpenStages.plan(40, stages, Spacing.UNIFORM, GET)));
  }
}
