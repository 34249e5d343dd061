package io.phaseload.client.run;

import io.phaseload.client.engine.User;
import io.phaseload.client.request.Think;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ExchangeTimes;

/**
 * One open-model {@link User}: whenever it is free it takes the phase's next arrival, waits for its
 * time, and runs that arrival's iteration, its requests back to back. An arrival that no user was
 * free for at its time begins when one comes free, and is late; either way its first request's
 * latency counts from the arrival's time, and each later request's from the end of the one before
 * (when the user would have sent it), or from the end of the user's think time after it.
 *
 * <p>Not thread-safe, as {@link User}.
 */
final class OpenUser implements User {

  private final PhaseContext context;
  private final Arrivals arrivals;
  private final Vars vars;
  private final int population;

  /** The population's first request, and the index after its last. */
  private final int first;

  private final int requests;

  /** The run-wide number of the population's first arrival in the phase. */
  private final long firstArrival;

  private final FailureLimit max;
  private final int thread;
  private long thinkSum;
  private long thinks;
  private boolean reported;

  /** The arrival taken and waited for; -1 for none. */
  private long arrival = -1;

  private long due;

  /** Within an arrival: the next request to send, from {@link #first} up to {@link #requests}. */
  private int request;

  private boolean busy;
  private int slot;
  private long intended;
  private long sentAt;

  /**
   * @param population which of the plan's populations its arrivals are of
   * @param unit which of the population's users it is, from 0
   * @param thread which of the phase's users it is, from 0, where it leaves its think time
   * @param arrivals the population's arrivals in the phase
   */
  OpenUser(PhaseContext context, int population, int unit, int thread, Arrivals arrivals) {
    this.context = context;
    this.arrivals = arrivals;
    this.vars = context.vars(population, unit);
    this.population = population;
    this.first = context.plan().populations().get(population).first();
    this.requests = context.plan().populations().get(population).end();
    this.firstArrival = context.firstArrival(population);
    this.max = context.stop().limit();
    this.thread = thread;
  }

  @Override
  public Vars vars() {
    return vars;
  }

  @Override
  public int next(long now) {
    if (context.stop().stopped()) {
      return done();
    }
    if (busy) {
      if (request < requests && now - intended < 0) {
        return WAIT; // thinking
      }
      while (request < requests) {
        int skipped = context.flow().skipped(request, vars);
        if (skipped == 0) {
          sentAt = now;
          return request;
        }
        // Not sent: recorded at its intended time, as if it had been sent and failed at once.
        context
            .recorder()
            .recordOpen(
                slot++,
                intended - context.runStart(),
                now - context.runStart(),
                0,
                context.phase().index(),
                request++,
                skipped);
      }
      busy = false;
    }
    if (arrival < 0) {
      long i = arrivals.take();
      if (i >= arrivals.count()) {
        return done();
      }
      arrival = i;
      due = arrivals.due(i);
    }
    if (due > now) {
      return WAIT;
    }
    // Every arrival is a new user: a session of its own.
    vars.unsetAll();
    long inPhase = context.plan().shard().arrival(arrival);
    vars.iteration((int) Math.min(inPhase, Integer.MAX_VALUE));
    if (context.flow().data != null) {
      vars.row(context.flow().row(firstArrival + inPhase, vars));
    }
    slot = context.recorder().start(context.phase().index(), population, arrival);
    arrival = -1;
    busy = true;
    request = first;
    intended = due;
    sentAt = now;
    return first;
  }

  @Override
  public long wakeAt() {
    return busy ? intended : due;
  }

  /** {@link #DONE}, the user's think time left in the run's {@link SendGaps} the first time. */
  private int done() {
    if (!reported) {
      reported = true;
      context.gaps(context.phase().index()).putThink(thread, thinkSum, thinks);
    }
    return DONE;
  }

  @Override
  public void answered(int outcome, long now, ExchangeTimes times) {
    context
        .recorder()
        .recordOpen(
            slot,
            intended - context.runStart(),
            sentAt - context.runStart(),
            now - sentAt,
            context.phase().index(),
            request,
            outcome);
    context.recorder().recordConnection(slot, times);
    slot++;
    Think think = context.flow().think(request);
    request++;
    context.stop().count(outcome, max);
    // The user sends the next request when this one ends, or its think time after: that is its
    // intended time.
    intended = now;
    if (!think.none() && request < requests) {
      long pause = think.draw(vars);
      intended = now + pause;
      thinkSum += pause;
      thinks++;
    }
  }
}
