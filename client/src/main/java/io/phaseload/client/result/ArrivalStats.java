package io.phaseload.client.result;

/**
 * How an open-model phase's arrivals went. An arrival is late when no thread was free at its time
 * (it began more than {@link #LATE_NANOS} after it): it waited for the first free one, and its
 * latency still counts from its intended time.
 *
 * @param scheduled arrivals the phase's schedule holds
 * @param started arrivals a thread began (all of them, unless the run stopped)
 * @param late arrivals that began more than 1 ms after their time: every thread was busy, or the
 *     machine did not wake the waiting one in time
 * @param maxLateNanos the latest any arrival began after its time, late or not
 * @param intendedRate the phase's rate, arrivals per second
 * @param lastStartNanos when the last arrival began, after the phase's start
 */
public record ArrivalStats(
    long scheduled,
    long started,
    long late,
    long maxLateNanos,
    double intendedRate,
    long lastStartNanos) {

  /**
   * An arrival begun later than this after its time is late: every user was busy, or the machine
   * was too busy to wake the thread or loop waiting for it. Less is the scheduler's ordinary
   * wake-up delay, which the latency from the intended time still includes.
   */
  public static final long LATE_NANOS = 1_000_000;

  /**
   * Arrivals begun per second: over the span from the phase's start to the last arrival's begin,
   * plus the one interval that arrival opens, so that a schedule kept exactly gives the intended
   * rate whatever the phase's length.
   */
  public double achievedRate() {
    if (started == 0 || intendedRate <= 0) {
      return 0;
    }
    return started / (lastStartNanos / 1e9 + 1 / intendedRate);
  }

  /** The sum of two phases' (or shards') arrivals; the rate is not summed. */
  public ArrivalStats plus(ArrivalStats o) {
    return new ArrivalStats(
        scheduled + o.scheduled,
        started + o.started,
        late + o.late,
        Math.max(maxLateNanos, o.maxLateNanos),
        intendedRate,
        Math.max(lastStartNanos, o.lastStartNanos));
  }
}
