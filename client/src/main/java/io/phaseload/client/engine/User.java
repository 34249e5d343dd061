package io.phaseload.client.engine;

import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ExchangeTimes;

/**
 * A user as a state machine that does not know how it is scheduled: an engine's {@link
 * Engine#drive} (a thread of the run's executor each, blocking on its session, or an event loop's
 * callbacks and timers) asks it what to do next and tells it how each request ended, the same way
 * for every load model. The run's drivers implement it, one per load model.
 *
 * <p>Not thread-safe: driven by one thread at a time, with a happens-before edge between calls.
 */
public interface User {

  /** {@link #next}'s answer when the user has nothing more to send. */
  int DONE = -1;

  /** {@link #next}'s answer when the user waits until {@link #wakeAt}, then asks again. */
  int WAIT = -2;

  /**
   * What to do at {@code now}: the index of the scenario's request to send now (rendered with
   * {@link #vars}), {@link #WAIT} or {@link #DONE}.
   */
  int next(long now);

  /** After {@link #WAIT}: when to ask {@link #next} again, on the run's clock. */
  long wakeAt();

  /** The variables the request {@link #next} named is rendered with. */
  Vars vars();

  /** The request {@link #next} named ended at {@code now} with {@code outcome}: records it. */
  void answered(int outcome, long now, ExchangeTimes times);

  /**
   * Whether the engine opens this user's connections before the clock starts ({@link
   * Drive#openedAhead}), so that its first request does not open one: an open-model user's first
   * arrival is on a schedule that opening thousands of connections at once would make late. Asked
   * once, before the first {@link #next}.
   */
  default boolean opensAhead() {
    return false;
  }
}
