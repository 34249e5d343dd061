package io.phaseload.client.compare;

import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;

/** What a comparison row compares, and which way is worse. */
public enum Metric {
  THROUGHPUT("throughput", "/s", false),
  P50("p50", "ms", true),
  P95("p95", "ms", true),
  P99("p99", "ms", true),
  P999("p99.9", "ms", true),
  MAX("max", "ms", true),
  ERRORS("errors", "%", true);

  public final String label;
  public final String unit;

  /** Whether a higher value is worse (latency, errors) or better (throughput). */
  public final boolean higherIsWorse;

  Metric(String label, String unit, boolean higherIsWorse) {
    this.label = label;
    this.unit = unit;
    this.higherIsWorse = higherIsWorse;
  }

  /** Whether it is a latency percentile ({@code --fail-on-regression} looks at these). */
  public boolean percentile() {
    return this == P50 || this == P95 || this == P99 || this == P999;
  }

  /**
   * Its exact value for a group of {@code run}, in its unit, as {@code run} and the group hold it
   * ({@link io.phaseload.client.stats.Figures}): throughput over the run's wall time, errors in
   * percent.
   */
  public double of(Analysis run, Group g) {
    LatencyStats l = g.latency();
    return switch (this) {
      case THROUGHPUT -> run.throughput(g);
      case P50 -> l.p50() / 1e6;
      case P95 -> l.p95() / 1e6;
      case P99 -> l.p99() / 1e6;
      case P999 -> l.p999() / 1e6;
      case MAX -> l.max() / 1e6;
      case ERRORS -> 100 * g.errorRate();
    };
  }

  static final double[] QUANTILES = {0.50, 0.95, 0.99, 0.999};
}
