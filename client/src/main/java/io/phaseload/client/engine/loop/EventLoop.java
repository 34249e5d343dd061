package io.phaseload.client.engine.loop;

import io.phaseload.client.request.Reasons;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One thread and one {@link Selector} driving many connections, as wrk's loops do: it never blocks
 * but in {@code select}, or in a nap of at most {@link #NAP_NANOS} while a tick is near, and it
 * owns its connections outright, so nothing on the hot path is shared with other threads. Other
 * threads reach it only through {@link #execute}, which wakes the selector once however many tasks
 * they queue (Netty's rule). It checks its connections' deadlines every {@link #sweepNanos}, which
 * bounds how late a timeout is noticed.
 *
 * <p>{@link #execute}, {@link #wakeup} and {@link #stop} are thread-safe; everything else is called
 * on the loop's own thread, by the loop package and the protocols' connections.
 */
public final class EventLoop implements Runnable {

  private static final int BUFFER = 64 * 1024;

  /** How soon a tick must be due for the loop to nap for it instead of sleeping in select. */
  static final long NEAR_NANOS = 1_000_000;

  /**
   * The longest the loop naps while a tick is near: a response that arrives meanwhile is read (and
   * timed) up to this much late, plus the kernel's timer slack.
   */
  static final long NAP_NANOS = 50_000;

  final Selector selector;
  final Reasons reasons;
  final long connectTimeoutNanos;
  final long readTimeoutNanos;

  /** Where every connection of this loop reads its responses to, one at a time. */
  final ByteBuffer readBuffer = ByteBuffer.allocate(BUFFER);

  /** Where requests are copied on their way to the socket. */
  final ByteBuffer writeBuffer = ByteBuffer.allocateDirect(BUFFER);

  /** The loop's clock, read once per turn: deadlines are set from it. */
  long now = System.nanoTime();

  private final BooleanSupplier aborted;
  private final String name;
  private final int index;
  private final CountDownLatch ended = new CountDownLatch(1);

  /** The thread running the loop, once it runs: a task of the run's executor, or its own. */
  private volatile Thread thread;

  private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean awake = new AtomicBoolean();
  private final ArrayDeque<Runnable> failed = new ArrayDeque<>();
  private final Consumer<SelectionKey> onKey = this::onKey;
  private final long sweepNanos;
  private long nextSweep;
  private boolean abortSeen;
  private Ticker ticker;
  private volatile boolean running = true;

  /** Why the loop ended before it was stopped: a fault of its own, not a request's; else null. */
  private volatile String death;

  /**
   * @param aborted whether the engine was aborted: read once per turn
   * @param reasons the run's failure reasons, which failures fill
   */
  EventLoop(
      BooleanSupplier aborted,
      Reasons reasons,
      int index,
      long connectTimeoutNanos,
      long readTimeoutNanos) {
    this.aborted = aborted;
    this.reasons = reasons;
    this.connectTimeoutNanos = connectTimeoutNanos;
    this.readTimeoutNanos = readTimeoutNanos;
    this.sweepNanos =
        Math.max(
            1_000_000, Math.min(50_000_000, Math.min(connectTimeoutNanos, readTimeoutNanos) / 16));
    try {
      this.selector = Selector.open();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open a selector", e);
    }
    this.name = "phaseload-loop-" + index;
    this.index = index;
  }

  /**
   * Runs the loop as a task of {@code on}, which must run it on a platform thread of its own for as
   * long as the loop runs: the loop blocks in its selector and naps with {@code parkNanos}.
   */
  void start(Executor on) {
    on.execute(this);
  }

  /** Runs {@code task} on this loop's thread, soon. Thread-safe. */
  void execute(Runnable task) {
    tasks.add(task);
    if (Thread.currentThread() != thread) {
      wakeup();
    }
  }

  /** Makes the loop look at its tasks and the engine's state now. Thread-safe. */
  void wakeup() {
    if (awake.compareAndSet(false, true)) {
      selector.wakeup();
      LockSupport.unpark(thread);
    }
  }

  /** Whether the engine was aborted. */
  public boolean aborted() {
    return aborted.getAsBoolean();
  }

  /** The loop's number among its engine's, from 0. */
  public int index() {
    return index;
  }

  /** The loop's clock, read once per turn: what deadlines are set from. */
  public long now() {
    return now;
  }

  /** The run's failure reasons, which failures fill. */
  public Reasons reasons() {
    return reasons;
  }

  /** How long a connect (and its handshake) may take. */
  public long connectTimeoutNanos() {
    return connectTimeoutNanos;
  }

  /** How long a response may take once its request is written, and each wait for its bytes. */
  public long readTimeoutNanos() {
    return readTimeoutNanos;
  }

  /**
   * Tells of a failed request on the loop's next turn: never from within the send that failed, so
   * that a target that fails at once cannot recurse one send into the next.
   */
  public void defer(Runnable tell) {
    failed.add(tell);
  }

  /** Makes {@code t} this loop's ticker (null for none). Loop thread only. */
  void ticker(Ticker t) {
    ticker = t;
  }

  /** Ends the loop after its current turn; its connections are closed. Thread-safe. */
  void stop() {
    running = false;
    wakeup();
  }

  /** Why the loop ended by a fault of its own, in one line; null while it runs, or if stopped. */
  String death() {
    return death;
  }

  /** Waits for the loop to end. */
  void join() throws InterruptedException {
    ended.await();
  }

  @Override
  public void run() {
    Thread self = Thread.currentThread();
    String was = self.getName();
    self.setName(name);
    thread = self;
    try {
      while (running) {
        turn();
      }
    } catch (IOException | RuntimeException | Error e) {
      // Its users can no longer be driven: the drive hears of it (death()) and stops the
      // run with this reason, so that the run ends with its report rather than wait for them.
      death = name + " failed: " + e;
    } finally {
      for (SelectionKey k : selector.keys()) {
        ((LoopChannel) k.attachment()).disconnect();
      }
      try {
        selector.close();
      } catch (IOException e) {
        // the loop is over; nothing more to release
      } finally {
        self.setName(was);
        ended.countDown();
      }
    }
  }

  private void turn() throws IOException {
    for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
      task.run();
    }
    if (!abortSeen && aborted.getAsBoolean()) {
      abortSeen = true;
      for (SelectionKey k : selector.keys().toArray(new SelectionKey[0])) {
        ((LoopChannel) k.attachment()).abort();
      }
    }
    // Tell the users whose requests failed, only those queued before this loop began: one that
    // fails again at once waits for the next turn, after the selector has had its say.
    for (int n = failed.size(); n > 0; n--) {
      failed.poll().run();
    }
    now = System.nanoTime();
    if (now - nextSweep >= 0) {
      for (SelectionKey k : selector.keys()) {
        ((LoopChannel) k.attachment()).expireAt(now);
      }
      nextSweep = now + sweepNanos;
    }
    long untilTick = ticker == null ? Ticker.NEVER : ticker.tick();
    awake.set(false);
    if (!tasks.isEmpty() || !failed.isEmpty() || !running) {
      selector.selectNow(onKey);
    } else if (untilTick < NEAR_NANOS) {
      // A tick is due sooner than the selector can sleep: it sleeps in whole milliseconds, and
      // Linux adds its timer slack, so select(1) makes an arrival due in 50 us late by more than
      // a millisecond. Poll the sockets, and when they have nothing, nap for the tick or NAP_NANOS,
      // whichever is sooner: a nap sleeps to the microsecond, where select cannot. Napping, not
      // spinning: a loop that spins is the one the scheduler runs last on a busy machine.
      if (selector.selectNow(onKey) == 0 && tasks.isEmpty()) {
        LockSupport.parkNanos(Math.min(untilTick, NAP_NANOS));
      }
    } else {
      // Whole milliseconds rounded down, so that the selector wakes before the tick is due (by
      // less than a millisecond, polled away as above), never after.
      long wait = Math.min(Math.max(0, nextSweep - now), untilTick) / 1_000_000;
      selector.select(onKey, Math.max(1, wait));
    }
    now = System.nanoTime();
  }

  private void onKey(SelectionKey k) {
    if (k.isValid()) {
      ((LoopChannel) k.attachment()).ready(k.readyOps());
    }
  }
}
