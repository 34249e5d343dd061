package io.phaseload.common;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * How a program makes the threads that run requests: platform threads, or a virtual thread per task
 * (JDK 21+). {@code AUTO} is virtual where the JDK has it, platform on 17. Immutable; any thread
 * may call anything here.
 */
public enum ThreadMode {
  AUTO,
  PLATFORM,
  VIRTUAL;

  /** Parses "auto", "platform" or "virtual", in any case. */
  public static ThreadMode parse(String name) {
    try {
      return valueOf(String.valueOf(name).trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "thread mode must be auto, platform or virtual, got '" + name + "'");
    }
  }

  /** Whether this JDK has virtual threads. */
  public static boolean virtualAvailable() {
    return Runtime.version().feature() >= 21;
  }

  /**
   * {@code PLATFORM} or {@code VIRTUAL}: what this mode means on this JDK.
   *
   * @throws IllegalArgumentException for {@code VIRTUAL} on a JDK without virtual threads
   */
  public ThreadMode resolve() {
    if (this == VIRTUAL && !virtualAvailable()) {
      throw new IllegalArgumentException(
          "virtual threads need JDK 21 or later; this is JDK " + Runtime.version().feature());
    }
    return this != AUTO ? this : virtualAvailable() ? VIRTUAL : PLATFORM;
  }

  /**
   * {@code Executors.newVirtualThreadPerTaskExecutor()}, reached by reflection because the code is
   * compiled for Java 17.
   *
   * @throws IllegalStateException on a JDK without virtual threads
   */
  public static ExecutorService newVirtualThreadPerTaskExecutor() {
    try {
      return (ExecutorService)
          Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("virtual threads need JDK 21 or later", e);
    }
  }
}
