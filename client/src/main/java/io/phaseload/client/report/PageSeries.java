package io.phaseload.client.report;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Distribution;
import io.phaseload.client.stats.Summary;
import io.phaseload.client.stats.TimeSeries;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data the {@code --html} page's charts draw: the run in time buckets, and the latency
 * distribution as points of the percentile spectrum. Milliseconds with microsecond resolution,
 * seconds with millisecond resolution, rates with one decimal, so that the page stays small.
 * Stateless; for {@link HtmlReport}.
 */
final class PageSeries {

  private static final long SECOND = 1_000_000_000L;

  private PageSeries() {}

  /**
   * The buckets the page draws: the PNGs' adaptive ones, but never longer than a second, over the
   * run's wall time.
   */
  static TimeSeries series(RunResult run) {
    return series(run, null);
  }

  /**
   * The buckets the page draws, taken from {@code perSecond} (the JSON report's, computed anyway
   * when both are written) when they would be as long: one reading of the recording less.
   *
   * @param perSecond {@link TimeSeries#of(LatencyRecorder)} of the run, or null
   */
  static TimeSeries series(RunResult run, TimeSeries perSecond) {
    // perSecond's span ends at the bucket after the last request's start: with the run's length
    // it is the span this method would find.
    if (perSecond != null
        && perSecond.bucketNanos() == bucket(Math.max(run.wallNanos(), perSecond.spanNanos()))) {
      return perSecond;
    }
    // Every request starts within the run's wall time, which ends after the last one ended; a
    // start past it (none should) would count in the last bucket. No pass to find the span.
    long span = run.wallNanos();
    return TimeSeries.of(run.recording(), bucket(span), span);
  }

  /**
   * The bucket for a run of {@code spanNanos}: the PNGs' adaptive one where it is under a second (a
   * run of up to 200 s); else, since a page can be zoomed, the JSON's rows ({@link
   * TimeSeries#rowBucketFor}): a point per second up to 2.8 hours, at most {@value
   * TimeSeries#MAX_ROWS} points however long the run, so that the page stays under 2 MB.
   */
  static long bucket(long spanNanos) {
    long adaptive = TimeSeries.bucketFor(spanNanos);
    return adaptive < SECOND ? adaptive : TimeSeries.rowBucketFor(spanNanos);
  }

  /**
   * The run over time: bucket middles, starts and lengths (s), requests sent and successful,
   * successful and failed per second, p50, p95 and p99 (ms, null without a successful request), the
   * phases' spans; in the open model, where the percentiles count from the intended send, also the
   * service time's p50 and p99, the intended rate, arrivals begun and late arrivals per second.
   */
  static Map<String, Object> of(RunResult run, TimeSeries perSecond) {
    TimeSeries s = series(run, perSecond);
    int n = s.buckets();
    List<BigDecimal> x = new ArrayList<>();
    List<BigDecimal> okRate = new ArrayList<>();
    List<BigDecimal> failedRate = new ArrayList<>();
    for (int b = 0; b < n; b++) {
      x.add(Millis.seconds(s.startNanos(b) + s.durationNanos(b) / 2));
      okRate.add(rate(s.ok()[b], s.durationNanos(b)));
      failedRate.add(rate(s.sent()[b] - s.ok()[b], s.durationNanos(b)));
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("bucketSeconds", Millis.seconds(s.bucketNanos()));
    m.put("bucket", TimeSeries.label(s.bucketNanos()));
    m.put("spanSeconds", Millis.seconds(s.spanNanos()));
    m.put("x", x);
    m.put("sent", s.sent());
    m.put("ok", s.ok());
    m.put("okPerSecond", okRate);
    m.put("failedPerSecond", failedRate);
    m.put("p50", millis(s, s.p50()));
    m.put("p95", millis(s, s.p95()));
    m.put("p99", millis(s, s.p99()));
    TimeSeries.Quantiles service = s.serviceTime();
    if (service != null) {
      m.put("serviceP50", millis(s, service.p50()));
      m.put("serviceP99", millis(s, service.p99()));
    }
    List<Object> phases = new ArrayList<>();
    for (PhaseResult p : run.phases()) {
      Map<String, Object> ph = new LinkedHashMap<>();
      ph.put("name", p.phase().name());
      ph.put("start", Millis.seconds(p.startNanos()));
      ph.put("end", Millis.seconds(p.startNanos() + p.durationNanos()));
      phases.add(ph);
    }
    m.put("phases", phases);
    // Which load series the page draws: arrivals for a rate, users for stages of users.
    if (run.recording().hasIntendedStarts()) {
      m.put("arrivals", arrivals(run, s));
    } else if (!run.plan().stages().isEmpty()) {
      m.put("users", users(run, s));
    }
    return m;
  }

  /**
   * Arrivals per second by the time each began (its first request's send), those of them begun over
   * {@link ArrivalStats#LATE_NANOS} after their time, and the plan's intended rate in each bucket
   * (its phase's at the bucket's middle, along a stage's ramp; 0 between phases).
   */
  private static Map<String, Object> arrivals(RunResult run, TimeSeries s) {
    int n = s.buckets();
    long[][] counts = LoadChart.begun(run.recording(), s);
    long[] begun = counts[0];
    long[] late = counts[1];
    LoadPlan plan = run.plan();
    List<BigDecimal> intended = new ArrayList<>();
    List<BigDecimal> achieved = new ArrayList<>();
    List<BigDecimal> lateRate = new ArrayList<>();
    for (int b = 0; b < n; b++) {
      long middle = s.startNanos(b) + s.durationNanos(b) / 2;
      double rate = 0;
      for (PhaseResult p : run.phases()) {
        if (middle >= p.startNanos() && middle < p.startNanos() + p.durationNanos()) {
          rate = plan.rateAt(p.phase(), middle - p.startNanos());
        }
      }
      intended.add(BigDecimal.valueOf(rate).setScale(1, RoundingMode.HALF_UP));
      achieved.add(rate(begun[b], s.durationNanos(b)));
      lateRate.add(rate(late[b], s.durationNanos(b)));
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("intendedPerSecond", intended);
    m.put("begunPerSecond", achieved);
    m.put("latePerSecond", lateRate);
    m.put("late", late);
    return m;
  }

  /**
   * A closed-model run of stages: at each bucket's middle, the users its stage asked for and the
   * users running (from each one's first send to its last answer; 0 between phases).
   */
  private static Map<String, Object> users(RunResult run, TimeSeries s) {
    List<BigDecimal> target = new ArrayList<>();
    for (int b = 0; b < s.buckets(); b++) {
      long middle = s.startNanos(b) + s.durationNanos(b) / 2;
      double users = 0;
      for (PhaseResult p : run.phases()) {
        if (middle >= p.startNanos() && middle < p.startNanos() + p.durationNanos()) {
          users = run.plan().usersAt(p.phase(), middle - p.startNanos());
        }
      }
      target.add(BigDecimal.valueOf(users).setScale(1, RoundingMode.HALF_UP));
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("target", target);
    m.put("running", LoadChart.users(run.recording(), s));
    return m;
  }

  /** Each bucket's {@code nanos} in milliseconds, null for a bucket with no successful request. */
  private static List<BigDecimal> millis(TimeSeries s, long[] nanos) {
    List<BigDecimal> ms = new ArrayList<>();
    for (int b = 0; b < s.buckets(); b++) {
      ms.add(s.ok()[b] == 0 ? null : Millis.of(nanos[b]));
    }
    return ms;
  }

  private static BigDecimal rate(long count, long nanos) {
    return BigDecimal.valueOf(count * 1e9 / nanos).setScale(1, RoundingMode.HALF_UP);
  }

  /**
   * The distribution on HdrHistogram's axis, x = log10(1/(1-q)), as {@link Spectrum} draws it: a
   * point every twentieth of a decade up to one request in n, then the maximum; the reported
   * percentiles and the maximum as marks; in the open model the service time at the same x.
   */
  static Map<String, Object> distribution(Summary summary, Summary service) {
    Distribution latency = summary.distribution();
    long n = latency.count();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", n);
    if (n == 0) {
      return m;
    }
    double[] at = Distribution.curveX(n);
    double end = at[at.length - 1];
    List<BigDecimal> x = new ArrayList<>();
    for (double a : at) {
      x.add(BigDecimal.valueOf(a).setScale(3, RoundingMode.HALF_UP));
    }
    m.put("x", x);
    m.put("latency", curve(latency, at.length));
    if (service != null && service.distribution().count() == n) {
      m.put("service", curve(service.distribution(), at.length));
    }
    List<Object> marks = new ArrayList<>();
    double[] marked = Distribution.MARKED;
    for (int i = 0; i < marked.length; i++) {
      if (Spectrum.x(marked[i]) <= end + 1e-9) {
        marks.add(mark(Distribution.MARK_NAMES[i], Spectrum.x(marked[i]), latency.at(marked[i])));
      }
    }
    marks.add(mark("max", end, latency.max()));
    m.put("marks", marks);
    return m;
  }

  private static List<BigDecimal> curve(Distribution d, int points) {
    List<BigDecimal> y = new ArrayList<>();
    for (int i = 0; i < points; i++) {
      y.add(Millis.of(d.curve(i)));
    }
    return y;
  }

  private static Map<String, Object> mark(String name, double x, long nanos) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("x", BigDecimal.valueOf(x).setScale(3, RoundingMode.HALF_UP));
    m.put("ms", Millis.of(nanos));
    return m;
  }
}
