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
   * A phase that began its arrivals at this share of its intended rate or more held its rate: the
   * rest is the rounding of a short phase's last interval, not a rate missed.
   */
  public static final double HELD_SHARE = 0.95;

  /** A phase with more than this percentage of its arrivals late did not keep its schedule. */
  public static final double LATE_PERCENT = 1;

  /** Late arrivals as a percentage of those begun; 0 when none began. */
  public double latePercent() {
    return started == 0 ? 0 : 100.0 * late / started;
  }

  /**
   * Whether the phase held its rate: its achieved rate is at least {@link #HELD_SHARE} of the
   * intended one, however late some arrivals began.
   */
  public boolean heldRate() {
    return achievedRate() >= HELD_SHARE * intendedRate;
  }

  /**
   * Whether the phase kept its schedule: it held its rate and at most {@link #LATE_PERCENT} % of
   * its arrivals began late. A phase that did not gets a verdict in the report saying which failed.
   */
  public boolean keptSchedule() {
    return heldRate() && latePercent() <= LATE_PERCENT;
  }

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

  /**
   * The arrivals of open-model phases as their recording holds them, the one place they are
   * counted: an arrival began when its first request was sent, late when that was more than {@link
   * #LATE_NANOS} after its intended time (the rule {@code capacity.Lateness} splits by cause).
   * Every phase asked for is counted in one pass over the recording, after the run.
   *
   * @param scheduled each phase's arrivals in its schedule, indexed by phase; negative for a phase
   *     not asked for, whose entry in the result is null
   * @param rate each phase's intended rate
   * @param phaseStartNanos when each phase began, on the recording's time axis
   */
  public static ArrivalStats[] of(
      LatencyRecorder rec, long[] scheduled, double[] rate, long[] phaseStartNanos) {
    int phases = scheduled.length;
    // Per phase asked for: started, late, maxLate, lastStart.
    long[][] f = new long[phases][];
    for (int p = 0; p < phases; p++) {
      f[p] = scheduled[p] < 0 ? null : new long[] {0, 0, 0, phaseStartNanos[p]};
    }
    rec.each(
        (r, k) -> {
          int p = r.phase(k);
          if (p >= phases || f[p] == null || !r.firstOfUnit(k)) {
            return;
          }
          long[] of = f[p];
          long start = r.startNanos(k);
          long behind = start - r.intendedNanos(k);
          of[0]++;
          if (behind > LATE_NANOS) {
            of[1]++;
          }
          of[2] = Math.max(of[2], behind);
          of[3] = Math.max(of[3], start);
        });
    ArrivalStats[] out = new ArrivalStats[phases];
    for (int p = 0; p < phases; p++) {
      if (f[p] != null) {
        out[p] =
            new ArrivalStats(
                scheduled[p], f[p][0], f[p][1], f[p][2], rate[p], f[p][3] - phaseStartNanos[p]);
      }
    }
    return out;
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
