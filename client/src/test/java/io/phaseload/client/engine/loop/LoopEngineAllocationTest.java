package io.phaseload.client.engine.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Vars;
import io.phaseload.client.testing.TestEngines;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The event loop's hot path allocates nothing per request once its buffers are sized: what the
 * loop's own thread allocates while it writes requests and parses their responses on a kept
 * connection, read from HotSpot's per-thread counter.
 */
@Timeout(60)
class LoopEngineAllocationTest {

  @Test
  void theLoopAllocatesNothingPerRequestOnAKeptConnection() throws Exception {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "needs HotSpot's ThreadMXBean");
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
    assumeTrue(threads.isThreadAllocatedMemorySupported());
    int requests = 5000;
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral());
        Engine engine =
            TestEngines.create(
                "loop",
                Target.of("127.0.0.1", server.port(), "/sayHello"),
                1,
                Duration.ofSeconds(5),
                Duration.ofSeconds(30));
        Engine.Session session = engine.open()) {
      Vars vars = Vars.none();
      for (int i = 0; i < requests; i++) { // warm up: connect, size buffers, compile
        assertEquals(Outcome.OK, Outcome.kind(session.execute(i % 2, vars)));
      }
      long loop = loopThread();
      long before = threads.getThreadAllocatedBytes(loop);
      for (int i = 0; i < requests; i++) {
        session.execute(i % 2, vars);
      }
      long perRequest = (threads.getThreadAllocatedBytes(loop) - before) / requests;
      assertTrue(perRequest < 16, perRequest + " bytes allocated per request on the loop");
    }
  }

  /** The id of the engine's one loop thread, named as {@link EventLoop} names it. */
  private static long loopThread() {
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().equals("phaseload-loop-0")) {
        return t.getId();
      }
    }
    throw new AssertionError("no thread phaseload-loop-0");
  }
}
