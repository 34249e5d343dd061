package io.phaseload.client.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.stats.LatencyStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The search on services that hold exactly up to a known rate (no clock, no network): where it
 * lands, how many steps it takes, and each way it stops; and the lateness of a hand-made recording.
 */
class CapacitySearchTest {

  private static final Duration STEP = Duration.ofSeconds(10);

  private static final int OK = Outcome.of(Outcome.OK, 200);

  private static Step step(double rate, Step.Verdict verdict) {
    return new Step(
        rate,
        rate,
        10,
        10,
        new Lateness(0, 0, 0, 1, 0),
        LatencyStats.EMPTY,
        LatencyStats.EMPTY,
        0,
        10,
        8,
        List.of(),
        verdict);
  }

  /** A service that holds every rate up to {@code limit}; records the rates it was asked for. */
  private static CapacitySearch.Steps upTo(double limit, List<Double> asked) {
    return (rate, length, judged) -> {
      if (judged) {
        asked.add(rate);
      }
      return step(rate, rate <= limit ? Step.Verdict.HELD : Step.Verdict.BROKE);
    };
  }

  private static CapacitySearch.Settings settings(double max, Duration budget) {
    return new CapacitySearch.Settings(10, max, STEP, Duration.ofSeconds(2), 0.05, 20, budget);
  }

  @ParameterizedTest
  @ValueSource(doubles = {437, 400, 10, 55.5, 12_345})
  void landsWithinFivePercentBelowTheLimit(double limit) throws Exception {
    List<Double> asked = new ArrayList<>();

    CapacitySearch.Result r =
        CapacitySearch.search(
            settings(Double.POSITIVE_INFINITY, null), upTo(limit, asked), () -> 0, () -> false);

    assertEquals(CapacitySearch.Stop.RESOLUTION, r.stop());
    assertTrue(r.rate() <= limit && r.rate() >= limit * 0.95 - 0.1, r.rate() + " for " + limit);
    assertTrue(r.broke().offered() > limit);
    assertTrue(r.broke().offered() - r.rate() <= 0.05 * r.rate() + 1, asked.toString());
    assertEquals(r.steps().size(), asked.size());
    assertTrue(asked.size() <= 2 * Math.log(limit / 10) / Math.log(2) + 8, asked.toString());
  }

  @Test
  void nothingHeldHalvesDownAndSaysSo() throws Exception {
    CapacitySearch.Result r =
        CapacitySearch.search(
            settings(Double.POSITIVE_INFINITY, null),
            upTo(1, new ArrayList<>()),
            () -> 0,
            () -> false);

    assertEquals(1, r.rate());
    assertEquals(10, r.steps().get(0).offered());
    assertEquals(5, r.steps().get(1).offered());
  }

  @Test
  void stopsAtTheMaxRate() throws Exception {
    List<Double> asked = new ArrayList<>();

    CapacitySearch.Result r =
        CapacitySearch.search(settings(100, null), upTo(1000, asked), () -> 0, () -> false);

    assertEquals(CapacitySearch.Stop.MAX_RATE, r.stop());
    assertEquals(List.of(10.0, 20.0, 40.0, 80.0, 100.0), asked);
    assertEquals(100, r.rate());
    assertNull(r.broke());
  }

  @Test
  void neverStartsAStepPastTheBudget() throws Exception {
    AtomicLong now = new AtomicLong();
    CapacitySearch.Steps steps =
        (rate, length, judged) -> {
          now.addAndGet(length.toNanos());
          return step(rate, Step.Verdict.HELD);
        };

    CapacitySearch.Result r =
        CapacitySearch.search(settings(1e9, Duration.ofSeconds(45)), steps, now::get, () -> false);

    // 2 s of warm-up, then steps of 10 s: the fifth would end at 52 s.
    assertEquals(CapacitySearch.Stop.BUDGET, r.stop());
    assertEquals(4, r.steps().size());
  }

  @Test
  void theGeneratorFallingBehindEndsTheSearch() throws Exception {
    CapacitySearch.Steps steps =
        (rate, length, judged) ->
            step(rate, rate < 40 ? Step.Verdict.HELD : Step.Verdict.GENERATOR);

    CapacitySearch.Result r =
        CapacitySearch.search(
            settings(Double.POSITIVE_INFINITY, null), steps, () -> 0, () -> false);

    assertEquals(CapacitySearch.Stop.GENERATOR, r.stop());
    assertEquals(20, r.rate());
    assertEquals(40, r.broke().offered());
  }

  /**
   * A service that holds up to 1,000/s, searched with 8 threads of 100 ms (80/s): every step over
   * 80/s is the cap's, and is run again with twice the threads until the service's own limit is
   * found, never the cap's.
   */
  @Test
  void aStepTheThreadsHeldBackIsRunAgainWithMoreThreads() throws Exception {
    int[] threads = {8};
    List<Integer> raisedFrom = new ArrayList<>();
    CapacitySearch.Steps steps =
        new CapacitySearch.Steps() {
          @Override
          public Step run(double rate, Duration length, boolean judged) {
            Step.Verdict v =
                rate > threads[0] * 10.0
                    ? Step.Verdict.THREADS
                    : rate <= 1000 ? Step.Verdict.HELD : Step.Verdict.BROKE;
            return step(rate, v);
          }

          @Override
          public boolean raiseThreads(Step limited) {
            raisedFrom.add(threads[0]);
            threads[0] *= 2;
            return true;
          }
        };

    CapacitySearch.Result r =
        CapacitySearch.search(
            settings(Double.POSITIVE_INFINITY, null), steps, () -> 0, () -> false);

    assertEquals(CapacitySearch.Stop.RESOLUTION, r.stop());
    assertTrue(r.rate() >= 950 && r.rate() <= 1000, "capacity " + r.rate());
    assertEquals(Step.Verdict.BROKE, r.broke().verdict());
    assertEquals(List.of(8, 16, 32, 64), raisedFrom);
    assertEquals(
        raisedFrom.size(),
        r.steps().stream().filter(st -> st.verdict() == Step.Verdict.THREADS).count());
  }

  @Test
  void theThreadsCapEndsTheSearchWhenItCannotBeRaised() throws Exception {
    CapacitySearch.Steps steps =
        (rate, length, judged) -> step(rate, rate <= 80 ? Step.Verdict.HELD : Step.Verdict.THREADS);

    CapacitySearch.Result r =
        CapacitySearch.search(
            settings(Double.POSITIVE_INFINITY, null), steps, () -> 0, () -> false);

    assertEquals(CapacitySearch.Stop.THREADS, r.stop());
    assertEquals(80, r.rate());
    assertEquals(160, r.broke().offered());
    assertTrue(r.broke().clientLimited());
  }

  @Test
  void lateWithEveryThreadBusyIsTheCapsWhenTheServiceKeptItsTime() {
    Lateness busy = new Lateness(300, 290, 10, 40, 20_000_000);

    assertEquals(Step.Verdict.THREADS, Step.verdict(false, busy, 1000, () -> true));
    // The service's time broke the SLOs too: its own queue.
    assertEquals(Step.Verdict.BROKE, Step.verdict(false, busy, 1000, () -> false));
    // A few late arrivals are noise, not a limit.
    assertEquals(
        Step.Verdict.BROKE,
        Step.verdict(false, new Lateness(5, 5, 0, 40, 20_000_000), 1000, () -> true));
    assertEquals(Step.Verdict.HELD, Step.verdict(true, busy, 1000, () -> true));
  }

  @Test
  void theThreadsNeededAreTwiceLittlesLaw() {
    // 3,200/s of iterations holding a thread 20 ms each: 64 in flight on average, 128 with room.
    Lateness late = new Lateness(300, 290, 10, 40, 20_000_000);
    Step limited =
        new Step(
            3200,
            1950,
            6400,
            3900,
            late,
            LatencyStats.EMPTY,
            LatencyStats.EMPTY,
            0,
            3900,
            40,
            List.of(),
            Step.Verdict.THREADS);

    assertEquals(128, limited.threadsNeeded());
    assertEquals(2000, late.ceilingRate(40), 1e-9);
  }

  /**
   * The run's arrivals are one schedule through its phases, on the same users: an arrival of the
   * second phase that waited for the one user still busy with the first phase's found every thread
   * busy, not a thread free.
   */
  @Test
  void anEarlierPhasesIterationStillInFlightHoldsItsThread() {
    LoadPlan plan =
        LoadPlan.of(1, 1, List.of(1.0, 1.0), List.of("GET"))
            .withModel(new OpenPhases(50, Duration.ofMillis(40), Spacing.UNIFORM));
    LatencyRecorder rec = LatencyRecorder.allocate(plan);
    long ms = 1_000_000;
    // Phase 1's arrivals at 0 and 20 ms, each 30 ms: the second begins at 30 and ends at 60.
    rec.recordOpen(rec.start(0, 0, 0), 0, 0, 30 * ms, 0, 0, OK);
    rec.recordOpen(rec.start(0, 0, 1), 20 * ms, 30 * ms, 30 * ms, 0, 0, OK);
    // Phase 2's first, due at 40 ms, waited for that user until 60.
    rec.recordOpen(rec.start(1, 0, 0), 40 * ms, 60 * ms, 30 * ms, 0, 0, OK);

    Lateness late = LatenessSweep.of(rec, 1, 1);

    assertEquals(1, late.late());
    assertEquals(1, late.busy(), "the user was busy with the phase before's arrival");
  }

  @Test
  void latenessIsTheServicesWhenEveryThreadWasBusy() {
    // Two threads, one request per iteration, arrivals due every 10 ms from 0.
    LoadPlan plan =
        LoadPlan.of(2, 1, List.of(1.0), List.of("GET"))
            .withModel(new OpenPhases(100, Duration.ofMillis(40), Spacing.UNIFORM));
    LatencyRecorder rec = LatencyRecorder.allocate(plan);
    long ms = 1_000_000;
    // a0 at 0 for 25 ms; a1 at 10 for 25 ms: both threads busy until 25 and 35.
    rec.recordOpen(0, 0, 0, 25 * ms, 0, 0, OK);
    rec.recordOpen(1, 10 * ms, 10 * ms, 25 * ms, 0, 0, OK);
    // a2 due at 20 found both busy, began at 25: the service's queue.
    rec.recordOpen(2, 20 * ms, 25 * ms, 5 * ms, 0, 0, OK);
    // a3 due at 30: a thread free since 30 (a2 ended), began at 33: the generator's lateness.
    rec.recordOpen(3, 30 * ms, 33 * ms, 1 * ms, 0, 0, OK);

    Lateness late = LatenessSweep.of(rec, 0, 2);

    // Held for 25, 25, 5 and 1 ms: 14 ms each on average.
    assertEquals(new Lateness(2, 1, 1, 2, 14 * ms), late);
  }
}
