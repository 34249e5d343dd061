package io.phaseload.client.run;

import io.phaseload.client.engine.loop.Caller;
import io.phaseload.client.engine.loop.LoopUser;
import io.phaseload.client.engine.loop.Ticker;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.PhaseResult;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * An open-model phase on the event-loop engine: arrivals are timers on the loops, not threads woken
 * for them. Loop l takes arrivals l, l + L, l + 2L, ... of the phase's schedule ({@link Pacer}) and
 * its share of THREADS users, the cap on iterations in flight: an arrival starts on a free user at
 * its time, or, when every user of its loop is busy, as soon as one is free, and is then late
 * (later than {@link ArrivalStats#LATE_NANOS}) as with threads. Latency counts from the arrival's
 * time.
 *
 * <p>Made and run by the run's thread; each {@link Share} runs on its loop.
 */
final class LoopArrivals {

  /**
   * The fewest users a loop takes arrivals for. An arrival waits for a free user of its own loop,
   * so a few users split across loops wait where one pool would have had a free one: 2 users on 2
   * loops left an arrival 200 ms late behind one slow answer while the other user idled.
   */
  static final int USERS_PER_LOOP = 16;

  private final LoopRun run;

  LoopArrivals(LoopRun run) {
    this.run = run;
  }

  /** Runs {@code phase} of a run that began at {@code runStart}, until its arrivals are done. */
  PhaseResult run(Phase phase, long runStart) throws InterruptedException {
    int threads = run.plan().threads(phase);
    int loops = Math.min(run.engine().loops(), Math.max(1, threads / USERS_PER_LOOP));
    long setup = run.nanoTime().getAsLong();
    Pacer pacer = Pacer.of(run.plan(), phase, run.seed());
    long count = run.plan().arrivals(phase);
    CountDownLatch done = new CountDownLatch(loops);
    Share[] shares = new Share[loops];
    for (int l = 0; l < loops; l++) {
      shares[l] = new Share(phase, l, loops, pacer, count, runStart, done);
    }
    for (int t = 0; t < threads; t++) {
      shares[t % loops].add(t);
    }
    long start = run.nanoTime().getAsLong();
    for (int l = 0; l < loops; l++) {
      shares[l].start = start;
      run.engine().ticker(l, shares[l]);
    }
    try {
      done.await();
    } catch (InterruptedException e) {
      run.stop().stop("interrupted");
      throw e;
    } finally {
      for (int l = 0; l < loops; l++) {
        run.engine().ticker(l, null);
      }
    }
    long end = run.nanoTime().getAsLong();
    long started = 0;
    long late = 0;
    long maxLate = 0;
    long last = start;
    for (Share s : shares) {
      started += s.started;
      late += s.late;
      maxLate = Math.max(maxLate, s.maxLate);
      last = Math.max(last, s.lastStart);
    }
    return new PhaseResult(
        phase,
        start - runStart,
        end - start,
        !run.stop().stopped(),
        start - setup,
        new ArrivalStats(count, started, late, maxLate, run.plan().rate(phase), last - start));
  }

  /** One loop's arrivals and users. Its fields are the loop's; read by the run after the latch. */
  private final class Share implements Ticker {
    private final Phase phase;
    private final int loop;
    private final int loops;
    private final Pacer pacer;
    private final long count;
    private final long runStart;
    private final CountDownLatch done;
    private final int requests = run.plan().requestNames().size();
    private User[] free = new User[4];
    private int freeCount;
    private int users;
    private long next;
    private boolean finished;

    /** When the phase began; written before the ticker is handed to the loop. */
    long start;

    long started;
    long late;
    long maxLate;
    long lastStart;

    Share(
        Phase phase,
        int loop,
        int loops,
        Pacer pacer,
        long count,
        long runStart,
        CountDownLatch done) {
      this.phase = phase;
      this.loop = loop;
      this.loops = loops;
      this.pacer = pacer;
      this.count = count;
      this.runStart = runStart;
      this.done = done;
      this.next = loop;
    }

    void add(int thread) {
      if (freeCount == free.length) {
        free = Arrays.copyOf(free, 2 * free.length);
      }
      free[freeCount++] = new User(this, thread);
      users++;
    }

    @Override
    public long tick() {
      if (finished) {
        return NEVER;
      }
      while (next < count && !run.stop().stopped()) {
        long due = start + pacer.offsetNanos(next);
        long now = run.nanoTime().getAsLong();
        if (due > now) {
          return due - now;
        }
        if (freeCount == 0) {
          return NEVER; // a user coming free ticks again
        }
        long behind = now - due;
        if (behind > ArrivalStats.LATE_NANOS) {
          late++;
        }
        maxLate = Math.max(maxLate, behind);
        started++;
        lastStart = Math.max(lastStart, now);
        free[--freeCount].begin(next, due);
        next += loops;
      }
      if (freeCount == users) {
        finished = true;
        for (int u = 0; u < freeCount; u++) {
          free[u].user.close();
        }
        done.countDown();
      }
      return NEVER;
    }

    void freed(User u) {
      free[freeCount++] = u;
      tick();
    }
  }

  /** A user: one arrival's iteration at a time, its requests back to back. */
  private final class User implements Caller {
    private final Share share;
    private final LoopUser user;
    private final Vars vars;
    private final FailureLimit max = run.stop().limit();
    private int slot;
    private int request;
    private long intended;
    private long sentAt;

    User(Share share, int thread) {
      this.share = share;
      this.vars =
          new Vars(
              run.plan().firstThread(share.phase) + thread,
              share.phase.name(),
              share.phase.index(),
              run.seed());
      this.user = run.engine().user(share.loop, this);
    }

    void begin(long arrival, long due) {
      vars.iteration((int) Math.min(run.plan().shard().arrival(arrival), Integer.MAX_VALUE));
      slot = run.recorder().arrivalStart(share.phase.index(), arrival);
      request = 0;
      intended = due;
      sentAt = run.nanoTime().getAsLong();
      user.send(0, vars);
    }

    @Override
    public void answered(int outcome) {
      long now = run.nanoTime().getAsLong();
      run.recorder()
          .recordOpen(
              slot,
              intended - share.runStart,
              sentAt - share.runStart,
              now - sentAt,
              share.phase.index(),
              request,
              outcome);
      run.recorder().recordConnection(slot, user);
      slot++;
      run.stop().count(outcome, max);
      // The user sends the next request when this one ends: that is its intended time.
      intended = now;
      if (++request < share.requests && !run.stop().stopped()) {
        sentAt = now;
        user.send(request, vars);
      } else {
        share.freed(this);
      }
    }
  }
}
