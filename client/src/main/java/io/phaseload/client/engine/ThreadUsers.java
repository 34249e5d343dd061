package io.phaseload.client.engine;

import io.phaseload.client.result.OpenedAhead;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;

/**
 * Drives users a thread each, the seeds' shape: every user is a task of the run's executor that
 * opens its own {@link Engine.Session} (and its connections, if it {@link User#opensAhead}), waits
 * at a start gate with its peers, then blocks on each request in turn, parking when its user waits.
 * The blocking engines' {@link Engine#drive}. Stateless.
 */
public final class ThreadUsers {

  private ThreadUsers() {}

  public static void drive(Engine engine, User[] users, Drive how, LongConsumer started)
      throws InterruptedException {
    CountDownLatch ready = new CountDownLatch(users.length);
    long begin = System.nanoTime();
    CountDownLatch gate = new CountDownLatch(1);
    List<Future<?>> tasks = new ArrayList<>(users.length);
    try {
      for (User user : users) {
        tasks.add(
            how.executor()
                .submit(
                    () -> {
                      run(engine, user, how, ready, gate);
                      return null;
                    }));
      }
    } catch (RuntimeException | Error e) {
      // No more threads (out of memory for stacks, a process limit): run no further, report what
      // ran. The threads never started will never count down, so count down for them.
      how.stop()
          .accept(
              "could not start thread " + (tasks.size() + 1) + " of " + users.length + ": " + e);
      for (int t = tasks.size(); t < users.length; t++) {
        ready.countDown();
      }
    }
    try {
      ready.await();
      if (how.openedAhead() != null && how.openedAhead().connections() > 0) {
        how.openedAhead().took(System.nanoTime() - begin);
        OpenedAhead.collectGarbage();
      }
    } finally {
      started.accept(how.clock().getAsLong());
      // Open the gate even if waiting was interrupted, so that no started thread waits forever.
      gate.countDown();
    }
    for (Future<?> task : tasks) {
      try {
        task.get();
      } catch (ExecutionException e) {
        how.stop().accept("a user thread failed: " + e.getCause());
      }
    }
  }

  /** One user's thread: its session, the gate, then its requests and waits until it is done. */
  private static void run(
      Engine engine, User user, Drive how, CountDownLatch ready, CountDownLatch gate)
      throws InterruptedException {
    boolean readied = false;
    try (Engine.Session session = engine.open()) {
      if (how.openedAhead() != null && user.opensAhead()) {
        session.openAhead(how.openedAhead());
      }
      ready.countDown();
      readied = true;
      gate.await();
      for (int r = user.next(how.clock().getAsLong()); r != User.DONE; ) {
        if (r == User.WAIT) {
          how.waitUntil().accept(user.wakeAt());
        } else {
          int outcome = session.execute(r, user.vars());
          long at = how.clock().getAsLong();
          user.answered(session.capture(outcome, r, user.vars()), at, session);
        }
        r = user.next(how.clock().getAsLong());
      }
    } finally {
      if (!readied) {
        ready.countDown();
      }
    }
  }
}
