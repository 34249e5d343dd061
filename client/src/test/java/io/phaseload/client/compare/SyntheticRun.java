package io.phaseload.client.compare;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Record files of closed-model runs that sent nothing, with latencies drawn from a known
 * distribution: log-normal around {@code medianMs} (sigma 0.3, so p99 is about twice the median),
 * every request successful, each thread's requests back to back. Scaling {@code medianMs} scales
 * every percentile by the same factor: a known effect.
 */
final class SyntheticRun {

  /** 8 threads of 1000 iterations of GET and POST in the default phases. */
  static final LoadPlan PLAN = LoadPlan.standard(8, 1000);

  private SyntheticRun() {}

  /** Writes a run of {@link #PLAN} to {@code file}; the same seed gives the same file. */
  static Path write(Path file, double medianMs, long seed) throws IOException {
    return write(file, PLAN, medianMs, seed, true);
  }

  /** Writes a run of another plan. */
  static Path write(Path file, LoadPlan plan, double medianMs, long seed) throws IOException {
    return write(file, plan, medianMs, seed, true);
  }

  /** Writes a run of {@link #PLAN} in which no phase ran (stopped before its first). */
  static Path empty(Path file) throws IOException {
    return write(file, PLAN, 2, 0, false);
  }

  private static Path write(Path file, LoadPlan plan, double medianMs, long seed, boolean ran)
      throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    LatencyRecorder recorder = LatencyRecorder.allocate(plan);
    int perThread = plan.iterations() * plan.requestNames().size();
    List<PhaseResult> phases = new ArrayList<>();
    long phaseStart = 1_000_000;
    int ok = Outcome.of(Outcome.OK, 200);
    for (Phase phase : ran ? plan.phases() : List.<Phase>of()) {
      long end = phaseStart;
      for (int t = 0; t < plan.threads(phase); t++) {
        int k = recorder.sliceStart(phase.index(), t);
        long clock = phaseStart;
        for (int i = 0; i < perThread; i++, k++) {
          long latency = (long) (medianMs * 1e6 * Math.exp(random.nextGaussian() * 0.3));
          recorder.record(k, clock, latency, phase.index(), i & 1, ok);
          clock += latency + 50_000;
        }
        end = Math.max(end, clock);
      }
      phases.add(new PhaseResult(phase, phaseStart, end - phaseStart, true, 1_000_000));
      phaseStart = end + 1_000_000;
    }
    RunResult run =
        new RunResult(
            plan,
            1_795_392_061_000_000_000L,
            phaseStart,
            phases,
            recorder,
            new Reasons(),
            ran ? null : "interrupted",
            seed,
            false);
    RunInfo info =
        RunInfo.of(
            plan,
            "raw",
            "platform",
            Duration.ofSeconds(5),
            Duration.ofSeconds(30),
            "http://127.0.0.1:8080/work",
            false,
            seed);
    RecordFile.write(file, run, info, List.of("GET: GET /work", "POST: POST /work"));
    return file;
  }
}
