package io.phaseload.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A task given {@code after} runs on the workers, never on the timer's own thread; one given {@code
 * at} runs on the timer's thread. Neither runs early.
 */
class WorkTimerTest {

  private static final int MS = 20;

  @Test
  void dueTasksRunOnTheWorkersAfterTheirDelay() throws Exception {
    ExecutorService workers =
        Executors.newSingleThreadExecutor(r -> new Thread(r, "work-timer-test-worker"));
    try (WorkTimer timer = new WorkTimer(workers)) {
      CompletableFuture<String> ran = new CompletableFuture<>();
      long start = System.nanoTime();
      timer.after(MS, () -> ran.complete(Thread.currentThread().getName()));
      assertEquals("work-timer-test-worker", ran.get(10, TimeUnit.SECONDS));
      long waited = System.nanoTime() - start;
      assertTrue(waited >= MS * 1_000_000L, "ran after " + waited + " ns");
    } finally {
      workers.shutdownNow();
    }
  }

  @Test
  void tasksGivenAtRunOnTheTimersThreadAfterTheirDelay() throws Exception {
    try (WorkTimer timer = new WorkTimer(task -> fail("handed to a worker"))) {
      CompletableFuture<String> ran = new CompletableFuture<>();
      long start = System.nanoTime();
      timer.at(MS, () -> ran.complete(Thread.currentThread().getName()));
      assertEquals("phaseload-work-timer", ran.get(10, TimeUnit.SECONDS));
      long waited = System.nanoTime() - start;
      assertTrue(waited >= MS * 1_000_000L, "ran after " + waited + " ns");
    }
  }
}
