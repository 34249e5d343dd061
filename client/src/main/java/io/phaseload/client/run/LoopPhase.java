package io.phaseload.client.run;

import io.phaseload.client.engine.loop.Caller;
import io.phaseload.client.engine.loop.LoopUser;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.PhaseResult;
import java.util.concurrent.CountDownLatch;

/**
 * A closed-model phase on the event-loop engine: THREADS users, each a connection and the small
 * state machine below, driven by the engine's loops instead of a thread each. A user sends its
 * ITERATIONS x the iteration's requests back to back, as a user thread does, recording each into
 * its own slice from its loop's thread; the phase ends when every user has finished or stopped.
 *
 * <p>Made and run by the run's thread ({@code PhaseRunner}); the users run on the loops.
 */
final class LoopPhase {

  private final LoopRun run;

  LoopPhase(LoopRun run) {
    this.run = run;
  }

  /** Runs {@code phase} of a run that began at {@code runStart}, until its users are done. */
  PhaseResult run(Phase phase, long runStart) throws InterruptedException {
    int threads = run.plan().threads(phase);
    long setup = run.nanoTime().getAsLong();
    CountDownLatch done = new CountDownLatch(threads);
    User[] users = new User[threads];
    for (int t = 0; t < threads; t++) {
      users[t] = new User(phase, t, runStart, done);
    }
    long start = run.nanoTime().getAsLong();
    for (User u : users) {
      u.user.execute(u);
    }
    try {
      done.await();
    } catch (InterruptedException e) {
      run.stop().stop("interrupted");
      throw e;
    }
    long end = run.nanoTime().getAsLong();
    return new PhaseResult(
        phase, start - runStart, end - start, !run.stop().stopped(), start - setup, null);
  }

  /** One user: its requests in turn, each sent when the last one's answer is recorded. */
  private final class User implements Caller, Runnable {
    private final LoopUser user;
    private final Vars vars;
    private final CountDownLatch done;
    private final FailureLimit max = run.stop().limit();
    private final int iterations = run.plan().iterations();
    private final int requests = run.plan().requestNames().size();
    private final int phaseIndex;
    private final long runStart;
    private final int thread;
    private int slot;
    private int iteration;
    private int request;
    private long sentAt;

    /**
     * Whether an answer came, when the last did, and the gaps from each answer to the next send.
     * Touched on the user's loop thread only.
     */
    private boolean answeredOnce;

    private long answeredAt;

    private long gapSum;
    private long gapCount;
    private long gapMax;

    User(Phase phase, int thread, long runStart, CountDownLatch done) {
      // One-run thread numbers, as PhaseRunner's user threads have them: shards send alike.
      this.vars =
          new Vars(run.plan().firstThread(phase) + thread, phase.name(), phase.index(), run.seed());
      this.phaseIndex = phase.index();
      this.runStart = runStart;
      this.thread = thread;
      this.slot = run.recorder().sliceStart(phase.index(), thread);
      this.done = done;
      this.user = run.engine().user(this);
    }

    /** On the loop: the first request. */
    @Override
    public void run() {
      next();
    }

    @Override
    public void answered(int outcome) {
      long now = run.nanoTime().getAsLong();
      run.recorder().record(slot, sentAt - runStart, now - sentAt, phaseIndex, request, outcome);
      run.recorder().recordConnection(slot, user);
      slot++;
      run.stop().count(outcome, max);
      answeredAt = now;
      answeredOnce = true;
      if (++request == requests) {
        request = 0;
        iteration++;
      }
      next();
    }

    private void next() {
      if (iteration >= iterations || run.stop().stopped()) {
        user.close();
        run.gaps().put(thread, gapSum, gapCount, gapMax);
        done.countDown();
        return;
      }
      if (request == 0) {
        vars.iteration(iteration);
      }
      sentAt = run.nanoTime().getAsLong();
      if (answeredOnce) {
        long gap = sentAt - answeredAt;
        gapSum += gap;
        gapCount++;
        gapMax = Math.max(gapMax, gap);
      }
      user.send(request, vars);
    }
  }
}
