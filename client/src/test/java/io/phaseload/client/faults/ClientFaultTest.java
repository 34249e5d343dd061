package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real client against a local server that misbehaves on purpose and counts what it did. For
 * every fault the report's counts must equal the server's, and sent = successful + each failure
 * kind. Each case runs on every engine.
 */
@Timeout(120)
class ClientFaultTest {

  /** What the misbehaving server did, by kind, and by phase for the per-phase check. */
  static final class Tally {
    final Map<String, LongAdder> kinds = new ConcurrentHashMap<>();

    void add(String kind) {
      kinds.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    long get(String kind) {
      LongAdder a = kinds.get(kind);
      return a == null ? 0 : a.sum();
    }
  }

  /** Deterministic faults by request number: the same numbers misbehave on every run. */
  static Reply misbehave(ScriptedServer.Request r, Tally tally) {
    int i = r.index();
    if (i % 10 == 3) {
      tally.add("500");
      return Reply.response(500, "{\"error\":\"boom\"}");
    }
    if (i % 10 == 7) {
      tally.add("503");
      return Reply.response(503, "{\"error\":\"busy\"}");
    }
    if (i % 17 == 5) {
      tally.add("bad body");
      return Reply.response(200, "{\"response\":\"wrong\"}");
    }
    if (i % 23 == 11) {
      tally.add("reset");
      return Reply.hangUp().thenReset();
    }
    if (i % 29 == 13) {
      tally.add("half-close");
      return Reply.hangUp();
    }
    tally.add("ok");
    return Reply.contract(r);
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "jersey", "loop"})
  void statusesBadBodiesResetsAndHalfClosesAreCountedExactly(String engine) throws Exception {
    Tally tally = new Tally();
    try (ScriptedServer server = ScriptedServer.start(r -> misbehave(r, tally))) {
      ClientRun report =
          ClientRun.of(
              "10", "20", "--contract", "--url", server.url("/sayHello"), "--engine", engine);

      assertEquals(1, report.code(), report.err());
      long sent = 2L * 20 * (1 + 5 + 10 + 2);
      assertEquals(sent, report.sent());
      assertEquals(sent, server.requests(), "the server read every request the client sent");
      assertEquals(tally.get("ok"), report.ok());
      assertEquals(tally.get("500") + tally.get("503"), report.failed("http"));
      assertEquals(tally.get("500"), report.status(500));
      assertEquals(tally.get("503"), report.status(503));
      assertEquals(tally.get("bad body"), report.failed("bad body"));
      assertEquals(tally.get("reset") + tally.get("half-close"), report.failed("io"));
      assertEquals(0, report.failed("connect"));
      assertEquals(0, report.failed("timeout"));
      assertEquals(
          sent,
          report.ok() + report.failed("http") + report.failed("bad body") + report.failed("io"),
          "sent = successful + each failure kind");
      assertEquals(report.failed(), report.total().failedLatency().count());
      Map<Integer, Long> io = new HashMap<>();
      report.total().reasons(Outcome.IO).forEach(e -> io.put(e.getKey(), e.getValue()));
      assertEquals(report.failed("io"), io.values().stream().mapToLong(n -> n).sum());
      Reasons reasons = report.result().reasons();
      if (!engine.equals("jersey")) {
        assertEquals(
            Map.of(Reasons.RESET, tally.get("reset"), Reasons.CLOSED, tally.get("half-close")), io);
      }
      for (int code : io.keySet()) {
        assertFalse(reasons.message(code).startsWith("unknown"), reasons.message(code));
      }
    }
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "jersey", "loop"})
  void failuresAreCountedPerPhase(String engine) throws Exception {
    // Requests arrive phase by phase, so request numbers map to phases:
    // WARMUP [0,10) LOADING [10,60) PEAK [60,160) COOLDOWN [160,180) for 10 threads x 5.
    int[] bounds = {0, 10, 60, 160, 180};
    String[] phases = {"WARMUP", "LOADING", "PEAK", "COOLDOWN"};
    AtomicInteger[] failedByPhase = new AtomicInteger[4];
    for (int p = 0; p < 4; p++) {
      failedByPhase[p] = new AtomicInteger();
    }
    ScriptedServer.Script script =
        r -> {
          if (r.index() % 7 == 2) {
            int p = 0;
            while (r.index() >= bounds[p + 1]) {
              p++;
            }
            failedByPhase[p].incrementAndGet();
            return Reply.response(p % 2 == 0 ? 500 : 503, "{}");
          }
          return Reply.contract(r);
        };
    try (ScriptedServer server = ScriptedServer.start(script)) {
      ClientRun report =
          ClientRun.of(
              "10", "5", "--contract", "--url", server.url("/sayHello"), "--engine", engine);
      assertEquals(180, report.sent());
      for (int p = 0; p < 4; p++) {
        int expected = failedByPhase[p].get();
        Group phase = report.phase(phases[p]);
        assertEquals(expected, phase.failed(), phases[p]);
        assertEquals(expected, phase.count(Outcome.HTTP), phases[p]);
        Map<Integer, Long> statuses =
            expected == 0 ? Map.of() : Map.of(p % 2 == 0 ? 500 : 503, (long) expected);
        assertEquals(statuses, phase.statuses(), phases[p]);
      }
    }
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "jersey", "loop"})
  void stallsPastTheReadTimeoutAreTimeoutsAndTheRunStaysBounded(String engine) throws Exception {
    Tally tally = new Tally();
    ScriptedServer.Script script =
        r -> {
          if (r.index() % 9 == 4) {
            tally.add("stall");
            return Reply.contract(r).pauseAfter(0, 10_000);
          }
          tally.add("ok");
          return Reply.contract(r);
        };
    try (ScriptedServer server = ScriptedServer.start(script)) {
      ClientRun report =
          ClientRun.of(
              "4",
              "5",
              "--contract",
              "--url",
              server.url("/sayHello"),
              "--engine",
              engine,
              "--read-timeout",
              "1000");
      long sent = 2L * 5 * (1 + 2 + 4 + 1);
      assertEquals(1, report.code());
      assertEquals(sent, report.sent());
      assertEquals(tally.get("stall"), report.failed("timeout"));
      assertEquals(tally.get("ok"), report.ok());
      // Each stalled request costs one read timeout; the run is bounded by them, not the stalls.
      // (1 s leaves room for a busy machine, whose late answer would count as a stall; the stalls
      // are 10 times that.)
      long bound = 10_000 + tally.get("stall") * 1_000;
      assertTrue(report.millis() < bound, report.millis() + " ms >= " + bound);
    }
    assertEquals(0, clientThreadsAlive(), "client threads left behind");
  }

  /** Live threads of the client's own (user threads, deadline timer), after a short settle. */
  static long clientThreadsAlive() throws InterruptedException {
    long alive = 0;
    for (int i = 0; i < 20; i++) {
      alive =
          Thread.getAllStackTraces().keySet().stream()
              .filter(t -> t.getName().startsWith("phaseload-") && t.isAlive())
              .count();
      if (alive == 0) {
        return 0;
      }
      Thread.sleep(50);
    }
    return alive;
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "jersey", "loop"})
  void aServerKilledMidRunLeavesConnectErrorsAndAReport(String engine) throws Exception {
    AtomicInteger answered = new AtomicInteger();
    ScriptedServer[] holder = new ScriptedServer[1];
    AtomicBoolean killed = new AtomicBoolean();
    ScriptedServer.Script script =
        r -> {
          if (killed.get() || r.index() == 150) {
            if (killed.getAndSet(true)) {
              return Reply.hangUp().thenReset();
            }
            // Killed: the listener and every connection go, this request unanswered.
            new Thread(holder[0]::close).start();
            return Reply.hangUp().thenReset();
          }
          answered.incrementAndGet();
          return Reply.contract(r);
        };
    try (ScriptedServer server = ScriptedServer.start(script)) {
      holder[0] = server;
      ClientRun report =
          ClientRun.of(
              "10",
              "20",
              "--contract",
              "--url",
              server.url("/sayHello"),
              "--engine",
              engine,
              "--connect-timeout",
              "1000");
      long sent = 2L * 20 * (1 + 5 + 10 + 2);
      assertEquals(1, report.code(), report.err());
      assertEquals(sent, report.sent());
      // A response written in the instant of the kill may die with its connection: the client
      // can have at most the server's answers, and loses at most one per connection open then.
      assertTrue(
          report.ok() <= answered.get() && report.ok() >= answered.get() - 10,
          report.ok() + " ok vs " + answered.get() + " answered");
      assertTrue(report.failed("connect") > 0, report.out());
      assertEquals(
          sent,
          report.ok() + report.failed("connect") + report.failed("io") + report.failed("timeout"));
      assertTrue(report.out().contains("Max latency"), "the report is printed");
      assertTrue(report.result().phases().size() > 0);
    }
  }

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "jersey", "loop"})
  void aServerDownBeforeTheStartIsOneLineWithinTheConnectTimeout(String engine) throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ClientRun report =
        ClientRun.of(
            "10",
            "10",
            "127.0.0.1",
            String.valueOf(port),
            "--engine",
            engine,
            "--connect-timeout",
            "1000");
    assertEquals(1, report.code());
    assertEquals("", report.out());
    String[] lines = report.err().strip().split("\n");
    assertEquals(1, lines.length, report.err());
    assertTrue(
        lines[0].startsWith("phaseload: cannot connect to http://127.0.0.1:" + port), lines[0]);
    assertFalse(report.err().contains("Exception"), report.err());
    assertTrue(report.millis() < 1_000 + 2_000, report.millis() + " ms");
  }
}
