package io.phaseload.client.run;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunView;
import java.io.File;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Watches whether the generator itself limited a run, phase by phase, as Hyperfoil's CPU and jitter
 * watchdogs do: the process's CPU time ({@code OperatingSystemMXBean}), its collectors' counts and
 * times ({@code GarbageCollectorMXBean}), and a daemon thread that asks to wake every {@link
 * #TICK_NANOS} and adds up how late it woke: on a machine with no core to spare, every thread of
 * the generator waits as long.
 *
 * <p>A {@link PhaseListener} for the run's thread; {@link #phases} after the run; {@link #close}
 * ends the watchdog.
 */
public final class GeneratorWatch implements PhaseListener, AutoCloseable {

  /** The watchdog's period: short enough to see lag of a millisecond, long enough to cost none. */
  static final long TICK_NANOS = 10_000_000;

  private static final String TASKS = "/proc/self/task/";

  /** /proc/stat's busy fields: user, nice, system, irq, softirq, steal (not idle or iowait). */
  private static final int[] BUSY_FIELDS = {1, 2, 3, 6, 7, 8};

  private final LongSupplier cpuNanos;
  private final LongSupplier waitNanos;
  private final LongSupplier machineNanos;
  private final LongSupplier gcNanos;
  private final LongSupplier gcCount;
  private final int cores;
  private final AtomicLong lag = new AtomicLong();
  private final AtomicLong maxLag = new AtomicLong();

  /** The longest collection since the phase began, from the collectors' notifications. */
  private final AtomicLong maxGc = new AtomicLong();

  private final Thread watchdog;
  private final List<GeneratorLoad> phases = new ArrayList<>();
  private final List<NotificationEmitter> listened = new ArrayList<>();
  private NotificationListener listener;

  /** The run's response-to-send gaps by phase, read when a phase finishes; null for none. */
  private IntFunction<SendGaps> gaps;

  private volatile boolean running = true;

  /** The phase in progress, for {@link #view}'s reader; null before the first. */
  private volatile Phase current;

  private long phaseStart;
  private long cpu0;
  private long wait0;

  /**
   * The run-queue wait read when the last phase finished, which the next phase starts from: nothing
   * runs between them, and with thousands of threads each read opens a file per thread. -1 before
   * the first phase finished.
   */
  private long waitAtLastFinish = -1;

  private long machine0;
  private long gc0;
  private long gcCount0;
  private long lag0;

  private GeneratorWatch(
      LongSupplier cpuNanos,
      LongSupplier waitNanos,
      LongSupplier machineNanos,
      LongSupplier gcNanos,
      LongSupplier gcCount) {
    this.cpuNanos = cpuNanos;
    this.waitNanos = waitNanos;
    this.machineNanos = machineNanos;
    this.gcNanos = gcNanos;
    this.gcCount = gcCount;
    this.cores = Runtime.getRuntime().availableProcessors();
    this.watchdog = new Thread(this::watch, "phaseload-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
  }

  /** Watches this process. */
  public static GeneratorWatch start() {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    GeneratorWatch watch =
        new GeneratorWatch(
            os::getProcessCpuTime,
            GeneratorWatch::runQueueWait,
            GeneratorWatch::machineBusy,
            () ->
                1_000_000L * gcs.stream().mapToLong(g -> Math.max(0, g.getCollectionTime())).sum(),
            () -> gcs.stream().mapToLong(g -> Math.max(0, g.getCollectionCount())).sum());
    watch.listenToCollections(gcs);
    return watch;
  }

  /**
   * Hears each collection's duration, for the longest of a phase. The collectors' counters give
   * only sums; their notifications, sent on a JVM thread after each collection, give each one.
   */
  private void listenToCollections(List<GarbageCollectorMXBean> gcs) {
    NotificationListener listener =
        (notification, handback) -> {
          if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
              notification.getType())) {
            GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
            maxGc.accumulateAndGet(1_000_000L * info.getGcInfo().getDuration(), Math::max);
          }
        };
    for (GarbageCollectorMXBean gc : gcs) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(listener, null, null);
        listened.add(emitter);
      }
    }
    this.listener = listener;
  }

  /**
   * How long this process's live threads have waited for a core, in all: the second field of each
   * {@code /proc/self/task/N/schedstat}. 0 where there is no such file. Threads that ended took
   * their share with them, which can only understate the wait.
   */
  static long runQueueWait() {
    String[] tasks = new File("/proc/self/task").list();
    if (tasks == null) {
      return 0;
    }
    // A file per thread: with thousands of threads, read on every core, between phases when the
    // run's own threads are idle.
    return (tasks.length > PARALLEL_TASKS ? Arrays.stream(tasks).parallel() : Arrays.stream(tasks))
        .mapToLong(GeneratorWatch::waitOf)
        .sum();
  }

  /** Above this many threads, {@link #runQueueWait} reads their files on every core. */
  private static final int PARALLEL_TASKS = 256;

  /**
   * Thread {@code task}'s run-queue wait; 0 for a thread that ended while being listed, or a kernel
   * that keeps no schedstat.
   */
  private static long waitOf(String task) {
    byte[] buf = new byte[96];
    return Math.max(0, ProcFiles.field(buf, ProcFiles.read(TASKS + task + "/schedstat", buf), 1));
  }

  /**
   * CPU time every process of the machine has used since boot, in nanoseconds: the busy fields of
   * {@code /proc/stat}'s first line (user, nice, system, irq, softirq, steal; not idle or iowait),
   * in the kernel's clock ticks of 10 ms (USER_HZ, 100 on Linux). 0 where there is no such file.
   */
  static long machineBusy() {
    byte[] buf = new byte[512];
    int len = ProcFiles.read("/proc/stat", buf);
    long ticks = 0;
    for (int i : BUSY_FIELDS) {
      long f = ProcFiles.field(buf, len, i);
      if (f < 0) {
        return 0;
      }
      ticks += f;
    }
    return ticks * 10_000_000L;
  }

  private void watch() {
    while (running) {
      long due = System.nanoTime() + TICK_NANOS;
      LockSupport.parkNanos(TICK_NANOS);
      // A wake-up within the scheduler's ordinary delay is no stall; beyond it, all of it counts.
      long late = System.nanoTime() - due;
      if (late > ArrivalStats.LATE_NANOS) {
        lag.addAndGet(late);
        maxLag.accumulateAndGet(late, Math::max);
      }
    }
  }

  @Override
  public void phaseStarted(Phase phase) {
    phaseStart = System.nanoTime();
    cpu0 = cpuNanos.getAsLong();
    wait0 = waitAtLastFinish >= 0 ? waitAtLastFinish : waitNanos.getAsLong();
    machine0 = machineNanos.getAsLong();
    gc0 = gcNanos.getAsLong();
    gcCount0 = gcCount.getAsLong();
    lag0 = lag.get();
    maxLag.set(0);
    maxGc.set(0);
    current = phase;
  }

  /**
   * The run as its views read it: {@code recording}, and this watch's figures for the phase in
   * progress so far, read racily from the viewer's thread (its baselines are the run thread's; at a
   * phase boundary one reading may mix two phases). The response-to-send gaps are left at 0: they
   * are read once a phase is over.
   */
  public RunView view(LatencyRecorder recording, Reasons reasons) {
    return new RunView() {
      @Override
      public LatencyRecorder recording() {
        return recording;
      }

      @Override
      public Reasons reasons() {
        return reasons;
      }

      @Override
      public GeneratorLoad generator() {
        Phase phase = current;
        if (phase == null) {
          return null;
        }
        return load(phase.name(), null, null);
      }
    };
  }

  /**
   * The phase's figures so far, with its users' response-to-send gaps from {@code users} and think
   * time from {@code result} (both null while it runs).
   */
  private GeneratorLoad load(String phase, SendGaps users, PhaseResult result) {
    long own = cpuNanos.getAsLong() - cpu0;
    long machine = machineNanos.getAsLong();
    long wait = waitNanos.getAsLong();
    if (result != null) {
      waitAtLastFinish = wait;
    }
    return new GeneratorLoad(
        phase,
        System.nanoTime() - phaseStart,
        cores,
        own,
        wait - wait0,
        machine == 0 ? 0 : Math.max(0, machine - machine0 - own),
        gcCount.getAsLong() - gcCount0,
        gcNanos.getAsLong() - gc0,
        lag.get() - lag0,
        maxLag.get(),
        maxGc.get(),
        users == null ? 0 : users.count(),
        users == null ? 0 : users.sum(),
        users == null ? 0 : users.max(),
        result == null ? 0 : result.thinks(),
        result == null ? 0 : result.thinkNanos(),
        0);
  }

  @Override
  public void phaseFinished(PhaseResult result) {
    phases.add(
        load(
            result.phase().name(),
            gaps == null ? null : gaps.apply(result.phase().index()),
            result));
  }

  /**
   * Reads the closed model's response-to-send gaps of each phase from {@code sendGaps}, by phase
   * index, when the phase finishes. Call before the first phase, on the run's thread.
   */
  public void gaps(IntFunction<SendGaps> sendGaps) {
    this.gaps = sendGaps;
  }

  /** Each finished phase's load, in order. */
  public List<GeneratorLoad> phases() {
    return List.copyOf(phases);
  }

  @Override
  public void close() {
    running = false;
    watchdog.interrupt();
    for (NotificationEmitter e : listened) {
      try {
        e.removeNotificationListener(listener);
      } catch (ListenerNotFoundException ex) {
        // already gone: nothing to undo
      }
    }
  }
}
