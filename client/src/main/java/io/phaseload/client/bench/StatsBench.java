package io.phaseload.client.bench;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.stats.Summary;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The recording-cost benchmark that {@code scripts/bench.sh} runs: fills a recorder for THREADS x
 * ITERATIONS with latencies shaped like a real run's (log-normal, 1% failures), then times the
 * whole statistics pass ({@link Summary#of}) ROUNDS times. Prints one line of key=value pairs.
 *
 * <p>{@code java -Xmx3g -cp client.jar io.phaseload.client.bench.StatsBench 1000 10000 5}
 */
public final class StatsBench {

  private StatsBench() {}

  public static void main(String[] args) {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
    int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    LoadPlan plan = LoadPlan.standard(threads, iterations);
    LatencyRecorder recorder = LatencyRecorder.allocate(plan);
    SplittableRandom random = new SplittableRandom(42);
    long clock = 0;
    for (Phase phase : plan.phases()) {
      for (int t = 0; t < phase.threads(); t++) {
        int k = recorder.sliceStart(phase.index(), t);
        for (int i = 0; i < iterations * plan.requestNames().size(); i++, k++) {
          long latency = Synthetic.latency(random);
          int outcome = Synthetic.outcome(random);
          recorder.record(k, clock, latency, phase.index(), i & 1, outcome);
          clock += 50;
        }
      }
    }
    long[] millis = new long[rounds];
    long checksum = 0;
    for (int r = 0; r < rounds; r++) {
      long start = System.nanoTime();
      Summary summary = Summary.of(recorder, plan);
      millis[r] = (System.nanoTime() - start) / 1_000_000;
      checksum += summary.total().latency().p99();
    }
    long first = millis[0];
    Arrays.sort(millis);
    System.out.printf(
        Locale.ROOT,
        "requests=%d bytes_per_request=%.2f recorder_mib=%d rounds=%d first_ms=%d median_ms=%d"
            + " min_ms=%d max_heap_mib=%d checksum=%d%n",
        plan.totalRequests(),
        (double) LatencyRecorder.bytesFor(plan) / plan.totalRequests(),
        LatencyRecorder.bytesFor(plan) >> 20,
        rounds,
        first,
        millis[rounds / 2],
        millis[0],
        Runtime.getRuntime().maxMemory() >> 20,
        checksum);
  }
}
