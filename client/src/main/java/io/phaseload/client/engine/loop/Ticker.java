package io.phaseload.client.engine.loop;

/**
 * Work an event loop does on time rather than on I/O: its waiting users' timers ({@link
 * LoopUsers}). The loop calls {@link #tick} on every turn and sleeps in its selector no longer than
 * the tick asks, so that a wait is a timer on the loop, not a thread woken for it. Called on the
 * loop's thread only.
 */
interface Ticker {

  /** No further tick is due until something else wakes the loop. */
  long NEVER = Long.MAX_VALUE;

  /**
   * Does what is due now.
   *
   * @return nanoseconds until the next tick is due, or {@link #NEVER}
   */
  long tick();
}
