package io.phaseload.client.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoadPlanTest {

  @ParameterizedTest(name = "{0} threads -> {1},{2},{3},{4}")
  @CsvSource({
    "1, 1, 1, 1, 1",
    "3, 1, 1, 3, 1",
    "10, 1, 5, 10, 2",
    "20, 2, 10, 20, 5",
    "255, 25, 127, 255, 63",
    "1000, 100, 500, 1000, 250",
    "10000, 1000, 5000, 10000, 2500"
  })
  void phaseThreadsAreTheFloorOfEachFractionAndAtLeastOne(
      int threads, int warmup, int load, int peak, int cooldown) {
    LoadPlan plan = LoadPlan.standard(threads, 1);

    assertEquals(
        List.of(warmup, load, peak, cooldown), plan.phases().stream().map(Phase::threads).toList());
    assertEquals(
        List.of("WARMUP", "LOADING", "PEAK", "COOLDOWN"),
        plan.phases().stream().map(Phase::name).toList());
    assertEquals(peak, plan.peakThreads());
  }

  @Test
  void requestCountsFollowThePhaseRule() {
    assertEquals(7_400, LoadPlan.standard(20, 100).totalRequests());
    assertEquals(94_000, LoadPlan.standard(255, 100).totalRequests());
    assertEquals(370_000, LoadPlan.standard(10_000, 10).totalRequests());
    assertEquals(37_000_000, LoadPlan.standard(1000, 10_000).totalRequests());
    LoadPlan plan = LoadPlan.standard(20, 100);
    assertEquals(400, plan.requests(plan.phases().get(0)));
    assertEquals(4000, plan.requests(plan.phases().get(2)));
  }

  @Test
  void customPhasesRunInOrderWithNeutralNames() {
    LoadPlan single = LoadPlan.of(50, 10, List.of(1.0));
    assertEquals(1, single.phases().size());
    assertEquals("PHASE1", single.phases().get(0).name());
    assertEquals(1000, single.totalRequests());

    LoadPlan ramp = LoadPlan.of(10, 1, List.of(0.3, 0.7, 1.0));
    assertEquals(List.of(3, 7, 10), ramp.phases().stream().map(Phase::threads).toList());
  }

  @Test
  void rejectsNonsenseWithAReadableMessage() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LoadPlan.standard(0, 1));
    assertEquals("THREADS must be at least 1, got 0", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> LoadPlan.standard(1, 0));
    assertEquals("ITERATIONS must be at least 1, got 0", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> LoadPlan.of(1, 1, List.of(1.5)));
    assertThrows(IllegalArgumentException.class, () -> LoadPlan.of(1, 1, List.of(0.0)));
    assertThrows(IllegalArgumentException.class, () -> LoadPlan.of(1, 1, List.of()));
  }
}
