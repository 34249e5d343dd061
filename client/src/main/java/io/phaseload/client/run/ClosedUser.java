package io.phaseload.client.run;

import io.phaseload.client.engine.User;
import io.phaseload.client.plan.Population;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.request.Think;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ExchangeTimes;

/**
 * One closed-model {@link User}: its setup requests once, ITERATIONS x the iteration's requests,
 * then its teardown requests once, back to back, each sent when the last one's answer is recorded,
 * into the user's own slice of the recording. It sums the gaps from each answer to its next send
 * (delay the generator adds that a real client would not), left in the run's {@link SendGaps} when
 * it is done.
 *
 * <p>Not thread-safe, as {@link User}.
 */
final class ClosedUser implements User {

  private final PhaseContext context;
  private final Vars vars;
  private final int thread;
  private final int iterations;
  private final Population population;
  private final FailureLimit max;
  private final long user;
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

  /**
   * Of a stage of users ({@code --stages}): when this user starts, and when it stops starting
   * iterations, in nanoseconds after the phase's start; 0 and never otherwise.
   */
  private final long startAfter;

  private final long stopAfter;

  private boolean begun;

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
    this.population = context.plan().populations().get(population);
    this.request = this.population.first();
    this.max = context.stop().limit();
    this.slot = context.recorder().start(context.phase().index(), population, unit);
    this.user = context.user(population, unit);
    Stage stage = context.plan().stage(context.phase());
    int k = context.plan().firstUser(context.phase(), population) + unit;
    this.startAfter = stage == null ? 0 : stage.startNanos(k);
    this.stopAfter = stage == null ? Long.MAX_VALUE : stage.stopNanos(k);
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

  /**
   * The next request, {@link #WAIT} while the user thinks after its last one, or {@link #DONE} once
   * it has sent its iterations or the run stops (its gaps and think time are then left in the run's
   * {@link SendGaps}, once). A request that uses a session variable the user has no value for is
   * recorded as skipped, not sent, and the one after it is asked for.
   */
  @Override
  public int next(long now) {
    if (!begun) {
      begun = true;
      if (startAfter > 0) {
        // A stage's later users wait for their turn as a pause before their first request.
        thinking = true;
        wakeAt = context.start().at() + startAfter;
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
          context.gaps().put(thread, gapSum, gapCount, gapMax);
          context.gaps().putThink(thread, thinkSum, thinks);
        }
        return DONE;
      }
      if (request == population.iterationStart()
          && iteration < iterations
          && now - context.start().at() >= stopAfter) {
        // Its stage stopped it: no more iterations; its teardown, if any, still goes.
        iteration = iterations;
        request = population.iterationEnd();
        continue;
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
      context
          .recorder()
          .record(slot++, now - context.runStart(), 0, context.phase().index(), request, skipped);
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

  @Override
  public long wakeAt() {
    return wakeAt;
  }

  @Override
  public void answered(int outcome, long now, ExchangeTimes times) {
    context
        .recorder()
        .record(
            slot,
            sentAt - context.runStart(),
            now - sentAt,
            context.phase().index(),
            request,
            outcome);
    context.recorder().recordConnection(slot, times);
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
