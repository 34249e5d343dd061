package io.phaseload.client.run;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Shuts the executor down when the run is over.
 *
 * <p>A pool of platform threads (JDK 17, or {@code --thread-mode platform}) is torn down on a
 * background daemon thread, so that the report does not wait for it: stopping N idle platform
 * threads costs time quadratic in N (each exit and each interrupt's wake-up is O(N) in the JVM's
 * thread list and the kernel's futex hash), which measured 25-93 s for 15,000 threads on JDK 17,
 * more than the run itself. The JVM's exit ends that teardown early (the threads are daemons); a
 * later run in the same JVM (a sweep) waits for it before starting, so that it does not measure it.
 * Virtual threads are shut down in place, waiting briefly for stragglers.
 */
public final class ExecutorCloser implements AutoCloseable {

  /** The teardown of the previous run's platform threads, if one is under way. */
  private static Thread teardown;

  public final ExecutorService service;

  public ExecutorCloser(ExecutorService service) {
    awaitTeardown();
    this.service = service;
  }

  @Override
  public void close() {
    if (service instanceof ThreadPoolExecutor) {
      Thread t = new Thread(() -> shutDown(10, TimeUnit.MINUTES), "phaseload-executor-teardown");
      t.setDaemon(true);
      synchronized (ExecutorCloser.class) {
        teardown = t;
      }
      t.start();
    } else {
      shutDown(5, TimeUnit.SECONDS);
    }
  }

  private void shutDown(long timeout, TimeUnit unit) {
    service.shutdownNow();
    try {
      service.awaitTermination(timeout, unit);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits for the previous run's teardown, so that a new run does not share the CPU with it. */
  static void awaitTeardown() {
    Thread t;
    synchronized (ExecutorCloser.class) {
      t = teardown;
      teardown = null;
    }
    if (t != null) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
