package io.phaseload.client.result;

/**
 * A recording cut into the slices its writers fill in order: in the closed model a slice per user,
 * in the open model a slice per phase's population, whose arrivals are taken in order. What the
 * readers during a run ({@link RecordingCursor}, the record's writer) step through, each keeping
 * its place in each slice, and what lets the pages every reader has passed be dropped ({@link
 * LatencyRecorder#releasePassed}). Immutable by contract: the arrays are not to be modified.
 *
 * @param first each slice's first slot
 * @param end each slice's end: its last slot + 1
 * @param phase each slice's phase
 * @param unit each slice's slots per unit: a user's or an arrival's
 */
public record Slices(int[] first, int[] end, int[] phase, int[] unit) {

  /** The slices of {@code rec}, in slot order. */
  public static Slices of(LatencyRecorder rec) {
    boolean open = rec.hasIntendedStarts();
    int slices = 0;
    for (int p = 0; p < rec.phaseCount(); p++) {
      for (int q = 0; q < rec.populations(); q++) {
        slices += open ? 1 : rec.units(p, q);
      }
    }
    int[] first = new int[slices];
    int[] end = new int[slices];
    int[] phase = new int[slices];
    int[] unit = new int[slices];
    int s = 0;
    for (int p = 0; p < rec.phaseCount(); p++) {
      for (int q = 0; q < rec.populations(); q++) {
        int n = open ? 1 : rec.units(p, q);
        int per = rec.perUnit(q);
        int length = open ? rec.units(p, q) * per : per;
        for (int t = 0; t < n; t++, s++) {
          first[s] = rec.start(p, q, t);
          end[s] = first[s] + length;
          phase[s] = p;
          unit[s] = Math.max(1, per);
        }
      }
    }
    return new Slices(first, end, phase, unit);
  }

  public int count() {
    return first.length;
  }
}
