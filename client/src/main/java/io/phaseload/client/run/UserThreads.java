package io.phaseload.client.run;

import java.lang.reflect.Method;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one executor a run uses for all its phases. Virtual threads where the JDK has them (21+),
 * platform threads otherwise; the choice can be forced. Compiled for Java 17, so virtual threads
 * are reached by reflection.
 */
public final class UserThreads {

  /** How user threads are made. */
  public enum Mode {
    AUTO,
    PLATFORM,
    VIRTUAL;

    public static Mode parse(String s) {
      try {
        return valueOf(s.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "thread mode must be auto, platform or virtual, got '" + s + "'");
      }
    }
  }

  private UserThreads() {}

  /** Whether this JDK has virtual threads. */
  public static boolean virtualAvailable() {
    return Runtime.version().feature() >= 21;
  }

  /** The mode {@code mode} resolves to on this JDK. */
  public static Mode resolve(Mode mode) {
    if (mode == Mode.AUTO) {
      return virtualAvailable() ? Mode.VIRTUAL : Mode.PLATFORM;
    }
    if (mode == Mode.VIRTUAL && !virtualAvailable()) {
      throw new IllegalArgumentException(
          "virtual threads need JDK 21 or later; this is JDK " + Runtime.version().feature());
    }
    return mode;
  }

  /**
   * An executor for up to {@code peakThreads} concurrent user threads. Platform threads are
   * daemons, created on demand and reused from phase to phase.
   */
  public static ExecutorService create(Mode mode, int peakThreads) {
    if (resolve(mode) == Mode.VIRTUAL) {
      try {
        Method m = Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
        return (ExecutorService) m.invoke(null);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot create virtual threads", e);
      }
    }
    AtomicInteger n = new AtomicInteger();
    ThreadFactory factory =
        r -> {
          Thread t = new Thread(null, r, "phaseload-user-" + n.incrementAndGet(), 256 * 1024);
          t.setDaemon(true);
          return t;
        };
    return Executors.newFixedThreadPool(peakThreads, factory);
  }
}
