package io.phaseload.common;

import java.util.concurrent.CountDownLatch;

/**
 * How a long-running main (the server, the local Lambda gateway) waits for its end: until a test
 * counts {@code stop} down, or the JVM is asked to shut down (SIGTERM, Ctrl-C), and then closes
 * what it serves before the JVM may exit. Called once, from the main thread of such a program.
 */
public final class StopSignal {

  private StopSignal() {}

  /**
   * Blocks until {@code stop} counts down or a shutdown begins, then runs {@code close} on this
   * thread. A shutdown waits for {@code close} to finish, so in-flight requests are answered.
   */
  public static void awaitThenClose(CountDownLatch stop, Runnable close) {
    CountDownLatch closed = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              stop.countDown();
              try {
                closed.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "phaseload-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      stop.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      try {
        close.run();
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // The hook is running: it waits on closed below.
        }
      } finally {
        // Always release the hook, or a failed close would hang SIGTERM forever.
        closed.countDown();
      }
    }
  }
}
