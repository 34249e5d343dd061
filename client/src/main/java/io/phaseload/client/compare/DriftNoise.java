package io.phaseload.client.compare;

import io.phaseload.client.compare.Comparison.Side;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Drift;
import java.util.ArrayList;
import java.util.List;

/**
 * A phase's drift with compare's noise band: its first window against its last, as {@link
 * Comparison} compares two runs, each window cut into blocks of time and resampled ({@link
 * Blocks}), so that a change is a verdict only beyond the run's own noise and the noise floor.
 * Immutable.
 *
 * @param drift the two windows' exact figures
 * @param comparison the first window as the base, the last as the new side: one row per metric
 */
public record DriftNoise(Drift drift, Comparison comparison) {

  /** The bootstrap's seed: the same run gives the same bands. */
  static final long SEED = 1;

  /** The drift of each steady phase of {@code run}, with its band beyond the default floor. */
  public static List<DriftNoise> of(Analysis run) {
    return of(run.result(), run.drifts(), Comparison.DEFAULT_NOISE_FLOOR);
  }

  /** Each of {@code drifts} of {@code run}, with its band. */
  public static List<DriftNoise> of(RunResult run, List<Drift> drifts, double noiseFloor) {
    int names = run.plan().requestNames().size();
    List<DriftNoise> all = new ArrayList<>();
    for (Drift d : drifts) {
      Blocks first =
          Blocks.of(
              run.recording(), names, d.index(), d.startFrom(), d.startFrom() + d.windowNanos());
      Blocks last =
          Blocks.of(run.recording(), names, d.index(), d.endFrom(), d.endFrom() + d.windowNanos());
      Comparison c =
          Comparison.between(
              List.<Side[]>of(new Side[] {side(d.start()), side(d.end())}),
              List.<int[]>of(new int[] {0, 0}),
              first,
              last,
              SEED,
              noiseFloor);
      all.add(new DriftNoise(d, c));
    }
    return all;
  }

  /** The row of metric {@code m}. */
  public Comparison.Row row(Metric m) {
    return comparison.rows().stream().filter(r -> r.metric() == m).findFirst().orElseThrow();
  }

  /** A window's values in metric order, in each metric's unit. */
  private static Side side(Drift.Window w) {
    double[] v = new double[Metric.values().length];
    v[Metric.THROUGHPUT.ordinal()] = w.throughput();
    v[Metric.P50.ordinal()] = w.latency().p50() / 1e6;
    v[Metric.P95.ordinal()] = w.latency().p95() / 1e6;
    v[Metric.P99.ordinal()] = w.latency().p99() / 1e6;
    v[Metric.P999.ordinal()] = w.latency().p999() / 1e6;
    v[Metric.MAX.ordinal()] = w.latency().max() / 1e6;
    v[Metric.ERRORS.ordinal()] = 100 * w.errorRate();
    return new Side("ALL", v);
  }
}
