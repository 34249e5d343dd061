package io.phaseload.client.report;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.engine.Outcome;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.run.PhaseResult;
import io.phaseload.client.run.RunResult;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.Summary;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --json FILE}: the whole summary as one JSON document, schema {@value #SCHEMA} (documented
 * in the README). Latencies are milliseconds with microsecond resolution, percentiles by nearest
 * rank over successful requests, exactly as the text report and reproducible from {@code --csv}.
 * Stateless.
 */
public final class JsonReport {

  public static final String SCHEMA = "phaseload-run/1";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private JsonReport() {}

  public static void write(
      RunResult run, Summary summary, TimeSeries series, RunInfo info, Writer out)
      throws IOException {
    DefaultPrettyPrinter pretty =
        new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
    MAPPER.writer(pretty).writeValue(out, document(run, summary, series, info));
  }

  static Map<String, Object> document(
      RunResult run, Summary summary, TimeSeries series, RunInfo info) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("schema", SCHEMA);
    doc.put("settings", info.settings());
    doc.put("target", info.target());
    doc.put("embeddedServer", info.embedded());
    doc.put("environment", info.environment());
    doc.put("startEpochMillis", run.startEpochMillis());
    doc.put("start", Instant.ofEpochMilli(run.startEpochMillis()).toString());
    double wallSeconds = run.wallNanos() / 1e9;
    doc.put("wallSeconds", seconds(run.wallNanos()));
    doc.put("partial", run.partial());
    doc.put("stopReason", run.stopReason());
    doc.put("total", group(summary.total(), wallSeconds));
    List<Object> phases = new ArrayList<>();
    for (int p = 0; p < summary.phases().size(); p++) {
      Phase phase = run.recorder().plan().phases().get(p);
      PhaseResult ran = p < run.phases().size() ? run.phases().get(p) : null;
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", phase.name());
      m.put("threads", phase.threads());
      m.put("ran", ran != null);
      m.put("completed", ran != null && ran.completed());
      m.put("startSeconds", ran == null ? null : seconds(ran.startNanos()));
      m.put("durationSeconds", ran == null ? null : seconds(ran.durationNanos()));
      m.putAll(group(summary.phases().get(p), ran == null ? 0 : ran.durationNanos() / 1e9));
      Map<String, Object> ops = new LinkedHashMap<>();
      for (Group cell : summary.cells().subList(2 * p, 2 * p + 2)) {
        ops.put(cell.operation(), group(cell, 0));
      }
      m.put("operations", ops);
      phases.add(m);
    }
    doc.put("phases", phases);
    Map<String, Object> ops = new LinkedHashMap<>();
    for (Group op : summary.operations()) {
      ops.put(op.operation(), group(op, 0));
    }
    doc.put("operations", ops);
    List<Object> perSecond = new ArrayList<>();
    for (int s = 0; s < series.buckets(); s++) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("second", s);
      m.put("sent", series.sent()[s]);
      m.put("ok", series.ok()[s]);
      m.put("failed", series.sent()[s] - series.ok()[s]);
      m.put("p50Ms", ms(series.p50()[s]));
      m.put("p95Ms", ms(series.p95()[s]));
      m.put("p99Ms", ms(series.p99()[s]));
      perSecond.add(m);
    }
    doc.put("perSecond", perSecond);
    return doc;
  }

  /** Counts, errors, throughput (when {@code seconds > 0}) and latencies of one group. */
  private static Map<String, Object> group(Group g, double seconds) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sent", g.sent());
    m.put("ok", g.ok());
    m.put("failed", g.failed());
    Map<String, Object> errors = new LinkedHashMap<>();
    errors.put("connect", g.count(Outcome.CONNECT));
    errors.put("timeout", g.count(Outcome.TIMEOUT));
    errors.put("io", g.count(Outcome.IO));
    errors.put("http", g.count(Outcome.HTTP));
    errors.put("badBody", g.count(Outcome.BAD_BODY));
    m.put("errors", errors);
    Map<String, Object> statuses = new LinkedHashMap<>();
    g.statuses().forEach((status, n) -> statuses.put(String.valueOf(status), n));
    m.put("httpStatuses", statuses);
    if (seconds > 0) {
      m.put("throughput", BigDecimal.valueOf(g.ok() / seconds).setScale(1, RoundingMode.HALF_UP));
    }
    m.put("latencyMs", latency(g.latency()));
    m.put("failedLatencyMs", latency(g.failedLatency()));
    return m;
  }

  private static Map<String, Object> latency(LatencyStats l) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", l.count());
    m.put("min", ms(l.min()));
    m.put("mean", BigDecimal.valueOf(l.mean() / 1e6).setScale(3, RoundingMode.HALF_UP));
    m.put("p50", ms(l.p50()));
    m.put("p90", ms(l.p90()));
    m.put("p95", ms(l.p95()));
    m.put("p99", ms(l.p99()));
    m.put("p99.9", ms(l.p999()));
    m.put("max", ms(l.max()));
    return m;
  }

  /** Nanoseconds as milliseconds with microsecond resolution, as the CSV writes them. */
  static BigDecimal ms(long nanos) {
    return BigDecimal.valueOf(nanos).movePointLeft(6).setScale(3, RoundingMode.HALF_UP);
  }

  private static BigDecimal seconds(long nanos) {
    return BigDecimal.valueOf(nanos).movePointLeft(9).setScale(3, RoundingMode.HALF_UP);
  }
}
