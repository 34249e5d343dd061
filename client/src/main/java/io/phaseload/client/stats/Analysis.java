package io.phaseload.client.stats;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.SharedPasses;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A finished run and its statistics, computed once from its recording: what every report, verdict
 * and exit code reads. The figures every output shows (throughput, error rate, percentiles, late
 * arrivals) are read here or on its {@link Group}s, by the definitions of {@link Figures}; an
 * output only renders them. Immutable.
 *
 * @param summary the headline figures: latency from intended times in the open model
 * @param serviceTime the same groups over service time (from the actual send) in the open model;
 *     null in the closed model, where the two are the same
 * @param streamWait the requests' waits for a free HTTP/2 stream ({@link StreamWait}); null for a
 *     recording that holds none (a run over HTTP/1.1)
 * @param drifts each steady phase's drift, first window against last ({@link Drift}); none where no
 *     phase lasted long enough
 * @param perSecond the JSON's rows over time ({@link TimeSeries#of(LatencyRecorder)}), read with
 *     the rest when asked for; else null
 */
public record Analysis(
    RunResult result,
    Summary summary,
    Summary serviceTime,
    StreamWait streamWait,
    List<Drift> drifts,
    TimeSeries perSecond) {

  public Analysis {
    drifts = List.copyOf(drifts);
  }

  /**
   * A run (or a merge of shards' runs) with its statistics computed from its recording, its drift
   * judged on the phases of {@link Drift#DEFAULT_MIN_LENGTH} or more.
   */
  public static Analysis of(RunResult result) {
    return of(result, Drift.DEFAULT_MIN_LENGTH);
  }

  /** As {@link #of(RunResult)}, its drift judged on the phases of {@code driftMin} or more. */
  public static Analysis of(RunResult result, Duration driftMin) {
    return of(result, driftMin, false);
  }

  /**
   * As {@link #of(RunResult, Duration)}, with the JSON's rows over time if {@code perSecond}. The
   * statistics are read together ({@link SharedPasses}): from a record on disk, their passes are
   * one reading each.
   */
  public static Analysis of(RunResult result, Duration driftMin, boolean perSecond) {
    LoadPlan plan = result.plan();
    boolean open = result.recording().hasIntendedStarts();
    Summary[] summaries = new Summary[2];
    StreamWait[] waits = new StreamWait[1];
    AtomicReference<List<Drift>> drifts = new AtomicReference<>(List.of());
    TimeSeries[] rows = new TimeSeries[1];
    List<Consumer<RunResult>> tasks = new ArrayList<>();
    tasks.add(r -> summaries[0] = Summary.of(r.recording(), plan));
    if (open) {
      tasks.add(r -> summaries[1] = Summary.of(r.recording(), plan, false));
    }
    if (result.recording().streamWait()) {
      tasks.add(r -> waits[0] = StreamWait.of(r.recording()));
    }
    tasks.add(r -> drifts.set(Drift.of(r, driftMin)));
    if (perSecond) {
      tasks.add(r -> rows[0] = TimeSeries.of(r.recording()));
    }
    SharedPasses.together(result, tasks);
    return new Analysis(result, summaries[0], summaries[1], waits[0], drifts.get(), rows[0]);
  }

  /** Whether every request left the client and succeeded, and the run was not stopped early. */
  public boolean clean() {
    return summary.total().failed() == 0 && summary.total().notSent() == 0 && !result.partial();
  }

  /** The run's wall time in seconds: what the run's and each request name's throughput is over. */
  public double wallSeconds() {
    return result.wallNanos() / 1e9;
  }

  /** The whole run's throughput: successful requests per second of the wall time. */
  public double throughput() {
    return throughput(summary.total());
  }

  /** A group's throughput over the run's wall time (the run, or a request name over the run). */
  public double throughput(Group g) {
    return g.throughput(wallSeconds());
  }

  /** The whole run's error rate, 0 to 1 ({@link Figures#errorRate}). */
  public double errorRate() {
    return summary.total().errorRate();
  }

  /** Phase {@code p}'s own duration in seconds; null if it never ran. */
  public Double phaseSeconds(int p) {
    return p < result.phases().size() ? result.phases().get(p).durationNanos() / 1e9 : null;
  }

  /** Phase {@code p}'s throughput over its own duration; null if it never ran. */
  public Double phaseThroughput(int p) {
    Double seconds = phaseSeconds(p);
    return seconds == null ? null : summary.phases().get(p).throughput(seconds);
  }

  /**
   * The open model's arrivals over the run: every phase's that ran, summed, and a phase never
   * reached counted as its arrivals scheduled, none started. Null for a recording without intended
   * starts: its iterations were not scheduled, so there is no arrival to count.
   */
  public ArrivalStats arrivals() {
    if (!result.recording().hasIntendedStarts()) {
      return null;
    }
    ArrivalStats sum = new ArrivalStats(0, 0, 0, 0, 0, 0);
    for (PhaseResult p : result.phases()) {
      if (p.arrivals() != null) {
        sum = sum.plus(p.arrivals());
      }
    }
    for (int p = result.phases().size(); p < result.plan().phases().size(); p++) {
      Phase missed = result.plan().phases().get(p);
      sum = sum.plus(new ArrivalStats(result.plan().arrivals(missed), 0, 0, 0, 0, 0));
    }
    return sum;
  }
}
