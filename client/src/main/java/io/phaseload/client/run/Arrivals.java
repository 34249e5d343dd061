package io.phaseload.client.run;

import java.util.concurrent.atomic.AtomicLong;

/**
 * An open-model phase's arrivals as its users take them: each free user takes the next one, in
 * order, and begins it at its time ({@link Pacer}: a pure function of the index), or at once if it
 * is already due. Thread-safe: {@link #take} is one atomic increment.
 */
final class Arrivals {

  private final Pacer pacer;
  private final long count;
  private final AtomicLong next = new AtomicLong();

  /** When the phase began, on the run's clock; set before any user takes an arrival. */
  private volatile long start;

  Arrivals(Pacer pacer, long count) {
    this.pacer = pacer;
    this.count = count;
  }

  void start(long phaseStart) {
    this.start = phaseStart;
  }

  /** The next arrival's index; {@link #count} or more once they are all taken. */
  long take() {
    return next.getAndIncrement();
  }

  long count() {
    return count;
  }

  /** When arrival {@code i} is due, on the run's clock. */
  long due(long i) {
    return start + pacer.offsetNanos(i);
  }
}
