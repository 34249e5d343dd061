package io.phaseload.client.live;

import io.phaseload.client.request.Outcome;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The live output that keeps a run's figures in Prometheus's terms, in a registry of their own,
 * which the other two Prometheus outputs hand on: {@link LiveEndpoint} serves it at {@code
 * /metrics} for a scrape, {@link PushgatewayOutput} pushes it. Cumulative counters, so that nothing
 * is lost between two scrapes or pushes, a latency histogram, and gauges of the moment. A shard's
 * metrics all carry a {@code shard} label, so that a query can sum the shards. One registry for
 * both, so that a scrape of a pushing run sees its failed pushes too.
 *
 * <p>Updated by the feed's thread ({@link LiveOutput}); scraped and pushed from others, which the
 * client library's metrics allow.
 */
final class LiveMetrics implements LiveOutput {

  /**
   * The histogram's buckets, in seconds: 0.5 ms doubling up to about 16 s, 16 buckets (plus +Inf),
   * so that a quantile estimated from them is within a factor of two of the truth anywhere a
   * request's latency may fall; the report's exact percentiles stay the source of truth.
   */
  static final double FIRST_BUCKET_SECONDS = 0.0005;

  static final int BUCKETS = 16;

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final List<String> requestNames;
  private final Counter requests;
  private final Histogram latency;
  private final DistributionDataPoint[] latencyOf;
  private final Counter late;
  private final Counter pushFailures;
  private final Gauge users;
  private final Gauge usersTarget;
  private final Gauge rate;
  private final Gauge rateTarget;
  private final Gauge planned;
  private final Gauge cpu;
  private final Gauge cpuWanted;
  private boolean openModel;

  /**
   * Each (request, outcome)'s counter, found once: the label lookup is not repeated per request.
   */
  private final Map<Integer, CounterDataPoint> counted = new HashMap<>();

  /** Each request name's last outcome and its counter. */
  private final int[] lastOutcome;

  private final CounterDataPoint[] lastPoint;

  LiveMetrics(List<String> requestNames, String shard) {
    this.requestNames = requestNames;
    this.lastOutcome = new int[requestNames.size()];
    this.lastPoint = new CounterDataPoint[requestNames.size()];
    Labels constant = shard == null ? Labels.EMPTY : Labels.of("shard", shard);
    requests =
        Counter.builder()
            .name("phaseload_requests_total")
            .help(
                "Requests recorded, by request name, outcome (ok, http, badBody, connect, timeout,"
                    + " io, notSent) and HTTP status (empty where there was no response)")
            .labelNames("request", "outcome", "status")
            .constLabels(constant)
            .register(registry);
    latency =
        Histogram.builder()
            .name("phaseload_request_duration_seconds")
            .help(
                "Latency of successful requests by request name; in the open model from the"
                    + " intended send (corrected for coordinated omission)")
            .labelNames("request")
            .classicOnly()
            .classicExponentialUpperBounds(FIRST_BUCKET_SECONDS, 2, BUCKETS)
            .constLabels(constant)
            .register(registry);
    latencyOf = new DistributionDataPoint[requestNames.size()];
    for (int r = 0; r < latencyOf.length; r++) {
      latencyOf[r] = latency.labelValues(requestNames.get(r));
    }
    late =
        Counter.builder()
            .name("phaseload_late_arrivals_total")
            .help("Open model: arrivals that began over 1 ms after their intended time")
            .constLabels(constant)
            .register(registry);
    pushFailures =
        Counter.builder()
            .name("phaseload_push_failures_total")
            .help("Pushes to the Pushgateway (--push) that failed during the run")
            .constLabels(constant)
            .register(registry);
    users =
        gauge("phaseload_users", "Closed model: user threads of the phase still sending", constant);
    usersTarget =
        gauge("phaseload_users_target", "Closed model: user threads the phase runs", constant);
    rate =
        gauge(
            "phaseload_arrival_rate",
            "Open model: arrivals begun per second over the last second",
            constant);
    rateTarget =
        gauge("phaseload_arrival_rate_target", "Open model: the phase's intended rate", constant);
    planned = gauge("phaseload_requests_planned", "Requests the plan (or shard) holds", constant);
    cpu =
        gauge(
            "phaseload_generator_cpu_ratio",
            "CPU the generator used in the phase so far, as a share of its cores (0 to 1)",
            constant);
    cpuWanted =
        gauge(
            "phaseload_generator_cpu_wanted_ratio",
            "CPU the generator used or waited for in the phase so far, as a share of its cores",
            constant);
  }

  private Gauge gauge(String name, String help, Labels constant) {
    return Gauge.builder().name(name).help(help).constLabels(constant).register(registry);
  }

  PrometheusRegistry registry() {
    return registry;
  }

  @Override
  public void open(LiveRun run) {
    // Which gauges a run gets: arrival rate and its target, or users and theirs.
    openModel = run.scheduled();
    planned.set(run.plan().totalRequests());
  }

  /** Counts one recorded request; a successful one's latency goes into the histogram. */
  @Override
  public void request(
      int request,
      int outcome,
      long startNanos,
      long latencyNanos,
      long serviceNanos,
      boolean lateArrival) {
    // Most of a request name's outcomes repeat the last one (200 after 200): its counter is kept,
    // and the map (a boxed key) is asked only when the outcome changes.
    CounterDataPoint point = lastPoint[request];
    if (point == null || lastOutcome[request] != outcome) {
      point =
          counted.computeIfAbsent(
              request << Outcome.BITS | outcome,
              key -> {
                int kind = Outcome.kind(outcome);
                int status = Outcome.status(outcome);
                return requests.labelValues(
                    requestNames.get(request),
                    Outcome.kindKey(kind),
                    status == 0 ? "" : String.valueOf(status));
              });
      lastPoint[request] = point;
      lastOutcome[request] = outcome;
    }
    point.inc();
    if (Outcome.ok(outcome)) {
      latencyOf[request].observe(latencyNanos / 1e9);
    }
    if (lateArrival) {
      late.inc();
    }
  }

  /** The gauges: the model's users or arrivals from the first phase on, the generator's CPU. */
  @Override
  public void moment(LiveMoment m) {
    if (m.phase() != null && openModel) {
      rate.set(m.arrivalsPerSecond());
      rateTarget.set(m.rateTarget());
    } else if (m.phase() != null) {
      users.set(m.users());
      usersTarget.set(m.usersTarget());
    }
    if (m.generator() != null) {
      cpu.set(m.generator().cpuShare());
      cpuWanted.set(m.generator().demandShare());
    }
  }

  /** A push to the Pushgateway failed. */
  void pushFailed() {
    pushFailures.inc();
  }

  /** Requests counted so far, all outcomes. */
  long counted() {
    long n = 0;
    for (CounterDataPoint c : counted.values()) {
      n += c.getLongValue();
    }
    return n;
  }
}
