package io.phaseload.client.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Spacing;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A phase's arrivals come in runs of {@link Arrivals#RUN}, which together are the phase's schedule:
 * every arrival once, in order, each due when the phase's pacer says, with the phase's cap on the
 * arrivals in flight and the run-wide number of its first arrival.
 */
class ArrivalsTest {

  @Test
  void runsTogetherAreThePhasesSchedule() {
    // 1,000/s for 2.5 s at 100 %: 2,500 arrivals; the first phase's 10 % of them, 250.
    LoadPlan plan =
        LoadPlan.of(40, 1, List.of(0.1, 1.0))
            .withModel(new OpenPhases(1000, Duration.ofMillis(2500), Spacing.UNIFORM));
    Phase second = plan.phases().get(1);
    List<Arrivals> runs = Arrivals.of(plan, second, 0, 7, 250);
    assertEquals(3, runs.size());
    Pacer pacer = Pacer.of(plan, second, 0, 7);
    long expected = 0;
    for (Arrivals run : runs) {
      assertEquals(1, run.phase);
      assertEquals(40, run.cap);
      assertEquals(250, run.runFirst);
      assertEquals(expected, run.first);
      run.start(1_000);
      for (long i = run.take(); i < run.count(); i = run.take()) {
        assertEquals(1_000 + pacer.offsetNanos(expected), run.due(i), "arrival " + expected);
        expected++;
      }
    }
    assertEquals(2500, expected, "every arrival once");
    assertEquals(List.of(1024L, 1024L, 452L), runs.stream().map(Arrivals::count).toList());
    assertEquals(4, Arrivals.of(plan, plan.phases().get(0), 0, 7, 0).get(0).cap);
  }
}
