package io.phaseload.client.result;

/**
 * Each user's (closed model) or arrival's (open model) times, read in one pass over a recording:
 * when its first request was sent and was due, and when its last answer came. What the load chart's
 * running users read, where it would otherwise step each user's slots, which a recording read from
 * disk does not hold at once: a closed run's users are few. The open model's lateness, whose
 * arrivals grow with the run, reads them in a sweep instead (capacity's {@code LatenessSweep}).
 * Kept in pages of {@value #PAGE} units, each allocated when one of its units is reached, so that
 * it holds the units reached, not the plan's bound. Immutable once read.
 */
public final class UnitTimes {

  private static final int PAGE_BITS = 12;
  private static final int PAGE = 1 << PAGE_BITS;

  private final LatencyRecorder layout;

  /** Per page: begin, due, end for each of its units; begin 0 for a unit never reached. */
  private final long[][] pages;

  private UnitTimes(LatencyRecorder layout, int units) {
    this.layout = layout;
    this.pages = new long[(units + PAGE - 1) >>> PAGE_BITS][];
  }

  /** Reads the times of every unit {@code rec} holds, in one pass. */
  public static UnitTimes of(LatencyRecorder rec) {
    int units = rec.unitBase(rec.phaseCount() - 1, rec.populations() - 1);
    units += rec.units(rec.phaseCount() - 1, rec.populations() - 1);
    UnitTimes times = new UnitTimes(rec, units);
    rec.each(times::add);
    return times;
  }

  private void add(LatencyRecorder rec, int k) {
    int u = rec.unitIndex(k);
    long[] page = pages[u >>> PAGE_BITS];
    if (page == null) {
      page = pages[u >>> PAGE_BITS] = new long[3 * PAGE];
    }
    int at = 3 * (u & (PAGE - 1));
    long start = rec.startNanos(k);
    if (rec.firstOfUnit(k)) {
      // A start word is never 0 for a reached slot, but a start may be: keep "reached" apart.
      page[at] = start + 1;
      page[at + 1] = rec.hasIntendedStarts() ? rec.intendedNanos(k) : start;
    }
    page[at + 2] = Math.max(page[at + 2], start + rec.latencyNanos(k));
  }

  /** The {@link LatencyRecorder#unitIndex} of unit {@code unit} of a phase's population. */
  public int unit(int phase, int population, long unit) {
    return layout.unitBase(phase, population) + (int) unit;
  }

  /** Whether unit {@code u}'s first request was recorded. */
  public boolean reached(int u) {
    long[] page = pages[u >>> PAGE_BITS];
    return page != null && page[3 * (u & (PAGE - 1))] != 0;
  }

  /** When unit {@code u}'s first request was sent. */
  public long begin(int u) {
    return pages[u >>> PAGE_BITS][3 * (u & (PAGE - 1))] - 1;
  }

  /** When unit {@code u}'s first request was due: its intended time in the open model. */
  public long due(int u) {
    return pages[u >>> PAGE_BITS][3 * (u & (PAGE - 1)) + 1];
  }

  /** When unit {@code u}'s last answer came: the latest send + latency of its requests. */
  public long end(int u) {
    return pages[u >>> PAGE_BITS][3 * (u & (PAGE - 1)) + 2];
  }

  public LatencyRecorder layout() {
    return layout;
  }
}
