package io.phaseload.client.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.testing.TestEngines;
import io.phaseload.common.ThreadMode;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The closed model's response-to-send gaps, on a clock that moves 1 µs at every reading: a user
 * reads it once when a response is in and once before its next send, so every gap is exactly 1 µs
 * and a phase of one user doing I iterations of 2 requests has 2I - 1 of them.
 */
@Timeout(60)
class SendGapsTest {

  private static final long STEP = 1000;

  @ParameterizedTest
  @ValueSource(strings = {"raw", "loop"})
  void everyGapIsTheTimeFromAResponseToTheNextSend(String engine) throws Exception {
    LoadPlan plan = LoadPlan.of(1, 10, List.of(0.5, 1.0));
    AtomicLong clock = new AtomicLong();
    List<long[]> phases = new ArrayList<>();
    AtomicReference<PhaseRunner> runner = new AtomicReference<>();
    PhaseListener listener =
        new PhaseListener() {
          @Override
          public void phaseFinished(PhaseResult result) {
            SendGaps g = runner.get().gaps(result.phase().index());
            phases.add(new long[] {g.count(), g.sum(), g.max()});
          }
        };
    ExecutorService executor = UserThreads.create(ThreadMode.PLATFORM, 1);
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral());
        Engine e =
            TestEngines.create(
                engine,
                Target.parse(server.baseUri() + "sayHello"),
                1,
                Duration.ofSeconds(5),
                Duration.ofSeconds(30))) {
      runner.set(
          new PhaseRunner(
              plan,
              Scenario.contract("/sayHello", 0),
              e,
              executor,
              LatencyRecorder.allocate(plan),
              new Reasons(),
              listener,
              () -> clock.addAndGet(STEP)));
      runner.get().run();
    } finally {
      executor.shutdownNow();
      executor.awaitTermination(10, TimeUnit.SECONDS);
    }
    assertEquals(2, phases.size());
    for (long[] p : phases) {
      assertEquals(2 * 10 - 1, p[0], "gaps");
      assertEquals((2 * 10 - 1) * STEP, p[1], "their sum");
      assertEquals(STEP, p[2], "the longest");
    }
  }
}
