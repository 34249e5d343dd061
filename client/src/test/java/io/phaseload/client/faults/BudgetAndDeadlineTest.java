package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.run.FailureLimit;
import io.phaseload.client.run.RunDeadline;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --max-failures} stops a failing run early; the run deadline stops a run that would hang.
 */
@Timeout(60)
class BudgetAndDeadlineTest {

  @Test
  void limitParsesCountsAndPercentagesOfThePlannedRequests() {
    assertEquals(5, FailureLimit.parse("5", 7400).allowed());
    assertEquals(0, FailureLimit.parse("0", 7400).allowed());
    assertEquals(74, FailureLimit.parse("1%", 7400).allowed());
    assertEquals(37, FailureLimit.parse("0.5%", 7400).allowed());
    assertEquals(7400, FailureLimit.parse("100%", 7400).allowed());
    for (String bad : List.of("-1", "x", "101%", "-1%", "%", "1.5", "")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> FailureLimit.parse(bad, 7400), bad);
      assertTrue(e.getMessage().startsWith("--max-failures "), e.getMessage());
    }
  }

  @Test
  void limitAllowsExactlyNFailures() {
    FailureLimit limit = FailureLimit.parse("3", 100);
    assertEquals(false, limit.exceededBy(3));
    assertEquals(true, limit.exceededBy(4));
    assertEquals(false, FailureLimit.UNLIMITED.exceededBy(Long.MAX_VALUE));
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "loop"})
  void aRunOverItsFailureBudgetStopsEarlyWithAPartialReport(String engine) throws Exception {
    try (ScriptedServer server =
        ScriptedServer.start(r -> r.index() < 20 ? Reply.contract(r) : Reply.response(500, "{}"))) {
      ClientRun report =
          ClientRun.of(
              "10",
              "50",
              "--contract",
              "--url",
              server.url("/sayHello"),
              "--max-failures",
              "5",
              "--engine",
              engine);
      assertEquals(1, report.code());
      assertEquals("more than 5 failed requests (--max-failures 5)", report.result().stopReason());
      assertEquals(20, report.ok());
      // The sixth failure stops the run; threads finish only the request they are in.
      assertTrue(report.failed() >= 6 && report.failed() <= 6 + 10, report.out());
      assertEquals(server.requests(), report.sent());
      assertTrue(report.sent() < 2L * 50 * 18, "stopped early");
    }
  }

  @Test
  void deadlineBoundIsPhasesTimesIterationsTimesBothTimeoutsPlusAMargin() {
    LoadPlan plan = LoadPlan.of(20, 100, List.of(0.1, 0.5, 1.0, 0.25));
    Duration bound = RunDeadline.bound(plan, Duration.ofMillis(1000), Duration.ofMillis(2000));
    assertEquals(Duration.ofMillis(4L * 100 * 2 * 3000).plusSeconds(5), bound);
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "loop"})
  void aServerThatNeverFinishesItsAnswerCannotOutliveTheDeadline(String engine) throws Exception {
    // 2,000 bytes promised, one every 20 ms (40 s in all): each read succeeds within the read
    // timeout, but the read timeout bounds the whole response, so each request ends as a timeout
    // after 1.4 s, well before the run's deadline, which bounds the run in any case.
    Reply trickle = Reply.response(200, "x".repeat(2_000)).trickled(1, 20);
    try (ScriptedServer server = ScriptedServer.start(r -> trickle)) {
      ClientRun report =
          ClientRun.of(
              "1",
              "1",
              "--contract",
              "--url",
              server.url("/sayHello"),
              "--phases",
              "1.0",
              "--connect-timeout",
              "100",
              "--read-timeout",
              "1400",
              "--engine",
              engine);
      // bound = 1 phase x 1 iteration x 2 requests x 1,500 ms + 5 s
      assertEquals(1, report.code(), report.out() + report.err());
      assertEquals(2, report.summary().total().failed(), report.out());
      assertEquals(2, report.summary().total().byKind()[Outcome.TIMEOUT], "both answers timed out");
      assertTrue(report.millis() < 8_600 + 3_000, report.millis() + " ms");
      assertEquals(0, ClientFaultTest.clientThreadsAlive(), "client threads left behind");
    }
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "loop"})
  void durationBoundsARunAgainstAServerThatNeverAnswers(String engine) throws Exception {
    // Accepts, reads the request, and says nothing for longer than the test may take: with the
    // default 30 s read timeout only --duration can end this run soon.
    Reply silent = Reply.response(200, "{}").pauseAfter(0, 25_000);
    try (ScriptedServer server = ScriptedServer.start(r -> silent)) {
      ClientRun run =
          ClientRun.of(
              "2",
              "10",
              "--contract",
              "--url",
              server.url("/sayHello"),
              "--duration",
              "1s",
              "--engine",
              engine);
      assertEquals(1, run.code(), run.out() + run.err());
      RunResult result = run.result();
      assertTrue(result.partial());
      assertEquals("--duration 1s reached", result.stopReason());
      assertEquals(List.of("LOADING", "PEAK", "COOLDOWN"), result.phasesNotReached());
      assertEquals(0, run.ok());
      assertEquals(server.requests(), run.sent(), "the one request in flight was sent");
      assertTrue(run.millis() < 1_000 + 3_000, run.millis() + " ms");
      assertEquals(0, ClientFaultTest.clientThreadsAlive(), "client threads left behind");
    }
  }

  @Test
  void everyRunOfASweepCountsItsOwnFailures(@TempDir Path dir) throws Exception {
    // Every 10th request fails: 8 of each run's 80. The limit of 10 holds for each run alone, and
    // would stop the second run if it were charged the first run's failures.
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> r.index() % 10 == 9 ? Reply.response(500, "{}") : Reply.contract(r))) {
      ClientRun sweep =
          ClientRun.of(
              "sweep",
              "--threads",
              "4",
              "--iterations",
              "5",
              "--repeat",
              "3",
              "--contract",
              "--url",
              server.url("/sayHello"),
              "--max-failures",
              "10",
              "--out",
              dir.toString());
      assertEquals(3, sweep.runs().size(), sweep.out() + sweep.err());
      for (Analysis run : sweep.runs()) {
        assertFalse(run.result().partial(), run.result().stopReason());
        assertEquals(80, run.summary().total().sent());
        assertEquals(8, run.summary().total().failed());
      }
    }
  }
}
