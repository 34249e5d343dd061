package io.phaseload.client.run;

import io.phaseload.common.ThreadMode;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one executor a run uses for all its phases: a virtual thread per user where the JDK has them
 * (21+), else a pool of platform threads reused from phase to phase; {@link ThreadMode} chooses.
 */
public final class UserThreads {

  /** Stack of a platform user thread: the hot path is shallow, and thousands of threads add up. */
  static final long STACK_BYTES = 256 * 1024;

  private UserThreads() {}

  /**
   * An executor for up to {@code peakThreads} concurrent user threads. Platform threads are
   * daemons, created on demand and reused from phase to phase.
   *
   * @throws IllegalArgumentException if {@code mode} is virtual and this JDK has no virtual threads
   */
  public static ExecutorService create(ThreadMode mode, int peakThreads) {
    if (mode.resolve() == ThreadMode.VIRTUAL) {
      return ThreadMode.newVirtualThreadPerTaskExecutor();
    }
    AtomicInteger n = new AtomicInteger();
    ThreadFactory factory =
        r -> {
          Thread t = new Thread(null, r, "phaseload-user-" + n.incrementAndGet(), STACK_BYTES);
          t.setDaemon(true);
          return t;
        };
    return Executors.newFixedThreadPool(peakThreads, factory);
  }
}
