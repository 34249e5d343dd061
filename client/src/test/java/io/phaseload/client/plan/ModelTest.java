package io.phaseload.client.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each load model's arithmetic, with answers worked by hand: its users and arrivals per phase, its
 * rate at a moment, its schedule, its share per population and per shard.
 */
class ModelTest {

  private static final long SECOND = 1_000_000_000L;

  /** Two populations of one request each, weighted 3:1. */
  private static List<Population> threeToOne() {
    return List.of(
        new Population("a", new Population.Weight(3), 0, 0, 1, 0),
        new Population("b", new Population.Weight(1), 1, 0, 1, 0));
  }

  @Test
  void closedPhasesRunTheirFractionOfThreadsEachUserItsIterations() {
    LoadPlan plan = LoadPlan.of(10, 3, List.of(0.5, 1.0));
    Phase half = plan.phases().get(0);

    assertEquals(ClosedPhases.INSTANCE, plan.model());
    assertFalse(plan.model().runsThrough());
    assertFalse(plan.model().schedulesArrivals());
    assertEquals(5, plan.threads(half));
    assertEquals(15, plan.arrivals(half));
    assertEquals(30, plan.arrivals(plan.phases().get(1)));
    assertEquals(5, plan.units(half, 0));
    assertEquals(6, plan.perUnit(0)); // 3 iterations of GET and POST
    assertEquals(5.0, plan.usersAt(half, 7 * SECOND));
    assertEquals(0.0, plan.rateAt(half, 0));
    assertEquals(0, plan.scheduledStartNanos(1));
    // A shard runs its share of each phase's users: 5 users over 2 shards are 3 and 2.
    assertEquals(3, plan.sharded(new Shard(0, 2)).threads(half));
    assertEquals(2, plan.sharded(new Shard(1, 2)).threads(half));
    assertEquals(3, plan.sharded(new Shard(1, 2)).user(half, 0, 0)); // users 3 and 4
  }

  @Test
  void closedPhasesShareUsersAmongPopulationsByLargestRemainder() {
    LoadPlan plan =
        LoadPlan.of(10, 2, List.of(1.0), List.of("a", "b")).withPopulations(threeToOne());
    Phase phase = plan.phases().get(0);

    assertEquals(8, plan.wholeUsers(phase, 0)); // 7.5 and 2.5: the first wins the tie
    assertEquals(2, plan.wholeUsers(phase, 1));
    assertEquals(20, plan.wholeArrivals(phase));
  }

  @Test
  void closedStagesMoveTheirUsersLinearlyAndShareThemOutByNumber() {
    List<Stage> stages = Stage.parse("10s:20,30s:20").stages();
    LoadPlan plan = ClosedStages.plan(20, 5, stages, List.of("GET"));
    Phase rise = plan.phases().get(0);

    assertEquals(new ClosedStages(stages), plan.model());
    assertTrue(plan.model().runsThrough());
    assertFalse(plan.model().schedulesArrivals());
    assertEquals(20, plan.threads(rise));
    assertEquals(10.0, plan.usersAt(rise, 5 * SECOND));
    assertEquals(5.0, plan.sharded(new Shard(1, 2)).usersAt(rise, 5 * SECOND));
    assertEquals(10 * SECOND, plan.scheduledStartNanos(1));
    assertEquals(0.0, plan.rateAt(rise, 5 * SECOND));
    // User k runs on shard k mod N, the same in every stage.
    assertEquals(7, plan.sharded(new Shard(1, 2)).user(rise, 0, 3));
    assertEquals(7, plan.sharded(new Shard(1, 2)).user(plan.phases().get(1), 0, 3));
    assertEquals(20, plan.peakThreads());
  }

  @Test
  void openPhasesHoldTheirFractionOfTheRate() {
    LoadPlan plan =
        LoadPlan.of(10, 3, List.of(0.5, 1.0))
            .withModel(new OpenPhases(100, Duration.ofSeconds(2), Spacing.UNIFORM));
    Phase half = plan.phases().get(0);
    Phase full = plan.phases().get(1);

    assertTrue(plan.model().runsThrough());
    assertTrue(plan.model().schedulesArrivals());
    assertEquals(100, plan.arrivals(half)); // 100/s x 0.5 x 2 s
    assertEquals(200, plan.arrivals(full));
    assertEquals(50.0, plan.wholeRate(half));
    assertEquals(50.0, plan.rateAt(half, 0));
    assertEquals(50.0, plan.rateAt(half, 2 * SECOND));
    assertEquals(new Ramp(50, 50, SECOND, Spacing.UNIFORM), plan.ramp(half, 0));
    assertEquals(2 * SECOND, plan.scheduledStartNanos(1));
    assertEquals(2, plan.perUnit(0)); // one iteration: GET and POST
    assertEquals(5.0, plan.usersAt(half, 0)); // the cap on arrivals in flight
    // Shard s of 3 runs arrivals s, s + 3, ...: 67, 67 and 66 of 200, at a third of the rate.
    assertEquals(67, plan.sharded(new Shard(1, 3)).arrivals(full));
    assertEquals(66, plan.sharded(new Shard(2, 3)).arrivals(full));
    assertEquals(100 / 3.0, plan.sharded(new Shard(2, 3)).rateAt(full, 0));
  }

  @Test
  void openPhasesWithoutALengthRunTheClosedCountOfIterations() {
    LoadPlan plan =
        LoadPlan.of(10, 3, List.of(0.5)).withModel(new OpenPhases(20, null, Spacing.POISSON));
    Phase half = plan.phases().get(0);

    assertEquals(15, plan.arrivals(half)); // 5 threads x 3 iterations
    assertEquals(15 * SECOND / 10, plan.model().scheduleNanos(plan, half)); // at 10/s
  }

  @Test
  void openStagesRampTheirRateAndSplitItAmongWeightedPopulations() {
    List<Stage> stages = Stage.parse("5s:400/s,10s:400/s").stages();
    LoadPlan plan =
        OpenStages.plan(8, stages, Spacing.UNIFORM, List.of("a", "b"))
            .withPopulations(threeToOne());
    Phase rise = plan.phases().get(0);
    Phase hold = plan.phases().get(1);

    assertEquals(new OpenStages(stages, Spacing.UNIFORM), plan.model());
    assertEquals(400.0, ((OpenStages) plan.model()).rate());
    assertEquals(1000, plan.wholeArrivals(rise)); // 0 to 400/s over 5 s
    assertEquals(750, plan.wholeArrivals(rise, 0));
    assertEquals(250, plan.wholeArrivals(rise, 1));
    assertEquals(4000, plan.wholeArrivals(hold));
    assertEquals(5 * SECOND, plan.scheduledStartNanos(1));
    assertEquals(new Ramp(0, 300, 5 * SECOND, Spacing.UNIFORM), plan.ramp(rise, 0));
    assertEquals(new Ramp(0, 100, 5 * SECOND, Spacing.UNIFORM), plan.ramp(rise, 1));
    assertEquals(0.0, plan.rateAt(rise, 0));
    assertEquals(200.0, plan.rateAt(rise, 5 * SECOND / 2));
    assertEquals(400.0, plan.rateAt(rise, 5 * SECOND));
    assertEquals(100.0, plan.sharded(new Shard(0, 4)).rateAt(hold, 0));
    assertEquals(200.0, plan.wholeRate(rise)); // the mean: 1000 arrivals over 5 s
    assertEquals(188 + 63, plan.sharded(new Shard(0, 4)).arrivals(rise)); // of 750 and of 250
  }

  @Test
  void aFixedRatePopulationKeepsItsRateThroughAStage() {
    List<Stage> stages = Stage.parse("4s:100/s").stages();
    List<Population> populations =
        List.of(
            new Population("w", Population.ALL, 0, 0, 1, 0),
            new Population("r", new Population.Rate(5, 2), 1, 0, 1, 0));
    LoadPlan plan =
        OpenStages.plan(8, stages, Spacing.UNIFORM, List.of("a", "b")).withPopulations(populations);
    Phase rise = plan.phases().get(0);

    assertEquals(new Ramp(5, 5, SECOND, Spacing.UNIFORM), plan.ramp(rise, 1));
    assertEquals(20, plan.wholeArrivals(rise, 1)); // 5/s over 4 s
    assertEquals(200, plan.wholeArrivals(rise, 0)); // 0 to 100/s over 4 s
    assertEquals(55.0, plan.rateAt(rise, 2 * SECOND)); // 50/s of the stage and the 5/s
    assertEquals(2, plan.users(rise, 1)); // its cap
  }

  @Test
  void eachModelSaysItselfInWordsAsTheReportsDo() {
    assertEquals("closed", ClosedPhases.INSTANCE.describe());
    assertEquals(
        "closed, stages 4s 0 users to 40 users; 2s at 40 users; 2s 40 users to 0 users",
        new ClosedStages(Stage.parse("4s:40,2s:40,2s:0").stages()).describe());
    assertEquals(
        "open, 2000.0 arrivals/s at 100% (uniform)",
        new OpenPhases(2000, null, Spacing.UNIFORM).describe());
    assertEquals(
        "open, stages 5s 0/s to 400/s; 5s at 400/s; 5s 400/s to 0/s (poisson)",
        new OpenStages(Stage.parse("5s:400/s,5s:400/s,5s:0/s").stages(), Spacing.POISSON)
            .describe());
  }

  @Test
  void eachModelTitlesARunWithWhatDrivesIt() {
    LoadPlan plan = LoadPlan.of(4, 10, List.of(0.5, 1.0));
    assertEquals("closed model, 4 threads x 10 iterations", plan.model().title(plan));
    LoadPlan open = plan.withModel(new OpenPhases(200, Duration.ofSeconds(1), Spacing.UNIFORM));
    assertEquals(
        "open model, 200 arrivals/s at 100 %, 300 arrivals, 4 threads", open.model().title(open));
    LoadPlan ramp =
        OpenStages.plan(
            40, Stage.parse("3s:1000/s,5s:3000/s").stages(), Spacing.UNIFORM, List.of("GET"));
    assertEquals("open model, 2 stages over 8s up to 3000/s, 40 threads", ramp.model().title(ramp));
  }

  @Test
  void eachModelsScheduleLastsItsArrivalsAtItsRateOrItsStage() {
    LoadPlan closed = LoadPlan.of(10, 3, List.of(0.5));
    Phase half = closed.phases().get(0);
    assertEquals(0, closed.model().scheduleMillis(closed, half));
    LoadPlan open = closed.withModel(new OpenPhases(100, Duration.ofSeconds(2), Spacing.UNIFORM));
    assertEquals(2000, open.model().scheduleMillis(open, half)); // 100 arrivals at 50/s
    LoadPlan shard = open.sharded(new Shard(0, 3));
    assertEquals(2040, shard.model().scheduleMillis(shard, half)); // 34 at 50/3 per second
    LoadPlan users = ClosedStages.plan(20, 5, Stage.parse("10s:20").stages(), List.of("GET"));
    assertEquals(10_000, users.model().scheduleMillis(users, users.phases().get(0)));
  }

  @Test
  void eachModelCreatesItsUsers() {
    LoadPlan closed = LoadPlan.of(10, 3, List.of(0.5, 1.0));
    assertEquals(15, closed.model().wholeUsersOfRun(closed)); // 5 and then 10
    LoadPlan users = ClosedStages.plan(20, 5, Stage.parse("10s:20,5s:8").stages(), List.of("GET"));
    assertEquals(20, users.model().wholeUsersOfRun(users)); // the same 20 go on
    LoadPlan open = closed.withModel(new OpenPhases(100, Duration.ofSeconds(2), Spacing.UNIFORM));
    assertEquals(300, open.model().wholeUsersOfRun(open)); // every arrival: 100 and 200
  }

  @Test
  void aShardsUnitsAreABlockOfUsersOrEveryCountthArrivalOfTheWholeRun() {
    LoadPlan closed = LoadPlan.of(10, 3, List.of(1.0));
    Phase phase = closed.phases().get(0);
    // Shard 1 of 3 runs users 4, 5 and 6 of 10 (4 + 3 + 3).
    assertEquals(6, closed.sharded(new Shard(1, 3)).wholeUnit(phase, 0, 2));
    LoadPlan open = closed.withModel(new OpenPhases(100, Duration.ofSeconds(2), Spacing.UNIFORM));
    // Shard 1 of 3 runs arrivals 1, 4, 7, ...
    assertEquals(7, open.sharded(new Shard(1, 3)).wholeUnit(phase, 0, 2));
    assertEquals(2, open.wholeUnit(phase, 0, 2));
  }
}
