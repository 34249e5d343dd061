package io.phaseload.client.open;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.OpenStages;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Population;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.run.Pacer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Arrival times are a pure function of the index: exact, with no clock and no sleep. */
class PacerTest {

  @Test
  void uniformArrivalIsAtIndexOverRate() {
    Pacer p = Pacer.uniform(200);
    assertEquals(0, p.offsetNanos(0));
    assertEquals(5_000_000, p.offsetNanos(1));
    assertEquals(500_000_000, p.offsetNanos(100));
    assertEquals(5_000_000_000L, p.offsetNanos(1000));
    Pacer third = Pacer.uniform(3);
    assertEquals(333_333_333, third.offsetNanos(1));
    assertEquals(1_000_000_000, third.offsetNanos(3), "no drift: computed, never summed");
  }

  @Test
  void poissonIsSeededIncreasingAndHasTheRightMeanGap() {
    int n = 200_000;
    Pacer a = Pacer.poisson(1000, 42, n);
    Pacer b = Pacer.poisson(1000, 42, n);
    Pacer c = Pacer.poisson(1000, 43, n);
    long previous = -1;
    boolean differs = false;
    for (int i = 0; i < n; i++) {
      assertEquals(a.offsetNanos(i), b.offsetNanos(i), "same seed, same schedule");
      assertTrue(a.offsetNanos(i) >= previous, "arrival times never go back");
      previous = a.offsetNanos(i);
      differs |= a.offsetNanos(i) != c.offsetNanos(i);
    }
    assertTrue(differs, "another seed, another schedule");
    double meanGapMs = a.offsetNanos(n - 1) / 1e6 / (n - 1);
    assertEquals(1.0, meanGapMs, 0.01, "mean gap 1/rate");
  }

  @Test
  void phasesRunAtTheirFractionOfTheRateWithTheClosedModelsIterationsOrTheirLength() {
    LoadPlan plan = LoadPlan.standard(20, 10).withModel(new OpenPhases(400, null, Spacing.UNIFORM));
    assertEquals(
        List.of(40.0, 200.0, 400.0, 100.0), plan.phases().stream().map(plan::rate).toList());
    assertEquals(
        List.of(20L, 100L, 200L, 50L), plan.phases().stream().map(plan::arrivals).toList());
    assertEquals(2L * (20 + 100 + 200 + 50), plan.totalRequests());
    LoadPlan timed = plan.withModel(new OpenPhases(400, Duration.ofSeconds(3), Spacing.UNIFORM));
    assertEquals(
        List.of(120L, 600L, 1200L, 300L), timed.phases().stream().map(timed::arrivals).toList());
  }

  @Test
  void aRampsArrivalIIsWhereTheRatesIntegralReachesI() {
    // 0 to 400/s over 5 s: 40 t^2 arrivals by t seconds, 1,000 in all.
    Pacer up = Pacer.ramp(0, 400, 5);
    assertEquals(0, up.offsetNanos(0));
    assertEquals(500_000_000, up.offsetNanos(10), 1);
    assertEquals(2_500_000_000L, up.offsetNanos(250), 1);
    assertEquals(5_000_000_000L, up.offsetNanos(1000), 1);
    // 400/s down to 0 over 5 s: 400 t - 40 t^2 arrivals by t.
    Pacer down = Pacer.ramp(400, 0, 5);
    assertEquals(1_000_000_000L, down.offsetNanos(360), 1);
    assertEquals(5_000_000_000L, down.offsetNanos(1000), 1);
    long previous = -1;
    for (int i = 0; i <= 1000; i++) {
      assertTrue(up.offsetNanos(i) > previous, "never back, never twice at once");
      previous = up.offsetNanos(i);
    }
    assertEquals(Pacer.uniform(200).offsetNanos(77), Pacer.ramp(200, 200, 3).offsetNanos(77));
  }

  @Test
  void poissonArrivalsFollowARampingRate() {
    int n = 100_000;
    Pacer p = Pacer.poisson(0, 2000, 100, 7, n);
    long firstHalf = 0;
    for (int i = 0; i < n; i++) {
      if (p.offsetNanos(i) < 50_000_000_000L) {
        firstHalf++;
      }
    }
    // 10 t^2 arrivals by t: a quarter of them in the first half of the ramp.
    assertEquals(25_000, firstHalf, 500);
    assertEquals(100e9, p.offsetNanos(n - 1), 1e9, "the last near the ramp's end");
  }

  @Test
  void stagesArePhasesWithTheirIntegralAsArrivals() {
    LoadPlan plan =
        OpenStages.plan(
            10,
            Stage.parse("10s:100/s,20s:100/s,5s:0/s").stages(),
            Spacing.UNIFORM,
            List.of("GET"));
    assertEquals(List.of(500L, 2000L, 250L), plan.phases().stream().map(plan::arrivals).toList());
    assertEquals(List.of(50.0, 100.0, 50.0), plan.phases().stream().map(plan::rate).toList());
    assertEquals(List.of(10, 10, 10), plan.phases().stream().map(plan::threads).toList());
  }

  /**
   * The pacer spaces each population's arrivals by the ramp the plan's rateAt sums: over every
   * second of a stage of 0 to 400/s weighted 3:1, the first population's arrivals are the integral
   * of its 3/4 of the rate (60 t/s: 30, 90, 150, 210 and 270), and the two together the integral of
   * rateAt.
   */
  @Test
  void thePacersArrivalsAreTheIntegralOfTheRateTheChartsDraw() {
    LoadPlan plan =
        OpenStages.plan(
                8,
                List.of(new Stage(0, 400, Duration.ofSeconds(5))),
                Spacing.UNIFORM,
                List.of("a", "b"))
            .withPopulations(
                List.of(
                    new Population("a", new Population.Weight(3), 0, 0, 1, 0),
                    new Population("b", new Population.Weight(1), 1, 0, 1, 0)));
    Phase phase = plan.phases().get(0);
    long[] perSecond = new long[5];
    long[] both = new long[5];
    for (int p = 0; p < 2; p++) {
      Pacer pacer = Pacer.of(plan, phase, p, 1);
      for (long i = 0; i < plan.units(phase, p); i++) {
        int second = (int) (pacer.offsetNanos(i) / 1_000_000_000L);
        both[second]++;
        perSecond[second] += p == 0 ? 1 : 0;
      }
    }
    assertEquals(List.of(30L, 90L, 150L, 210L, 270L), Arrays.stream(perSecond).boxed().toList());
    for (int t = 0; t < 5; t++) {
      // rateAt is linear over the second: its integral is its value at the middle.
      double integral = plan.rateAt(phase, t * 1_000_000_000L + 500_000_000L);
      assertEquals(integral, both[t], 1, "second " + t);
    }
  }
}
