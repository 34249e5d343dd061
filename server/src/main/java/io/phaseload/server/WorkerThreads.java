package io.phaseload.server;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What runs requests: a fixed pool of platform threads ({@code --workers} of them), or a virtual
 * thread per request (JDK 21+), which measured 20-80% more requests/s under wrk on JDK 25 here.
 * {@code AUTO} is virtual where the JDK has it, platform on 17.
 */
public enum WorkerThreads {
  AUTO,
  PLATFORM,
  VIRTUAL;

  /** Parses "auto", "platform" or "virtual". */
  public static WorkerThreads parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "worker threads must be auto, platform or virtual, got '" + name + "'");
    }
  }

  /** Whether this JDK has virtual threads. */
  public static boolean virtualAvailable() {
    return Runtime.version().feature() >= 21;
  }

  /** PLATFORM or VIRTUAL: what AUTO means on this JDK. */
  public WorkerThreads resolve() {
    if (this == VIRTUAL && !virtualAvailable()) {
      throw new IllegalArgumentException(
          "virtual worker threads need JDK 21 or newer; this is " + Runtime.version());
    }
    return this != AUTO ? this : virtualAvailable() ? VIRTUAL : PLATFORM;
  }

  /** A virtual-thread-per-task executor, through reflection so that the code builds for 17. */
  static ExecutorService virtualPerTask() {
    try {
      return (ExecutorService)
          Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("virtual threads unavailable on " + Runtime.version(), e);
    }
  }
}
