package io.phaseload.client.run;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A run of an open-model phase's arrivals as its users take them: each free user takes the next
 * one, in order, and begins it at its time ({@link Pacer}: a pure function of the index), or at
 * once if it is already due. A phase's arrivals come in runs of {@link #RUN} ({@link #of}), and a
 * user goes from one run to the next the same way whether the next is of the same phase or of the
 * next one: the compiled code meets a change of phase on a path it has taken every {@link #RUN}
 * arrivals since the start, not on a branch it has never taken (which would send it back to the
 * interpreter just as the new phase's load arrives). Thread-safe: {@link #take} is one atomic
 * increment.
 */
final class Arrivals {

  /** How many arrivals a run holds, at most. */
  static final int RUN = 1024;

  private final Pacer pacer;

  /** The phase the arrivals are of. */
  final int phase;

  /** The phase's arrival (of this generator's) that this run's first is. */
  final long first;

  private final long count;

  /** The phase's cap on the population's arrivals in flight: users 0 to cap - 1 take them. */
  final int cap;

  /** The run-wide number of the population's first arrival in the phase, of the whole plan. */
  final long runFirst;

  private final AtomicLong next = new AtomicLong();

  /** When the phase began, on the run's clock; set before any user takes an arrival. */
  private volatile long start;

  private Arrivals(Pacer pacer, int phase, long first, long count, int cap, long runFirst) {
    this.pacer = pacer;
    this.phase = phase;
    this.first = first;
    this.count = count;
    this.cap = cap;
    this.runFirst = runFirst;
  }

  /**
   * Population {@code population}'s arrivals in {@code phase}, in runs of {@link #RUN}, in order.
   *
   * @param runFirst the run-wide number of its first arrival in the phase, of the whole plan
   */
  static List<Arrivals> of(LoadPlan plan, Phase phase, int population, long seed, long runFirst) {
    Pacer pacer = Pacer.of(plan, phase, population, seed);
    long all = plan.units(phase, population);
    int cap = plan.users(phase, population);
    List<Arrivals> runs = new ArrayList<>();
    for (long first = 0; first < all; first += RUN) {
      runs.add(
          new Arrivals(pacer, phase.index(), first, Math.min(RUN, all - first), cap, runFirst));
    }
    return runs;
  }

  void start(long phaseStart) {
    this.start = phaseStart;
  }

  /** The next arrival's index in this run; {@link #count} or more once they are all taken. */
  long take() {
    return next.getAndIncrement();
  }

  long count() {
    return count;
  }

  /** When the run's arrival {@code i} is due, on the run's clock. */
  long due(long i) {
    return start + pacer.offsetNanos(first + i);
  }
}
