package io.phaseload.client.engine.loop;

import io.phaseload.client.engine.Drive;
import io.phaseload.client.engine.User;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.OpenedAhead;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * Drives a phase's users on the engine's event loops, the event-loop engine's {@link
 * io.phaseload.client.engine.Engine#drive}: each user is a {@link LoopUser} (its connections) on
 * one loop, stepped from that loop's thread when its answer comes, and, while it waits, by a timer
 * on its loop ({@link Timers}), never by a thread of its own. The users that ask have their
 * connections opened before the clock starts ({@link #openAhead}). Made and run by the run's
 * thread.
 */
final class LoopUsers {

  /** Makes a user on loop {@code l} whose outcomes a {@link Caller} hears. */
  interface Users {
    LoopUser on(int loop, Caller caller);

    /**
     * The loop user number {@code user} runs on, of {@code loops}: in turn, unless the protocol's
     * connections say otherwise (HTTP/2's shared ones: a user goes where its connection is).
     */
    default int loopOf(int user, int loops) {
      return user % loops;
    }
  }

  /** Gives loop {@code l} a ticker (null to take it away), from the loop's thread. */
  interface Tickers {
    void set(int loop, Ticker ticker);
  }

  private final int loopCount;
  private final Users makeUser;
  private final Tickers tickers;
  private final Drive how;
  private final long aheadBoundNanos;
  private final Reasons reasons;

  /**
   * @param aheadBoundNanos the longest the connections opened ahead may take, all told: each is
   *     bounded by its connect and handshake timeouts, and this ends the wait for those that are
   *     not
   * @param reasons the run's reasons, which names an opening ahead ended by that bound
   */
  LoopUsers(
      int loops,
      Users makeUser,
      Tickers tickers,
      Drive how,
      long aheadBoundNanos,
      Reasons reasons) {
    this.loopCount = loops;
    this.makeUser = makeUser;
    this.tickers = tickers;
    this.how = how;
    this.aheadBoundNanos = aheadBoundNanos;
    this.reasons = reasons;
  }

  /** How often the drive looks whether a loop died while it waits for the users. */
  private static final long DEATH_CHECK_MILLIS = 100;

  /**
   * Runs {@code users} until each is done, or a loop dies ({@code death} then says why, and the run
   * stops with that reason); {@code started} hears when they begin.
   */
  void drive(User[] users, LongConsumer started, Supplier<String> death)
      throws InterruptedException {
    int loops = Math.min(loopCount, Math.max(1, users.length));
    CountDownLatch done = new CountDownLatch(users.length);
    Timers[] timers = new Timers[loops];
    for (int l = 0; l < loops; l++) {
      timers[l] = new Timers(how);
      tickers.set(l, timers[l]);
    }
    Stepper[] steppers = new Stepper[users.length];
    for (int u = 0; u < users.length; u++) {
      int l = makeUser.loopOf(u, loops);
      steppers[u] = new Stepper(users[u], l, timers[l], done);
    }
    try {
      if (how.openedAhead() != null) {
        openAhead(steppers, how.openedAhead());
      }
      started.accept(how.clock().getAsLong());
      // A shard may have no user in a phase: no loop then has one to step.
      for (int l = 0; l < loops; l++) {
        LoopUser any = firstOn(steppers, l);
        if (any != null) {
          any.execute(new FirstSteps(steppers, l, timers[l]));
        }
      }
      while (!done.await(DEATH_CHECK_MILLIS, TimeUnit.MILLISECONDS)) {
        String why = death.get();
        if (why != null) {
          how.stop().accept(why);
          break; // its users will never be done: the run ends with what the others did
        }
      }
    } catch (InterruptedException e) {
      how.stop().accept("interrupted");
      throw e;
    } finally {
      for (int l = 0; l < loops; l++) {
        tickers.set(l, null);
      }
    }
  }

  /**
   * Opens the connections of the users that ask ({@link User#opensAhead}) on their loops, all at
   * once, and waits until each is open or failed, or {@link #aheadBoundNanos} passed, or the run
   * stopped; then ends those still opening, whose users open theirs on their first request. Every
   * loop runs that end before its users' first steps, which are queued after it.
   */
  private void openAhead(Stepper[] steppers, OpenedAhead tally) throws InterruptedException {
    int connections = 0;
    for (Stepper s : steppers) {
      if (s.user.opensAhead()) {
        connections += s.connection.connectionsAhead();
      }
    }
    if (connections == 0) {
      return;
    }
    // Real time, whatever the run's clock: the bound is on sockets.
    long begin = System.nanoTime();
    CountDownLatch open = new CountDownLatch(connections);
    Route.Ahead done =
        new Route.Ahead() {
          @Override
          public void opened(long connectNanos, long tlsNanos) {
            tally.open(connectNanos, tlsNanos);
            open.countDown();
          }

          @Override
          public void failed(int failure) {
            tally.fail(failure);
            open.countDown();
          }
        };
    for (Stepper s : steppers) {
      int n = s.user.opensAhead() ? s.connection.connectionsAhead() : 0;
      if (n > 0) {
        tally.begin(n);
        s.connection.execute(() -> s.connection.openAhead(done));
      }
    }
    long until = begin + aheadBoundNanos;
    while (!open.await(Math.min(STOP_CHECK_NANOS, until - System.nanoTime()), NANOS)) {
      if (how.stopped().getAsBoolean() || until - System.nanoTime() <= 0) {
        int failure = Outcome.failure(Outcome.CONNECT, reasons.intern(NOT_OPEN));
        for (Stepper s : steppers) {
          s.connection.execute(() -> s.connection.abandonAhead(failure));
        }
        open.await();
        break;
      }
    }
    tally.took(System.nanoTime() - begin);
    OpenedAhead.collectGarbage();
  }

  /** A user of loop {@code l}; null if it has none. */
  private static LoopUser firstOn(Stepper[] steppers, int l) {
    for (Stepper s : steppers) {
      if (s.loop == l) {
        return s.connection;
      }
    }
    return null;
  }

  /** The reason of a connection still opening ahead when the set-up's bound passed. */
  static final String NOT_OPEN = "still opening when the set-up's bound passed";

  /** The longest the wait for connections opened ahead goes without looking whether to stop. */
  private static final long STOP_CHECK_NANOS = 100_000_000;

  private static final TimeUnit NANOS = TimeUnit.NANOSECONDS;

  /**
   * The first steps of one loop's users, in one task on that loop, ticking its timers every {@link
   * #STEPS_PER_TICK} users: an open-model user's first step takes its first arrival, and thousands
   * of them in one turn (tens of ms, before the code is compiled) would hold up the arrivals the
   * first ones took, due in the schedule's first milliseconds.
   */
  private static final class FirstSteps implements Runnable {
    private final Stepper[] steppers;
    private final int loop;
    private final Timers timers;

    FirstSteps(Stepper[] steppers, int loop, Timers timers) {
      this.steppers = steppers;
      this.loop = loop;
      this.timers = timers;
    }

    @Override
    public void run() {
      int n = 0;
      for (Stepper s : steppers) {
        if (s.loop != loop) {
          continue;
        }
        s.step();
        if (++n % STEPS_PER_TICK == 0) {
          timers.tick();
        }
      }
    }
  }

  /** How many users' first steps a loop takes between two looks at its due timers. */
  static final int STEPS_PER_TICK = 32;

  /** One user on its loop: asks it what to do, and does it. Loop thread only, once started. */
  private final class Stepper implements Caller {
    private final User user;
    private final LoopUser connection;
    private final Timers timers;
    private final CountDownLatch done;

    /** The request in flight, whose captures its answer takes. */
    private int sending;

    /** The loop the user runs on. */
    final int loop;

    Stepper(User user, int loop, Timers timers, CountDownLatch done) {
      this.loop = loop;
      this.user = user;
      this.timers = timers;
      this.done = done;
      this.connection = makeUser.on(loop, this);
    }

    @Override
    public void answered(int outcome) {
      long at = how.clock().getAsLong();
      user.answered(connection.capture(outcome, sending, user.vars()), at, connection);
      step();
    }

    void step() {
      int r = user.next(how.clock().getAsLong());
      sending = r;
      if (r == User.WAIT) {
        timers.add(user.wakeAt(), this);
      } else if (r == User.DONE) {
        connection.close();
        done.countDown();
      } else {
        connection.send(r, user.vars());
      }
    }
  }

  /**
   * A loop's waiting users, earliest first: a binary heap of wake times, the loop's {@link Ticker},
   * so that a waiting user costs the loop a heap entry, not a thread. Loop thread only.
   */
  static final class Timers implements Ticker {
    private final Drive how;
    private long[] at = new long[16];
    private Stepper[] who = new Stepper[16];
    private int size;

    Timers(Drive how) {
      this.how = how;
    }

    void add(long wakeAt, Stepper s) {
      if (size == at.length) {
        at = Arrays.copyOf(at, 2 * size);
        who = Arrays.copyOf(who, 2 * size);
      }
      int i = size++;
      while (i > 0 && at[(i - 1) / 2] > wakeAt) {
        int parent = (i - 1) / 2;
        at[i] = at[parent];
        who[i] = who[parent];
        i = parent;
      }
      at[i] = wakeAt;
      who[i] = s;
    }

    @Override
    public long tick() {
      // A run that stops wakes every waiting user now, to see it: the loop ticks at least every
      // sweep of its timeouts, so a user waiting for a later phase does not hold the run.
      boolean stopping = size > 0 && how.stopped().getAsBoolean();
      while (size > 0) {
        long now = how.clock().getAsLong();
        if (at[0] > now && !stopping) {
          return at[0] - now;
        }
        Stepper due = who[0];
        removeFirst();
        due.step();
      }
      return NEVER;
    }

    private void removeFirst() {
      size--;
      long last = at[size];
      Stepper lastWho = who[size];
      who[size] = null;
      int i = 0;
      while (true) {
        int child = 2 * i + 1;
        if (child >= size) {
          break;
        }
        if (child + 1 < size && at[child + 1] < at[child]) {
          child++;
        }
        if (at[child] >= last) {
          break;
        }
        at[i] = at[child];
        who[i] = who[child];
        i = child;
      }
      if (size > 0) {
        at[i] = last;
        who[i] = lastWho;
      }
    }
  }
}
