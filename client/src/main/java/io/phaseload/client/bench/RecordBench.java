package io.phaseload.client.bench;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The merge benchmark's generator, run by {@code scripts/bench.sh --only merge}: writes the record
 * files of SHARDS shards of THREADS x ITERATIONS (the contract's GET and POST) with requests shaped
 * like a real run's (log-normal latencies around 1 ms, 1% HTTP 503s, back to back per thread, the
 * shards starting up to 50 ms apart), without sending anything, so that {@code report} can be timed
 * on files larger than this machine could record live. Prints one line per file.
 *
 * <p>{@code java -Xmx3g -cp client.jar io.phaseload.client.bench.RecordBench DIR 10 1000 27027}
 */
public final class RecordBench {

  private RecordBench() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 4) {
      System.err.println("usage: RecordBench DIR SHARDS THREADS ITERATIONS");
      System.exit(2);
    }
    Path dir = Path.of(args[0]);
    int shards = Integer.parseInt(args[1]);
    LoadPlan whole = LoadPlan.standard(Integer.parseInt(args[2]), Integer.parseInt(args[3]));
    long epoch = System.currentTimeMillis() * 1_000_000L;
    for (int i = 0; i < shards; i++) {
      LoadPlan plan = whole.sharded(new Shard(i, shards));
      long started = System.nanoTime();
      RunResult run = fill(plan, epoch + i * 5_000_000L, new SplittableRandom(i));
      long filled = System.nanoTime();
      Path file = dir.resolve("shard-" + i + ".plr");
      RunInfo info =
          RunInfo.of(
              plan,
              "raw",
              "platform",
              Duration.ofSeconds(5),
              Duration.ofSeconds(30),
              "http://127.0.0.1:8080/sayHello",
              false,
              0);
      long bytes = RecordFile.write(file, run, info, Scenario.contract("/sayHello", 0).describe());
      long written = System.nanoTime();
      System.out.printf(
          Locale.ROOT,
          "file=%s requests=%d bytes=%d bytes_per_request=%.2f fill_ms=%d write_ms=%d%n",
          file,
          plan.totalRequests(),
          bytes,
          (double) bytes / plan.totalRequests(),
          (filled - started) / 1_000_000,
          (written - filled) / 1_000_000);
    }
  }

  private static RunResult fill(LoadPlan plan, long epochNanos, SplittableRandom random) {
    LatencyRecorder recorder = LatencyRecorder.allocate(plan);
    int perThread = plan.iterations() * plan.requestNames().size();
    List<PhaseResult> phases = new ArrayList<>();
    long phaseStart = 1_000_000;
    for (Phase phase : plan.phases()) {
      long end = phaseStart;
      for (int t = 0; t < plan.threads(phase); t++) {
        int k = recorder.sliceStart(phase.index(), t);
        long clock = phaseStart;
        for (int i = 0; i < perThread; i++, k++) {
          long latency = Synthetic.latency(random);
          int outcome = Synthetic.outcome(random);
          recorder.record(k, clock, latency, phase.index(), i & 1, outcome);
          clock += latency + 20_000;
        }
        end = Math.max(end, clock);
      }
      phases.add(new PhaseResult(phase, phaseStart, end - phaseStart, true, 1_000_000));
      phaseStart = end + 1_000_000;
    }
    return new RunResult(
        plan, epochNanos, phaseStart, phases, recorder, new Reasons(), null, 0, false);
  }
}
