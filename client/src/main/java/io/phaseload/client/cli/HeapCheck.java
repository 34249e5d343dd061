package io.phaseload.client.cli;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.record.LatencyRecorder;
import java.util.Locale;

/**
 * Whether a run's recording fits in the heap, checked before anything is allocated, so that a run
 * too large is refused with what it needs instead of failing with OutOfMemoryError. Stateless.
 */
final class HeapCheck {

  /** Heap per request: 16 recorded, 8 for the sorted copy the statistics need. */
  static final int HEAP_BYTES_PER_REQUEST = LatencyRecorder.BYTES_PER_REQUEST + 8;

  private HeapCheck() {}

  /** The heap check made before allocating: null if the run fits, else what it needs. */
  static String check(LoadPlan plan) {
    long requests = plan.totalRequests();
    if (requests > LatencyRecorder.MAX_REQUESTS) {
      return String.format(
          Locale.ROOT,
          "%d threads x %d iterations is %,d requests; one run records at most %,d:"
              + " lower THREADS or ITERATIONS",
          plan.threads(),
          plan.iterations(),
          requests,
          LatencyRecorder.MAX_REQUESTS);
    }
    long needed = requests * HEAP_BYTES_PER_REQUEST;
    Runtime rt = Runtime.getRuntime();
    long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    if (needed > free) {
      return String.format(
          Locale.ROOT,
          "%,d requests need %,d MiB of heap to record (%d bytes each) but only %,d MiB is free:"
              + " raise it, e.g. java -Xmx%dg -jar client.jar ...",
          requests,
          mib(needed),
          HEAP_BYTES_PER_REQUEST,
          mib(free),
          Math.max(1, (needed + (rt.maxMemory() - free)) / (1L << 30) + 1));
    }
    return null;
  }

  private static long mib(long bytes) {
    return (bytes + (1 << 20) - 1) >> 20;
  }
}
