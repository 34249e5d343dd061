package io.phaseload.client.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Vars;
import io.phaseload.client.testing.TestEngines;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The raw engine's hot path allocates nothing per request once its buffers are sized. */
@Timeout(60)
class RawEngineAllocationTest {

  @Test
  void allocatesNothingPerRequestOnAKeptConnection() throws Exception {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "needs HotSpot's ThreadMXBean");
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
    assumeTrue(threads.isThreadAllocatedMemorySupported());
    int requests = 2000;
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral());
        Engine engine =
            TestEngines.create(
                "raw",
                Target.of("127.0.0.1", server.port(), "/sayHello"),
                1,
                Duration.ofSeconds(5),
                Duration.ofSeconds(30));
        Engine.Session session = engine.open()) {
      Vars vars = Vars.none();
      for (int i = 0; i < requests; i++) { // warm up: connect, size buffers, compile
        assertEquals(Outcome.OK, Outcome.kind(session.execute(i % 2, vars)));
      }
      long id = Thread.currentThread().getId();
      long before = threads.getThreadAllocatedBytes(id);
      for (int i = 0; i < requests; i++) {
        session.execute(i % 2, vars);
      }
      long perRequest = (threads.getThreadAllocatedBytes(id) - before) / requests;
      assertTrue(perRequest < 16, perRequest + " bytes allocated per request");
    }
  }

  /**
   * An answer whose status is not expected keeps its body's first bytes for the reason's excerpt,
   * made once per request and status after the answer is timed: afterwards, neither the exchange
   * nor the step after it allocates.
   */
  @Test
  void anUnexpectedStatusAllocatesNothingPerRequestOnceItsReasonIsKept() throws Exception {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "needs HotSpot's ThreadMXBean");
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
    assumeTrue(threads.isThreadAllocatedMemorySupported());
    int requests = 2000;
    Reasons reasons = new Reasons();
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral());
        Engine engine =
            TestEngines.create(
                "raw",
                Target.of("127.0.0.1", server.port(), "/missing"),
                1,
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                Tls.system(),
                reasons);
        Engine.Session session = engine.open()) {
      Vars vars = Vars.none();
      for (int i = 0; i < requests; i++) { // warm up: connect, size buffers, compile
        int outcome = session.execute(0, vars);
        assertEquals(Outcome.of(Outcome.HTTP, 404), outcome);
        session.capture(outcome, 0, vars);
      }
      assertEquals(
          "status 404, expected 200; first got 21 bytes: \"{\\\"error\\\":\\\"not found\\\"}\"",
          reasons.answer(0, 404));
      long id = Thread.currentThread().getId();
      long before = threads.getThreadAllocatedBytes(id);
      for (int i = 0; i < requests; i++) {
        session.capture(session.execute(0, vars), 0, vars);
      }
      long perRequest = (threads.getThreadAllocatedBytes(id) - before) / requests;
      assertTrue(perRequest < 16, perRequest + " bytes allocated per request");
    }
  }
}
