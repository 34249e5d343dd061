package io.phaseload.client.slo;

import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Drift;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Evaluates SLOs on a finished run's exact statistics: latency percentiles by nearest rank over the
 * successful requests (in the open model, from intended times: the summary a run reports first),
 * the error rate over every request recorded, the rate over the run's wall time, both as {@link
 * io.phaseload.client.stats.Figures} defines them. Stateless.
 */
public final class SloCheck {

  private SloCheck() {}

  /** Parses every expression and checks the request names; the first problem is thrown. */
  public static List<Slo> parse(List<String> exprs, List<String> requestNames) {
    List<Slo> out = new ArrayList<>();
    for (String e : exprs) {
      out.add(Slo.parse(e).requireRequest(requestNames));
    }
    return List.copyOf(out);
  }

  /** Each SLO's verdict on a finished run's headline figures, in order. */
  public static List<SloResult> evaluate(List<Slo> slos, Analysis run) {
    List<SloResult> out = new ArrayList<>();
    for (Slo slo : slos) {
      // A drift is of the run's steady phases; every other statistic of a group of its summary.
      double measured =
          slo.stat().drift()
              ? drift(slo.stat(), run.drifts())
              : measure(slo, group(slo, run.summary()), run.result().wallNanos());
      out.add(judge(slo, measured));
    }
    return List.copyOf(out);
  }

  /**
   * How much worse the worst steady phase got ({@link Drift#worsePercent}); NaN where no phase was
   * long enough to judge, which fails the SLO as every unmeasured one does.
   */
  static double drift(Slo.Stat stat, List<Drift> drifts) {
    Drift.Measure m =
        switch (stat) {
          case DRIFT_P50 -> Drift.Measure.P50;
          case DRIFT_P99 -> Drift.Measure.P99;
          case DRIFT_ERRORS -> Drift.Measure.ERRORS;
          default -> Drift.Measure.RATE;
        };
    double worst = Double.NaN;
    for (Drift d : drifts) {
      double w = d.worsePercent(m);
      if (!Double.isNaN(w) && !(w <= worst)) {
        worst = w;
      }
    }
    return worst;
  }

  /**
   * Each SLO's verdict on the groups of {@code summary} (a run's, or the same run's over service
   * time) of a run of {@code wallNanos}, in order.
   */
  public static List<SloResult> evaluate(List<Slo> slos, Summary summary, long wallNanos) {
    return evaluate(slos, slo -> group(slo, summary), wallNanos);
  }

  /**
   * Each SLO's verdict on the requests {@code groupOf} gives it (the total, or its request's), over
   * {@code nanos} (for a rate): a part of a run, such as a window of a ramp.
   */
  public static List<SloResult> evaluate(List<Slo> slos, Function<Slo, Group> groupOf, long nanos) {
    List<SloResult> out = new ArrayList<>();
    for (Slo slo : slos) {
      out.add(judge(slo, measure(slo, groupOf.apply(slo), nanos)));
    }
    return List.copyOf(out);
  }

  /** The verdict on {@code measured}: it holds when measured (not NaN) and within the bound. */
  private static SloResult judge(Slo slo, double measured) {
    return new SloResult(
        slo, measured, !Double.isNaN(measured) && slo.op().holds(measured, slo.bound()));
  }

  /** Whether every verdict passed (true for none). */
  public static boolean allPass(List<SloResult> results) {
    return results.stream().allMatch(SloResult::pass);
  }

  private static Group group(Slo slo, Summary summary) {
    if (slo.request() == null) {
      return summary.total();
    }
    return summary.requests().stream()
        .filter(g -> g.request().equals(slo.request()))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("no request named '" + slo.request() + "'"));
  }

  static double measure(Slo slo, Group g, long wallNanos) {
    LatencyStats l = g.latency();
    if (slo.stat().latency() && l.count() == 0) {
      return Double.NaN;
    }
    return switch (slo.stat()) {
      case P50 -> l.p50();
      case P90 -> l.p90();
      case P95 -> l.p95();
      case P99 -> l.p99();
      case P999 -> l.p999();
      case MAX -> l.max();
      case MEAN -> l.mean();
      case ERRORS -> g.recorded() == 0 ? Double.NaN : g.errorRate();
      case RATE -> wallNanos > 0 ? g.throughput(wallNanos / 1e9) : Double.NaN;
      // A drift is of a whole run's phases, not of a group (see evaluate(slos, run)).
      case DRIFT_P50, DRIFT_P99, DRIFT_ERRORS, DRIFT_RATE -> Double.NaN;
    };
  }
}
