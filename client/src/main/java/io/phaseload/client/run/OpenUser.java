package io.phaseload.client.run;

import io.phaseload.client.engine.User;
import io.phaseload.client.request.Think;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ExchangeTimes;

/**
 * One open-model {@link User}: whenever it is free it takes the next arrival of the phase it is in,
 * waits for its time, and runs that arrival's iteration, its requests back to back. An arrival that
 * no user was free for at its time begins when one comes free, and is late; either way its first
 * request's latency counts from the arrival's time, and each later request's from the end of the
 * one before (when the user would have sent it), or from the end of the user's think time after it.
 *
 * <p>The run's arrivals are one schedule through all its phases, in runs of {@link Arrivals#RUN}:
 * once a run's arrivals are all taken, the user goes on to the next run whose phase has it (its
 * unit under the phase's cap on arrivals in flight), on the same connection.
 *
 * <p>Not thread-safe, as {@link User}; {@link #phaseNow} is read by the run's thread.
 */
final class OpenUser implements PhasedUser {

  private final PhaseContext context;
  private final Vars vars;
  private final int population;
  private final int unit;

  /** The population's arrivals, every phase's runs in order. */
  private final Arrivals[] arrivals;

  /** Which of them the user takes from; arrivals.length once done. */
  private int run = -1;

  /** The population's first request, and the index after its last. */
  private final int first;

  private final int requests;

  private final FailureLimit max;
  private final int thread;
  private long thinkSum;
  private long thinks;

  /** The phase of the run it takes from, which it records in; the number of phases once done. */
  private int phase;

  private volatile int phaseNow;

  private final int phases;

  private final boolean opensAhead;

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
   * @param unit which of the population's users it is, from 0: it takes arrivals in the phases
   *     whose cap on the population's arrivals in flight is above it
   * @param thread which of the run's users it is, from 0, where it leaves its think time
   * @param arrivals the population's arrivals, every phase's runs in order ({@link Arrivals#of})
   * @param opensAhead whether the engine opens its connections before the clock starts
   */
  OpenUser(
      PhaseContext context,
      int population,
      int unit,
      int thread,
      Arrivals[] arrivals,
      boolean opensAhead) {
    this.context = context;
    this.arrivals = arrivals;
    this.vars = context.vars(population, unit);
    this.population = population;
    this.unit = unit;
    this.first = context.plan().populations().get(population).first();
    this.requests = context.plan().populations().get(population).end();
    this.max = context.stop().limit();
    this.thread = thread;
    this.phases = context.plan().phases().size();
    this.opensAhead = opensAhead;
    moveFrom(0);
  }

  @Override
  public boolean opensAhead() {
    return opensAhead;
  }

  @Override
  public Vars vars() {
    return vars;
  }

  @Override
  public int phaseNow() {
    return phaseNow;
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
                phase,
                request++,
                skipped);
      }
      busy = false;
    }
    while (arrival < 0) {
      if (run == arrivals.length) {
        return done();
      }
      long i = arrivals[run].take();
      if (i < arrivals[run].count()) {
        arrival = i;
        due = arrivals[run].due(i);
      } else {
        moveFrom(run + 1);
      }
    }
    if (due > now) {
      return WAIT;
    }
    // Every arrival is a new user: a session of its own.
    vars.unsetAll();
    Arrivals taken = arrivals[run];
    long inPhase = context.plan().shard().arrival(taken.first + arrival);
    vars.iteration((int) Math.min(inPhase, Integer.MAX_VALUE));
    if (context.flow().data != null) {
      vars.row(context.flow().row(taken.runFirst + inPhase, vars));
    }
    slot = context.recorder().start(phase, population, taken.first + arrival);
    arrival = -1;
    busy = true;
    request = first;
    intended = due;
    sentAt = now;
    return first;
  }

  /**
   * Goes on to the first run from {@code from} on whose phase has the user, or past the last: the
   * think time of the phase it leaves, if it leaves one, is added to the phase's table.
   */
  private void moveFrom(int from) {
    int r = from;
    while (r < arrivals.length && unit >= arrivals[r].cap) {
      r++;
    }
    int next = r < arrivals.length ? arrivals[r].phase : phases;
    if (run >= 0) {
      context.gaps(phase).addThink(thread, thinkSum, thinks);
      thinkSum = 0;
      thinks = 0;
    }
    run = r;
    phase = next;
    if (r < arrivals.length) {
      vars.phase(context.phaseNames()[next]);
    }
    phaseNow = next;
  }

  @Override
  public long wakeAt() {
    return busy ? intended : due;
  }

  /** {@link #DONE}, the user's think time left in its phase's table the first time. */
  private int done() {
    if (run < arrivals.length) {
      moveFrom(arrivals.length);
    }
    return DONE;
  }

  @Override
  public void answered(int outcome, long now, ExchangeTimes times) {
    // The exchange's times first: the record's publish makes the whole slot visible to readers.
    context.recorder().recordExchange(slot, times);
    context
        .recorder()
        .recordOpen(
            slot,
            intended - context.runStart(),
            sentAt - context.runStart(),
            now - sentAt,
            phase,
            request,
            outcome);
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
