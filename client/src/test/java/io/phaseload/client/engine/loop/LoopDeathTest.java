package io.phaseload.client.engine.loop;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.engine.Drive;
import io.phaseload.client.engine.EngineSettings;
import io.phaseload.client.engine.Tls;
import io.phaseload.client.engine.User;
import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ExchangeTimes;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.TestEngines;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A fault on an event loop's thread (a bug in what a user does with an answer) ends that loop: the
 * drive hears why and stops the run with it, in one line, rather than wait forever for the users
 * the loop can no longer drive. The other loop's users stop as a stopped run's do.
 */
@Timeout(30)
class LoopDeathTest {

  @Test
  void aLoopThatDiesStopsTheRunWithWhyRatherThanHangIt() throws Exception {
    ExecutorService pool = Executors.newCachedThreadPool();
    AtomicReference<String> stoppedWith = new AtomicReference<>();
    AtomicBoolean stopped = new AtomicBoolean();
    AtomicInteger answers = new AtomicInteger();
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
      try (LoopEngine engine = new LoopEngine(settings, 2, pool)) {
        User[] users = {new Faulty(answers, true, stopped), new Faulty(answers, false, stopped)};
        Drive how =
            new Drive(
                pool,
                System::nanoTime,
                LockSupport::parkNanos,
                why -> {
                  stoppedWith.compareAndSet(null, why);
                  stopped.set(true);
                },
                stopped::get,
                null);
        engine.drive(users, how, at -> {});
      }
      String why = stoppedWith.get();
      assertTrue(
          why != null
              && why.startsWith("phaseload-loop-0 failed: java.lang.IllegalStateException: a bug")
              && !why.contains("\n"),
          why);
      assertTrue(answers.get() >= 1, "the faulty user had its answer: " + answers.get());
    } finally {
      pool.shutdownNow();
    }
  }

  /** A user that sends the contract's GET until the run stops; if {@code faulty}, throws once. */
  private static final class Faulty implements User {
    private final AtomicInteger answers;
    private final boolean faulty;
    private final AtomicBoolean stopped;
    private final Vars vars = Vars.none();

    Faulty(AtomicInteger answers, boolean faulty, AtomicBoolean stopped) {
      this.answers = answers;
      this.faulty = faulty;
      this.stopped = stopped;
    }

    @Override
    public int next(long now) {
      return stopped.get() ? DONE : 0;
    }

    @Override
    public long wakeAt() {
      return 0;
    }

    @Override
    public Vars vars() {
      return vars;
    }

    @Override
    public void answered(int outcome, long now, ExchangeTimes times) {
      answers.incrementAndGet();
      if (faulty) {
        throw new IllegalStateException("a bug");
      }
    }
  }
}
