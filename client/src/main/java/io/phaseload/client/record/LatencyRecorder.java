package io.phaseload.client.record;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;

/**
 * Every request of a run, in one {@code long[]} allocated before the run, packed as {@link
 * RecordLayout} says: {@value RecordLayout#BYTES_PER_REQUEST} bytes per request.
 *
 * <p>Requests are stored phase by phase, each phase's threads one after another, each thread's
 * requests in the order it sent them: request {@code k} belongs to exactly one thread.
 *
 * <p>Thread-safety: each user thread writes only its own slice, {@link #sliceStart}, so writes
 * never contend and need no lock; the thread that joins the phase's tasks (which happens-after
 * every write) may then read everything.
 */
public final class LatencyRecorder {

  private final long[] data;
  private final int[] phaseBase;
  private final int[] phaseThreads;
  private final int perThread;

  private LatencyRecorder(long[] data, int[] phaseBase, int[] phaseThreads, int perThread) {
    this.data = data;
    this.phaseBase = phaseBase;
    this.phaseThreads = phaseThreads;
    this.perThread = perThread;
  }

  /**
   * Allocates the array for the whole plan.
   *
   * @throws IllegalArgumentException if the plan has more requests than one array can hold, or more
   *     phases or requests per iteration than the layout can tell apart
   */
  public static LatencyRecorder allocate(LoadPlan plan) {
    long total = plan.totalRequests();
    if (total > RecordLayout.MAX_REQUESTS) {
      throw new IllegalArgumentException(
          "the plan has "
              + total
              + " requests; one run records at most "
              + RecordLayout.MAX_REQUESTS
              + ": lower THREADS or ITERATIONS");
    }
    int phases = plan.phases().size();
    int[] base = new int[phases];
    int[] threads = new int[phases];
    long next = 0;
    for (Phase phase : plan.phases()) {
      base[phase.index()] = (int) next;
      threads[phase.index()] = phase.threads();
      next += plan.requests(phase);
    }
    int perThread = plan.iterations() * plan.requestNames().size();
    return new LatencyRecorder(
        new long[(int) (RecordLayout.LONGS_PER_REQUEST * total)], base, threads, perThread);
  }

  /** Bytes the recording of {@code plan} takes. */
  public static long bytesFor(LoadPlan plan) {
    return plan.totalRequests() * RecordLayout.BYTES_PER_REQUEST;
  }

  /** Request slots the array holds (reached or not). */
  public int capacity() {
    return data.length / RecordLayout.LONGS_PER_REQUEST;
  }

  public int phaseCount() {
    return phaseBase.length;
  }

  public int threads(int phase) {
    return phaseThreads[phase];
  }

  /** Slots each thread owns: ITERATIONS x requests per iteration. */
  public int requestsPerThread() {
    return perThread;
  }

  /** Index of the first request of {@code thread} (0-based) in phase {@code phase}. */
  public int sliceStart(int phase, int thread) {
    return phaseBase[phase] + thread * perThread;
  }

  /**
   * Records request {@code k}. Called only by the thread that owns {@code k}'s slice.
   *
   * @param startNanos when it was sent, in nanoseconds since the run began
   * @param latencyNanos how long it took, clamped to the representable range
   * @param request its index in the iteration
   */
  public void record(
      int k, long startNanos, long latencyNanos, int phase, int request, int outcome) {
    data[RecordLayout.LONGS_PER_REQUEST * k] = RecordLayout.packStart(startNanos, outcome);
    data[RecordLayout.LONGS_PER_REQUEST * k + 1] =
        RecordLayout.packTime(latencyNanos, phase, request);
  }

  /** Whether a request reached slot {@code k} (sent or not sent, but recorded). */
  public boolean reached(int k) {
    return startWord(k) != 0;
  }

  /** Request {@code k}'s start word (start and outcome), as {@link RecordLayout} reads it. */
  public long startWord(int k) {
    return data[RecordLayout.LONGS_PER_REQUEST * k];
  }

  /** Request {@code k}'s time word (latency and cell), as {@link RecordLayout} reads it. */
  public long timeWord(int k) {
    return data[RecordLayout.LONGS_PER_REQUEST * k + 1];
  }

  public long startNanos(int k) {
    return RecordLayout.start(startWord(k));
  }

  public long latencyNanos(int k) {
    return RecordLayout.latency(timeWord(k));
  }

  public int phase(int k) {
    return RecordLayout.phase(timeWord(k));
  }

  public int request(int k) {
    return RecordLayout.request(timeWord(k));
  }

  public int outcome(int k) {
    return RecordLayout.outcome(startWord(k));
  }

  /** The thread (0-based, within its phase) that sent request {@code k}. */
  public int thread(int k) {
    int p = phaseBase.length - 1;
    while (p > 0 && phaseBase[p] > k) {
      p--;
    }
    return (k - phaseBase[p]) / perThread;
  }
}
