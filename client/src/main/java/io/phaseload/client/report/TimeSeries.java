package io.phaseload.client.report;

import io.phaseload.client.record.LatencyRecorder;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Percentiles;
import java.util.Arrays;

/**
 * The run second by second, computed once after the run from the recording: requests started in
 * each second of the run, how many of them succeeded and failed, and the exact (nearest-rank) p50,
 * p95 and p99 of the successful ones' latencies. Immutable.
 *
 * @param sent requests started in each second
 * @param ok successful requests among them
 * @param p50 nanoseconds, 0 for a second with no successful request; likewise p95 and p99
 */
public record TimeSeries(long[] sent, long[] ok, long[] p50, long[] p95, long[] p99) {

  private static final long SECOND = 1_000_000_000L;

  /** Buckets every recorded request by the second in which it started. */
  public static TimeSeries of(LatencyRecorder recorder) {
    int n = recorder.capacity();
    long lastStart = 0;
    for (int k = 0; k < n; k++) {
      if (recorder.reached(k) && Outcome.sent(recorder.outcome(k))) {
        lastStart = Math.max(lastStart, recorder.startNanos(k));
      }
    }
    int seconds = (int) (lastStart / SECOND) + 1;
    long[] sent = new long[seconds];
    long[] ok = new long[seconds];
    for (int k = 0; k < n; k++) {
      if (recorder.reached(k) && Outcome.sent(recorder.outcome(k))) {
        int s = (int) (recorder.startNanos(k) / SECOND);
        sent[s]++;
        if (Outcome.ok(recorder.outcome(k))) {
          ok[s]++;
        }
      }
    }
    // Successful latencies grouped by second (a counting sort), then each second sorted alone.
    int[] offset = new int[seconds + 1];
    for (int s = 0; s < seconds; s++) {
      offset[s + 1] = offset[s] + (int) ok[s];
    }
    long[] latencies = new long[offset[seconds]];
    int[] fill = Arrays.copyOf(offset, seconds);
    for (int k = 0; k < n; k++) {
      if (recorder.reached(k)
          && Outcome.sent(recorder.outcome(k))
          && Outcome.ok(recorder.outcome(k))) {
        latencies[fill[(int) (recorder.startNanos(k) / SECOND)]++] = recorder.latencyNanos(k);
      }
    }
    long[] p50 = new long[seconds];
    long[] p95 = new long[seconds];
    long[] p99 = new long[seconds];
    for (int s = 0; s < seconds; s++) {
      if (ok[s] > 0) {
        long[] second = Arrays.copyOfRange(latencies, offset[s], offset[s + 1]);
        Arrays.sort(second);
        p50[s] = Percentiles.of(second, 0.50);
        p95[s] = Percentiles.of(second, 0.95);
        p99[s] = Percentiles.of(second, 0.99);
      }
    }
    return new TimeSeries(sent, ok, p50, p95, p99);
  }

  public int seconds() {
    return sent.length;
  }
}
