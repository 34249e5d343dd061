package io.phaseload.client.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.run.PhaseRunner;
import io.phaseload.client.run.UserThreads;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.TestEngines;
import io.phaseload.common.ThreadMode;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.RequestStats;
import io.phaseload.server.ServerConfig;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whole runs through {@link PhaseRunner}, for every engine on platform threads and on the JDK's
 * default (virtual threads on 21+): everything the client recorded is exactly what the server
 * counted.
 */
@Timeout(120)
class RealServerConformanceTest {

  private static final Duration CONNECT = Duration.ofSeconds(5);
  private static final Duration READ = Duration.ofSeconds(30);

  @ParameterizedTest
  @CsvSource({"raw,platform", "raw,auto", "jersey,platform", "jersey,auto", "loop,platform"})
  void keepAliveRunAgainstThePhaseloadServer(String engine, String mode) throws Exception {
    LoadPlan plan = LoadPlan.of(12, 40, List.of(0.5, 1.0));
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      Target target = Target.of("127.0.0.1", server.port(), "/sayHello");
      int ok = runOk(engine, mode, plan, target);
      RequestStats stats = server.stats();
      assertEquals(plan.totalRequests(), ok);
      assertEquals(plan.totalRequests(), stats.received());
      assertEquals(plan.totalRequests(), stats.status(200));
      assertEquals(plan.totalRequests() / 2, stats.endpoint("GET /sayHello"));
      assertEquals(plan.totalRequests() / 2, stats.endpoint("POST /sayHello"));
    }
  }

  @ParameterizedTest
  @CsvSource({"raw,platform", "raw,auto", "jersey,platform", "jersey,auto", "loop,platform"})
  void concurrentUsersReconnectingEveryFifthRequest(String engine, String mode) throws Exception {
    LoadPlan plan = LoadPlan.of(8, 25, List.of(1.0));
    try (ScriptedServer server =
        ScriptedServer.start(
            r ->
                r.onConnection() == 4
                    ? Reply.contract(r, "Connection: close").thenClose()
                    : Reply.contract(r))) {
      int ok = runOk(engine, mode, plan, Target.parse(server.url("/sayHello")));
      assertEquals(plan.totalRequests(), ok);
      assertEquals(plan.totalRequests(), server.requests());
      // 50 requests per user, a new connection every 5: 10 per user. Jersey's pool is shared,
      // so a user may open a connection while another's is on its way back: at least 80.
      if (!engine.equals("jersey")) {
        assertEquals(8 * 10, server.connections());
      } else {
        assertTrue(server.connections() >= 8 * 10, server.connections() + " connections");
      }
    }
  }

  /** Runs the plan and returns how many requests were recorded as ok, checking none failed. */
  private static int runOk(String engine, String mode, LoadPlan plan, Target target)
      throws InterruptedException {
    LatencyRecorder recorder = LatencyRecorder.allocate(plan);
    ExecutorService executor = UserThreads.create(ThreadMode.parse(mode), plan.peakThreads());
    try (Engine e = TestEngines.create(engine, target, plan.peakThreads(), CONNECT, READ)) {
      new PhaseRunner(
              plan,
              Scenario.contract("/sayHello", 0),
              e,
              executor,
              recorder,
              new Reasons(),
              new PhaseListener() {},
              System::nanoTime)
          .run();
    } finally {
      executor.shutdownNow();
      executor.awaitTermination(10, TimeUnit.SECONDS);
    }
    int ok = 0;
    for (int k = 0; k < recorder.capacity(); k++) {
      assertEquals(
          "ok 200",
          EngineConformanceTest.describe(recorder.outcome(k)),
          "request " + k + " of " + engine);
      ok++;
    }
    return ok;
  }
}
