package io.phaseload.client.record;

import io.phaseload.client.engine.Outcome;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;

/**
 * Every request of a run, in one {@code long[]} allocated before the run: 16 bytes per request.
 *
 * <p>Request {@code k} owns {@code data[2k]}, its start in nanoseconds since the run began, and
 * {@code data[2k+1]}, its latency, phase, operation and outcome packed as
 *
 * <pre>
 *   bit 63      0
 *   bits 62..20 latency in nanoseconds (43 bits: up to about 2.4 hours)
 *   bits 19..15 phase index
 *   bit  14     operation (0 GET, 1 POST)
 *   bits 13..0  {@link Outcome}
 * </pre>
 *
 * A packed word of 0 means the request was never sent (a stopped run).
 *
 * <p>Thread-safety: each user thread writes only its own slice, {@link #sliceStart}, so writes
 * never contend and need no lock; the thread that joins the phase's tasks (which happens-after
 * every write) may then read everything.
 */
public final class LatencyRecorder {

  /** Bytes recorded per request. */
  public static final int BYTES_PER_REQUEST = 16;

  /** Requests one recorder can hold: the array is indexed by int. */
  public static final long MAX_REQUESTS = (Integer.MAX_VALUE - 8) / 2;

  static final int LATENCY_SHIFT = 20;
  static final long MAX_LATENCY_NANOS = (1L << 43) - 1;

  private final LoadPlan plan;
  private final long[] data;
  private final int[] phaseBase;

  private LatencyRecorder(LoadPlan plan, long[] data, int[] phaseBase) {
    this.plan = plan;
    this.data = data;
    this.phaseBase = phaseBase;
  }

  /**
   * Allocates the array for the whole plan.
   *
   * @throws IllegalArgumentException if the plan has more requests than one array can hold
   */
  public static LatencyRecorder allocate(LoadPlan plan) {
    long total = plan.totalRequests();
    if (total > MAX_REQUESTS) {
      throw new IllegalArgumentException(
          "the plan has "
              + total
              + " requests; one run records at most "
              + MAX_REQUESTS
              + ": lower THREADS or ITERATIONS");
    }
    int[] base = new int[plan.phases().size()];
    long next = 0;
    for (Phase phase : plan.phases()) {
      base[phase.index()] = (int) next;
      next += plan.requests(phase);
    }
    return new LatencyRecorder(plan, new long[(int) (2 * total)], base);
  }

  /** Bytes the recording of {@code plan} takes. */
  public static long bytesFor(LoadPlan plan) {
    return plan.totalRequests() * BYTES_PER_REQUEST;
  }

  public LoadPlan plan() {
    return plan;
  }

  /** Requests the array holds (sent or not). */
  public int capacity() {
    return data.length / 2;
  }

  /** Index of the first request of {@code thread} (0-based) in {@code phase}. */
  public int sliceStart(Phase phase, int thread) {
    return phaseBase[phase.index()] + thread * plan.iterations() * LoadPlan.REQUESTS_PER_ITERATION;
  }

  /** Index of the first request of {@code phase}. */
  public int phaseStart(int phaseIndex) {
    return phaseBase[phaseIndex];
  }

  /**
   * Records request {@code k}. Called only by the thread that owns {@code k}'s slice.
   *
   * @param startNanos when it was sent, in nanoseconds since the run began
   * @param latencyNanos how long it took, clamped to the representable range
   */
  public void record(int k, long startNanos, long latencyNanos, int phase, int op, int outcome) {
    data[2 * k] = startNanos;
    data[2 * k + 1] = pack(latencyNanos, phase, op, outcome);
  }

  static long pack(long latencyNanos, int phase, int op, int outcome) {
    long latency = Math.max(0, Math.min(latencyNanos, MAX_LATENCY_NANOS));
    return latency << LATENCY_SHIFT | (long) phase << 15 | (long) op << 14 | outcome;
  }

  /** Whether request {@code k} was sent. */
  public boolean sent(int k) {
    return data[2 * k + 1] != 0;
  }

  public long startNanos(int k) {
    return data[2 * k];
  }

  public long latencyNanos(int k) {
    return data[2 * k + 1] >>> LATENCY_SHIFT;
  }

  public int phase(int k) {
    return (int) (data[2 * k + 1] >>> 15) & 0x1F;
  }

  public int op(int k) {
    return (int) (data[2 * k + 1] >>> 14) & 1;
  }

  public int outcome(int k) {
    return (int) data[2 * k + 1] & 0x3FFF;
  }

  /** The thread (0-based, within its phase) that sent request {@code k}. */
  public int thread(int k) {
    int p = phaseBase.length - 1;
    while (p > 0 && phaseBase[p] > k) {
      p--;
    }
    return (k - phaseBase[p]) / (plan.iterations() * LoadPlan.REQUESTS_PER_ITERATION);
  }
}
