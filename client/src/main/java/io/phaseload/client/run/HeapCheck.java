package io.phaseload.client.run;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.record.RecordLayout;
import java.util.Locale;

/**
 * Whether a run's recording fits in the heap, checked before anything is allocated, so that a run
 * too large is refused with what it needs instead of failing with OutOfMemoryError. Stateless.
 */
public final class HeapCheck {

  /** Heap per request: the recording, and 8 bytes for the sorted copy the statistics keep. */
  public static final int HEAP_BYTES_PER_REQUEST = RecordLayout.BYTES_PER_REQUEST + 8;

  /**
   * Heap per request in the open model: the recording, a sorted copy for each of the two latencies,
   * and the Poisson schedule's 8 bytes per arrival at most.
   */
  public static final int OPEN_HEAP_BYTES_PER_REQUEST = RecordLayout.OPEN_BYTES_PER_REQUEST + 24;

  private HeapCheck() {}

  /**
   * Checks that the plan can be recorded in one array and that the heap has room for it.
   *
   * @throws RunRefusedException saying what it needs and how to get it
   */
  public static void require(LoadPlan plan) throws RunRefusedException {
    long requests = plan.totalRequests();
    if (requests > RecordLayout.maxRequests(plan)) {
      throw new RunRefusedException(
          String.format(
              Locale.ROOT,
              "%d threads x %d iterations is %,d requests; one run records at most %,d:"
                  + " lower THREADS or ITERATIONS",
              plan.threads(),
              plan.iterations(),
              requests,
              RecordLayout.maxRequests(plan)));
    }
    int perRequest = plan.isOpen() ? OPEN_HEAP_BYTES_PER_REQUEST : HEAP_BYTES_PER_REQUEST;
    long needed = requests * perRequest;
    Runtime rt = Runtime.getRuntime();
    long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    if (needed > free) {
      throw new RunRefusedException(
          String.format(
              Locale.ROOT,
              "%,d requests need %,d MiB of heap to record (%d bytes each) but only %,d MiB is"
                  + " free: raise it, e.g. java -Xmx%dg -jar client.jar ...",
              requests,
              mib(needed),
              perRequest,
              mib(free),
              Math.max(1, (needed + (rt.maxMemory() - free)) / (1L << 30) + 1)));
    }
  }

  private static long mib(long bytes) {
    return (bytes + (1 << 20) - 1) >> 20;
  }
}
