package io.phaseload.client.engine.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.EngineSettings;
import io.phaseload.client.engine.Tls;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Vars;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.TestEngines;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The event loops are tasks of the executor they are given: the run's one pool. */
@Timeout(30)
class LoopEngineExecutorTest {

  @Test
  void theLoopsRunOnThePoolsThreadsAndGiveThemBackWhenClosed() throws Exception {
    List<Thread> made = new CopyOnWriteArrayList<>();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            8,
            r -> {
              Thread t = new Thread(r, "pool-" + made.size());
              t.setDaemon(true);
              made.add(t);
              return t;
            });
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.contract(r))) {
      Target target = Target.parse(server.url("/sayHello"));
      EngineSettings settings =
          TestEngines.settings(
              "loop",
              target,
              4,
              Duration.ofSeconds(5),
              Duration.ofSeconds(5),
              Tls.system(),
              new Reasons());
      LoopEngine engine = new LoopEngine(settings, 2, pool);
      // One session on each loop in turn: each answer is proof that its loop runs.
      try (Engine.Session a = engine.open();
          Engine.Session b = engine.open()) {
        assertEquals(Outcome.OK, Outcome.kind(a.execute(0, Vars.none())));
        assertEquals(Outcome.OK, Outcome.kind(b.execute(0, Vars.none())));
      }
      assertEquals(2, made.size(), "a thread of the pool per loop, and no thread of their own");
      assertEquals(Set.of("phaseload-loop-0", "phaseload-loop-1"), names(made));
      engine.close();
      assertEquals(Set.of("pool-0", "pool-1"), names(made), "the pool's threads, given back");
      assertEquals(2, server.requests());
    } finally {
      pool.shutdownNow();
    }
  }

  private static Set<String> names(List<Thread> threads) {
    return threads.stream().map(Thread::getName).collect(Collectors.toSet());
  }
}
