package io.phaseload.client.open;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.engine.Drive;
import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.ThreadUsers;
import io.phaseload.client.engine.User;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.run.PhaseRunner;
import io.phaseload.client.stats.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;

/**
 * The open model on a clock of the test's own, no sleeps: one thread, an arrival every 10 ms, each
 * answered in 5 ms but the fourth (arrival 3) in 35 ms. Arithmetic (ms): arrival 3 is due at 30 and
 * ends at 65; arrivals 4..8, due at 40..80, each find the thread busy and start when it frees, at
 * 65, 70, 75, 80 and 85: late by 25, 20, 15, 10 and 5; arrival 9, due at 90, finds it free. So 5
 * late, the latest by 25 ms; their latencies from the intended times are 30, 25, 20, 15 and 10 ms
 * while every service time but arrival 3's is 5 ms.
 */
class LateRuleTest {

  static final long MS = 1_000_000;

  @Test
  void lateArrivalsAreCountedAndTheirLatencyCountsFromTheirIntendedTime() throws Exception {
    AtomicLong clock = new AtomicLong(1_000 * MS);
    AtomicInteger served = new AtomicInteger();
    Engine engine =
        new Engine() {
          @Override
          public Session open() {
            return new Session() {
              @Override
              public int execute(int request, Vars vars) {
                clock.addAndGet(served.getAndIncrement() == 3 ? 35 * MS : 5 * MS);
                return Outcome.of(Outcome.OK, 200);
              }

              @Override
              public int capture(int outcome, int request, Vars vars) {
                return outcome;
              }

              @Override
              public void close() {}
            };
          }

          @Override
          public void drive(User[] users, Drive how, LongConsumer started)
              throws InterruptedException {
            ThreadUsers.drive(this, users, how, started);
          }

          @Override
          public void prepare() {}

          @Override
          public void abort() {}

          @Override
          public void close() {}
        };
    LoadPlan plan =
        LoadPlan.of(1, 12, List.of(1.0), List.of("GET"))
            .withModel(new OpenPhases(100, null, Spacing.UNIFORM));
    LatencyRecorder recorder = LatencyRecorder.allocate(plan);
    ExecutorService executor = Executors.newSingleThreadExecutor();
    RunResult run;
    try {
      PhaseRunner test =
          new PhaseRunner(
              plan,
              Scenario.contract("/sayHello", 0),
              engine,
              executor,
              recorder,
              new Reasons(),
              new PhaseListener() {},
              clock::get);
      test.waitWith(deadline -> clock.accumulateAndGet(deadline, Math::max));
      run = test.run();
    } finally {
      executor.shutdownNow();
    }
    ArrivalStats a = run.phases().get(0).arrivals();
    assertEquals(12, a.scheduled());
    assertEquals(12, a.started());
    assertEquals(5, a.late());
    assertEquals(25 * MS, a.maxLateNanos());
    List<Long> corrected = new ArrayList<>();
    List<Long> service = new ArrayList<>();
    for (int k = 0; k < recorder.capacity(); k++) {
      corrected.add(recorder.correctedNanos(k) / MS);
      service.add(recorder.latencyNanos(k) / MS);
    }
    assertEquals(List.of(5L, 5L, 5L, 35L, 30L, 25L, 20L, 15L, 10L, 5L, 5L, 5L), corrected);
    assertEquals(List.of(5L, 5L, 5L, 35L, 5L, 5L, 5L, 5L, 5L, 5L, 5L, 5L), service);
    Summary c = Summary.of(recorder, plan);
    Summary s = Summary.of(recorder, plan, false);
    assertEquals(30 * MS, c.total().latency().p90()); // rank ceil(0.9 x 12) = 11 of the sorted
    assertEquals(5 * MS, s.total().latency().p90());
  }
}
