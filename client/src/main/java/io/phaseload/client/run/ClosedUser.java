package io.phaseload.client.run;

import io.phaseload.client.engine.User;
import io.phaseload.client.plan.Population;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.request.Think;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ExchangeTimes;
import java.util.List;

/**
 * One closed-model {@link User}: its setup requests once, ITERATIONS x the iteration's requests,
 * then its teardown requests once, back to back, each sent when the last one's answer is recorded,
 * into the user's own slice of the recording. It sums the gaps from each answer to its next send
 * (delay the generator adds that a real client would not), left in the run's {@link SendGaps} when
 * it leaves a phase.
 *
 * <p>Of stages of users ({@code --stages}), one user runs through every stage, keeping its
 * connection and session: it starts iterations while a stage has it ({@link Stage#startNanos} to
 * {@link Stage#stopNanos}), waits for its next turn when none does, and sends its teardown after
 * its last. Each iteration is recorded in the stage it began in.
 *
 * <p>Not thread-safe, as {@link User}; {@link #stage} is read by the run's thread.
 */
final class ClosedUser implements PhasedUser {

  private final PhaseContext context;
  private final Vars vars;
  private final int thread;
  private final int iterations;
  private final int populationIndex;
  private final int unit;
  private final Population population;
  private final FailureLimit max;
  private final long user;

  /** The phase the user records in, and the next slot of its slice there. */
  private int phase;

  private int slot;
  private int iteration;
  private int request;
  private long sentAt;
  private boolean answeredOnce;
  private long answeredAt;
  private long gapSum;
  private long gapCount;
  private long gapMax;
  private boolean thinking;
  private long wakeAt;
  private long thinkSum;
  private long thinks;
  private boolean done;
  private boolean begun;

  /**
   * Of stages of users: when the user starts in each stage, and when it stops starting iterations,
   * in nanoseconds after the first stage began ({@code on} is -1 for a stage it is not in). Null
   * for a phase, whose users run until their iterations are done.
   */
  private final long[] on;

  private final long[] off;

  /** The stage the user records in or waits for; the number of stages once it is done. */
  private volatile int stage;

  /**
   * @param population which of the plan's populations the user is of
   * @param unit which of the population's users in the phase it is, from 0
   * @param thread which of the phase's users it is, from 0, where it leaves its gaps
   */
  ClosedUser(PhaseContext context, int population, int unit, int thread) {
    this.context = context;
    this.vars = context.vars(population, unit);
    this.thread = thread;
    this.iterations = context.plan().iterations();
    this.populationIndex = population;
    this.unit = unit;
    this.population = context.plan().populations().get(population);
    this.request = this.population.first();
    this.max = context.stop().limit();
    this.user = context.user(population, unit);
    this.phase = context.phase().index();
    if (!context.plan().stages().isEmpty()) { // a closed plan's stages: this user's turns
      List<Stage> stages = context.plan().stages();
      int k = context.plan().user(context.phase(), population, unit);
      on = new long[stages.size()];
      off = new long[stages.size()];
      int first = -1;
      for (int s = stages.size() - 1; s >= 0; s--) {
        Stage st = stages.get(s);
        long at = context.plan().scheduledStartNanos(s);
        on[s] = k < st.users() ? at + st.startNanos(k) : -1;
        off[s] = at + st.stopNanos(k);
        first = on[s] >= 0 ? s : first;
      }
      this.stage = first;
      this.phase = first;
      vars.phase(context.phaseNames()[first]);
    } else {
      on = null;
      off = null;
    }
    this.slot = context.recorder().start(phase, population, unit);
    if (context.flow().data != null) {
      // Per iteration, setup requests use the first iteration's row.
      vars.row(
          context.flow().row(context.flow().rowPerIteration() ? user * iterations : user, vars));
    }
  }

  @Override
  public Vars vars() {
    return vars;
  }

  @Override
  public int phaseNow() {
    return stage;
  }

  /**
   * The next request, {@link #WAIT} while the user thinks after its last one or waits for its turn,
   * or {@link #DONE} once it has sent its iterations or the run stops (its gaps and think time are
   * then left in the run's {@link SendGaps}, once). A request that uses a session variable the user
   * has no value for is recorded as skipped, not sent, and the one after it is asked for.
   */
  @Override
  public int next(long now) {
    if (!begun) {
      begun = true;
      if (on != null && on[stage] > 0) {
        // A stage's later users wait for their turn as a pause before their first request.
        turn(on[stage]);
      }
    }
    if (thinking && now - wakeAt < 0 && !context.stop().stopped()) {
      return WAIT;
    }
    thinking = false;
    while (true) {
      if (request == population.end() || context.stop().stopped()) {
        if (!done) {
          done = true;
          leave();
          stage = on == null ? 0 : on.length;
        }
        return DONE;
      }
      if (request == population.iterationStart() && iteration < iterations && on != null) {
        int placed = place(now - context.start().at());
        if (placed == WAIT) {
          return WAIT;
        }
        if (placed == DONE) {
          // No stage has it any more: no more iterations; its teardown, if any, still goes.
          iteration = iterations;
          request = population.iterationEnd();
          continue;
        }
      }
      if (request == population.iterationStart() && iteration > 0) {
        vars.iteration(iteration);
        if (context.flow().rowPerIteration()) {
          vars.row(context.flow().row(user * iterations + iteration, vars));
        }
      }
      int skipped = context.flow().skipped(request, vars);
      if (skipped == 0) {
        break;
      }
      context.recorder().record(slot++, now - context.runStart(), 0, phase, request, skipped);
      advance();
    }
    sentAt = now;
    if (answeredOnce) {
      long gap = now - answeredAt;
      gapSum += gap;
      gapCount++;
      gapMax = Math.max(gapMax, gap);
    }
    return request;
  }

  /**
   * Of stages of users, where an iteration due {@code t} after the first stage began goes: 0 to
   * start it now, in the stage whose turn it is; {@link #WAIT} till the user's next turn; {@link
   * #DONE} when no stage has it any more.
   */
  private int place(long t) {
    for (int s = stage; s < on.length; s++) {
      if (on[s] >= 0 && t < off[s]) {
        if (s != phase) {
          leave();
          stage = s;
          enter(s);
        }
        if (t >= on[s]) {
          return 0;
        }
        turn(on[s]);
        return WAIT;
      }
    }
    return DONE;
  }

  /** Waits until {@code at} after the first stage began, a pause that is not think time. */
  private void turn(long at) {
    thinking = true;
    wakeAt = context.start().at() + at;
    answeredAt = wakeAt; // the wait is not a gap the generator added
  }

  /** Records from now on in stage {@code s}: its slice, and its name in the user's requests. */
  private void enter(int s) {
    if (s != phase) {
      phase = s;
      slot = context.recorder().start(s, populationIndex, unit);
      vars.phase(context.phaseNames()[s]);
    }
  }

  /** Leaves the phase's gaps and think time in its table, and starts the next phase's from 0. */
  private void leave() {
    SendGaps gaps = context.gaps(phase);
    gaps.put(thread, gapSum, gapCount, gapMax);
    gaps.addThink(thread, thinkSum, thinks);
    gapSum = 0;
    gapCount = 0;
    gapMax = 0;
    thinkSum = 0;
    thinks = 0;
  }

  @Override
  public long wakeAt() {
    return wakeAt;
  }

  @Override
  public void answered(int outcome, long now, ExchangeTimes times) {
    // The exchange's times first: the record's publish makes the whole slot visible to readers.
    context.recorder().recordExchange(slot, times);
    context
        .recorder()
        .record(slot, sentAt - context.runStart(), now - sentAt, phase, request, outcome);
    slot++;
    context.stop().count(outcome, max);
    answeredAt = now;
    answeredOnce = true;
    Think think = context.flow().think(request);
    advance();
    if (!think.none() && request < population.end()) {
      long pause = think.draw(vars);
      thinking = true;
      wakeAt = now + pause;
      thinkSum += pause;
      thinks++;
      // The generator's own delay counts from the end of the pause, not from the answer.
      answeredAt = wakeAt;
    }
  }

  /**
   * On to the next request: after an iteration's last, the next iteration's first, or after the
   * last iteration the teardown's first, and after the teardown {@link Population#end}.
   */
  private void advance() {
    if (++request == population.iterationEnd() && ++iteration < iterations) {
      request = population.iterationStart();
    }
  }
}
