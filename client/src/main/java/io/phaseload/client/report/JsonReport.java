package io.phaseload.client.report;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.capacity.Delivery;
import io.phaseload.client.capacity.Lateness;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Population;
import io.phaseload.client.plan.Settings;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.OpenedAhead;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.ShardRun;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.ConnectionTimes;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.StreamWait;
import io.phaseload.client.stats.Summary;
import io.phaseload.client.stats.TimeSeries;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --json FILE}: the whole summary as one JSON document, schema {@value #SCHEMA} (documented
 * in docs/output.md, and published as docs/schema/run.schema.json). Latencies are milliseconds with
 * microsecond resolution, percentiles by nearest rank over successful requests, exactly as the text
 * report and reproducible from {@code --csv}. Stateless.
 */
public final class JsonReport {

  public static final String SCHEMA = "phaseload-run/2";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private JsonReport() {}

  /**
   * Each kind of user: its name (null for a plan's only one), its share, and the names of its
   * setup, iteration and teardown requests.
   */
  private static List<Map<String, Object>> populations(LoadPlan plan) {
    List<String> names = plan.requestNames();
    List<Map<String, Object>> out = new ArrayList<>();
    for (Population p : plan.populations()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", p.name());
      m.put("weight", p.share() instanceof Population.Weight w ? w.weight() : null);
      m.put(
          "threads",
          p.share() instanceof Population.Users u
              ? Integer.valueOf(u.users())
              : p.share() instanceof Population.Rate r ? Integer.valueOf(r.cap()) : null);
      m.put("rate", p.share() instanceof Population.Rate r ? r.perSecond() : null);
      m.put("setup", names.subList(p.first(), p.iterationStart()));
      m.put("requests", names.subList(p.iterationStart(), p.iterationEnd()));
      m.put("teardown", names.subList(p.iterationEnd(), p.end()));
      out.add(m);
    }
    return out;
  }

  /**
   * Writes the document, with the SLO verdicts ({@code slo}) and the generator's own load per phase
   * as a {@code generator} object when the run has them.
   *
   * @param series the per-second rows ({@code perSecond})
   */
  public static void write(FinishedRun run, TimeSeries series, Writer out) throws IOException {
    Map<String, Object> doc = document(run, series);
    DefaultPrettyPrinter pretty =
        new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
    MAPPER.writer(pretty).writeValue(out, doc);
  }

  /**
   * The document of a run: its figures as {@code analysis} holds them.
   *
   * @param series the per-second rows ({@code perSecond}); an empty series writes none
   */
  /**
   * The document of a finished run: its figures ({@link #document(Analysis, TimeSeries, RunInfo)})
   * and what was judged of it after it ended: the SLOs' verdicts and the generator's load, when it
   * has them, and its drift. The JSON and the page's data alike.
   */
  static Map<String, Object> document(FinishedRun run, TimeSeries series) {
    Map<String, Object> doc = document(run.analysis(), series, run.info());
    if (!run.slos().isEmpty()) {
      doc.put("slo", SloTable.json(run.slos()));
    }
    if (!run.generator().isEmpty()) {
      doc.put("generator", generator(run.generator()));
    }
    doc.put("drift", DriftReport.json(run.drift()));
    return doc;
  }

  static Map<String, Object> document(Analysis analysis, TimeSeries series, RunInfo info) {
    RunResult run = analysis.result();
    Summary summary = analysis.summary();
    Summary service = analysis.serviceTime();
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("schema", SCHEMA);
    Map<String, Object> settings = new LinkedHashMap<>(info.settings());
    // The model's own fields: those its settings have.
    Settings model = run.plan().model().settings();
    settings.put("model", model.name());
    if (model.hasRate()) {
      settings.put("rate", model.rate());
      settings.put(
          "phaseSeconds",
          model.phaseLength() == null ? null : Millis.seconds(model.phaseLength().toNanos()));
      settings.put("arrivals", model.arrivals().label());
    }
    List<Stage> stages = run.plan().stages();
    if (!stages.isEmpty()) {
      settings.put(
          "stages",
          stages.stream()
              .map(
                  st -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("seconds", Millis.seconds(st.length().toNanos()));
                    m.put("from", st.from());
                    m.put("to", st.to());
                    return m;
                  })
              .toList());
    }
    doc.put("settings", settings);
    doc.put("requestNames", run.plan().requestNames());
    doc.put("populations", populations(run.plan()));
    doc.put("target", info.target());
    doc.put("embeddedServer", info.embedded());
    doc.put("environment", info.environment());
    doc.put("startEpochMillis", run.startEpochMillis());
    doc.put("start", Instant.ofEpochMilli(run.startEpochMillis()).toString());
    doc.put("wallSeconds", Millis.seconds(run.wallNanos()));
    doc.put("phaseSeconds", Millis.seconds(run.phaseNanos()));
    doc.put("setupSeconds", Millis.seconds(run.setupNanos()));
    doc.put("otherSeconds", Millis.seconds(run.otherNanos()));
    doc.put("openedAhead", openedAhead(run));
    doc.put("partial", run.partial());
    doc.put("stopReason", run.stopReason());
    doc.put("phasesNotReached", run.phasesNotReached());
    // Read once: each phase's lateness below comes from the same reading of the recording.
    // Delivery is of a rate asked for: only scheduled arrivals have one (else null).
    boolean rate = analysis.arrivals() != null;
    List<Delivery> deliveries = rate ? Delivery.of(run) : List.of();
    doc.put("delivery", rate ? delivery(deliveries) : null);
    Map<String, Object> total =
        group(summary.total(), analysis.wallSeconds() > 0 ? analysis.throughput() : null, run);
    if (service != null) {
      total.put("serviceTimeMs", latency(service.total().latency()));
      ArrivalStats a = analysis.arrivals();
      Map<String, Object> arrivals = new LinkedHashMap<>();
      arrivals.put("scheduled", a.scheduled());
      arrivals.put("started", a.started());
      arrivals.put("late", a.late());
      arrivals.put("maxLateMs", Millis.of(a.maxLateNanos()));
      total.put("arrivals", arrivals);
    }
    summary
        .connections()
        .ifPresent(
            c -> {
              // k6's names: http_req_connecting, http_req_tls_handshaking, http_req_waiting.
              total.put("connectingMs", latency(c.connecting()));
              total.put("tlsHandshakingMs", latency(c.tls()));
              total.put("waitingMs", latency(c.waiting()));
            });
    if (analysis.streamWait() != null) {
      total.put("streamWait", streamWait(analysis.streamWait()));
    }
    doc.put("total", total);
    List<Object> phases = new ArrayList<>();
    for (int p = 0; p < summary.phases().size(); p++) {
      Phase phase = run.plan().phases().get(p);
      PhaseResult ran = p < run.phases().size() ? run.phases().get(p) : null;
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", phase.name());
      m.put("threads", run.plan().threads(phase));
      m.put("ran", ran != null);
      m.put("completed", ran != null && ran.completed());
      m.put("startSeconds", ran == null ? null : Millis.seconds(ran.startNanos()));
      m.put("durationSeconds", ran == null ? null : Millis.seconds(ran.durationNanos()));
      m.put("setupSeconds", ran == null ? null : Millis.seconds(ran.setupNanos()));
      if (ran != null && ran.arrivals() != null) {
        ArrivalStats a = ran.arrivals();
        m.put(
            "intendedRate", BigDecimal.valueOf(a.intendedRate()).setScale(1, RoundingMode.HALF_UP));
        m.put(
            "achievedRate", BigDecimal.valueOf(a.achievedRate()).setScale(1, RoundingMode.HALF_UP));
        m.put("late", a.late());
        Lateness late = run.merged() ? null : lateness(deliveries, phase.name());
        m.put("lateThreadsBusy", late == null ? null : late.busy());
        m.put("lateThreadFree", late == null ? null : late.free());
        m.put("maxLateMs", Millis.of(a.maxLateNanos()));
      }
      m.putAll(
          group(
              summary.phases().get(p),
              ran == null || ran.durationNanos() <= 0 ? null : analysis.phaseThroughput(p),
              run));
      if (service != null) {
        m.put("serviceTimeMs", latency(service.phases().get(p).latency()));
      }
      Map<String, Object> requests = new LinkedHashMap<>();
      for (int r = 0; r < summary.requests().size(); r++) {
        Group cell = summary.cell(p, r);
        Map<String, Object> g = group(cell, null, run);
        if (service != null) {
          g.put("serviceTimeMs", latency(service.cell(p, r).latency()));
        }
        requests.put(cell.request(), g);
      }
      m.put("requests", requests);
      phases.add(m);
    }
    doc.put("phases", phases);
    Map<String, Object> requests = new LinkedHashMap<>();
    for (int r = 0; r < summary.requests().size(); r++) {
      Group request = summary.requests().get(r);
      Map<String, Object> g = group(request, null, run);
      if (service != null) {
        g.put("serviceTimeMs", latency(service.requests().get(r).latency()));
      }
      requests.put(request.request(), g);
    }
    doc.put("requests", requests);
    List<Object> perSecond = new ArrayList<>();
    for (int s = 0; s < series.buckets(); s++) {
      Map<String, Object> m = new LinkedHashMap<>();
      // A row a second, or for a run of over 2.8 hours rows of a few seconds each: the second
      // each begins at and its length say which.
      m.put("second", series.startNanos(s) / 1_000_000_000L);
      m.put("seconds", Millis.seconds(series.durationNanos(s)));
      m.put("sent", series.sent()[s]);
      m.put("ok", series.ok()[s]);
      m.put("failed", series.sent()[s] - series.ok()[s]);
      m.put("p50Ms", Millis.of(series.p50()[s]));
      m.put("p95Ms", Millis.of(series.p95()[s]));
      m.put("p99Ms", Millis.of(series.p99()[s]));
      TimeSeries.Quantiles serviceTime = series.serviceTime();
      if (serviceTime != null) {
        m.put("serviceP50Ms", Millis.of(serviceTime.p50()[s]));
        m.put("serviceP95Ms", Millis.of(serviceTime.p95()[s]));
        m.put("serviceP99Ms", Millis.of(serviceTime.p99()[s]));
      }
      perSecond.add(m);
    }
    doc.put("perSecond", perSecond);
    if (run.merged()) {
      doc.put("shards", shards(run));
      doc.put("missingShards", missingShards(run));
    }
    return doc;
  }

  /** The shards of the plan no record was given for ("2/3"), in order. */
  private static List<String> missingShards(RunResult run) {
    int count = run.shards().get(0).shard().count();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int index = i;
      if (run.shards().stream().noneMatch(s -> s.shard().index() == index)) {
        out.add(new Shard(i, count).toString());
      }
    }
    return out;
  }

  /**
   * Whether the phases of a run asked for a rate delivered it: {@code delivered}, and per phase the
   * rates, the cause ({@link Delivery.Cause}, lower case) and its sentence. A run asked for users,
   * not a rate, has none (the document's {@code delivery} is null).
   */
  static Map<String, Object> delivery(List<Delivery> phases) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("delivered", Delivery.all(phases));
    m.put(
        "phases",
        phases.stream()
            .map(
                d -> {
                  Map<String, Object> p = new LinkedHashMap<>();
                  p.put("phase", d.phase());
                  p.put(
                      "intendedRate",
                      BigDecimal.valueOf(d.intendedRate()).setScale(1, RoundingMode.HALF_UP));
                  p.put(
                      "achievedRate",
                      BigDecimal.valueOf(d.achievedRate()).setScale(1, RoundingMode.HALF_UP));
                  p.put("late", d.late());
                  p.put("started", d.started());
                  p.put("threads", d.threads());
                  p.put("delivered", d.delivered());
                  p.put("cause", d.cause().name().toLowerCase(Locale.ROOT));
                  p.put("reason", d.delivered() ? null : d.reason());
                  return p;
                })
            .toList());
    return m;
  }

  /** The lateness of phase {@code name} as its delivery read it; none for a phase asked no rate. */
  private static Lateness lateness(List<Delivery> deliveries, String name) {
    for (Delivery d : deliveries) {
      if (d.phase().equals(name)) {
        return d.lateness();
      }
    }
    return Lateness.NONE;
  }

  /** A merged run's generators: who, when (on the merged axis), what each sent. */
  private static List<Object> shards(RunResult run) {
    List<Object> out = new ArrayList<>();
    for (ShardRun s : run.shards()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("shard", s.shard().toString());
      m.put("host", s.host());
      m.put("java", s.java());
      m.put("startEpochNanos", s.startEpochNanos());
      m.put("startSeconds", Millis.seconds(s.offsetNanos()));
      m.put("wallSeconds", Millis.seconds(s.wallNanos()));
      m.put("sent", s.sent());
      m.put("failed", s.failed());
      m.put("notSent", s.notSent());
      m.put("stopReason", s.stopReason());
      List<Object> phases = new ArrayList<>();
      for (PhaseResult p : s.phases()) {
        Map<String, Object> ph = new LinkedHashMap<>();
        ph.put("name", p.phase().name());
        ph.put("startSeconds", Millis.seconds(p.startNanos()));
        ph.put("durationSeconds", Millis.seconds(p.durationNanos()));
        phases.add(ph);
      }
      m.put("phases", phases);
      out.add(m);
    }
    return out;
  }

  /**
   * The connections the open model opened in its setup, with the reasons of those that did not
   * open; null if it opened none ahead.
   */
  private static Map<String, Object> openedAhead(RunResult run) {
    OpenedAhead a = run.openedAhead();
    if (a == null || a.connections() == 0) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("users", a.users());
    m.put("connections", a.connections());
    m.put("opened", a.opened());
    m.put("failed", a.failed());
    m.put("seconds", Millis.seconds(a.nanos()));
    ConnectionTimes times = ConnectionTimes.ofOpenedAhead(a);
    m.put("connectingMs", latency(times.connecting()));
    m.put("tlsHandshakingMs", latency(times.tls()));
    List<Map<String, Object>> why = new ArrayList<>();
    a.failures()
        .forEach(
            (o, n) -> {
              Map<String, Object> r = new LinkedHashMap<>();
              r.put("kind", Outcome.kindKey(Outcome.kind(o)));
              r.put("reason", run.reasons().message(Outcome.reason(o)));
              r.put("count", n);
              why.add(r);
            });
    m.put("reasons", why);
    return m;
  }

  /**
   * Counts, errors with their reasons, throughput (when given: the run's and a phase's that took
   * time) and latencies of one group.
   */
  private static Map<String, Object> group(Group g, Double throughput, RunResult run) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sent", g.sent());
    m.put("ok", g.ok());
    m.put("failed", g.failed());
    m.put("notSent", g.notSent());
    m.put("skipped", g.skipped());
    Map<String, Object> errors = new LinkedHashMap<>();
    Map<String, Object> why = new LinkedHashMap<>();
    for (int kind : Outcome.FAILURE_KINDS) {
      errors.put(Outcome.kindKey(kind), g.count(kind));
      List<Map<String, Object>> listed = new ArrayList<>();
      for (ReasonList.Entry e : ReasonList.of(g, kind, run.reasons(), run.plan().requestNames())) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("reason", e.message());
        r.put("count", e.count());
        listed.add(r);
      }
      if (!listed.isEmpty()) {
        why.put(Outcome.kindKey(kind), listed);
      }
    }
    m.put("errors", errors);
    m.put("reasons", why);
    Map<String, Object> statuses = new LinkedHashMap<>();
    g.statuses().forEach((status, n) -> statuses.put(String.valueOf(status), n));
    m.put("httpStatuses", statuses);
    if (throughput != null) {
      m.put("throughput", BigDecimal.valueOf(throughput).setScale(1, RoundingMode.HALF_UP));
    }
    m.put("latencyMs", latency(g.latency()));
    m.put("failedLatencyMs", g.failedLatency().count() == 0 ? null : latency(g.failedLatency()));
    return m;
  }

  /** The HTTP/2 stream wait: the counts, the share, and the successful requests' waits in ms. */
  private static Map<String, Object> streamWait(StreamWait w) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sent", w.sent());
    m.put("waited", w.waited());
    m.put("share", share(w.share()));
    m.put("waitMs", latency(w.waits()));
    return m;
  }

  /**
   * How hard the generator itself worked, phase by phase: whether any phase was limited by it, and
   * per phase its CPU (used, and used plus waited for, as shares of its cores), its collections
   * (count, seconds, longest), its scheduling lag (seconds, longest), in the closed model its delay
   * from a response to the user's next send (count, mean, longest; null in the open model), and the
   * warning, if any.
   */
  static Map<String, Object> generator(List<GeneratorLoad> loads) {
    Map<String, Object> g = new LinkedHashMap<>();
    g.put("limited", loads.stream().anyMatch(GeneratorLoad::limited));
    List<Object> phases = new ArrayList<>();
    for (GeneratorLoad l : loads) {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("phase", l.phase());
      p.put("seconds", Millis.seconds(l.nanos()));
      p.put("cores", l.cores());
      p.put("cpuUsedShare", share(l.cpuShare()));
      p.put("cpuWantedShare", share(l.demandShare()));
      p.put("cpuOthersShare", share(l.othersShare()));
      p.put("gcCount", l.gcCount());
      p.put("gcSeconds", Millis.seconds(l.gcNanos()));
      p.put("gcLongestMs", Millis.of(l.maxGcNanos()));
      p.put("lagSeconds", Millis.seconds(l.lagNanos()));
      p.put("lagLongestMs", Millis.of(l.maxLagNanos()));
      if (l.gaps() > 0) {
        Map<String, Object> gap = new LinkedHashMap<>();
        gap.put("count", l.gaps());
        gap.put("meanMs", Millis.of(l.meanGapNanos()));
        gap.put("maxMs", Millis.of(l.maxGapNanos()));
        p.put("sendDelay", gap);
      } else {
        p.put("sendDelay", null);
      }
      if (l.thinks() > 0) {
        Map<String, Object> think = new LinkedHashMap<>();
        think.put("count", l.thinks());
        think.put("seconds", Millis.seconds(l.thinkNanos()));
        think.put("meanMs", Millis.of(l.thinkNanos() / l.thinks()));
        p.put("think", think);
      } else {
        p.put("think", null);
      }
      p.put("limited", l.limited());
      p.put("warning", l.limited() ? l.warning() : null);
      phases.add(p);
    }
    g.put("phases", phases);
    return g;
  }

  /** A share of 0 to 1 (or above, for CPU wanted) to three decimals. */
  private static BigDecimal share(double v) {
    return BigDecimal.valueOf(v).setScale(3, RoundingMode.HALF_UP);
  }

  static Map<String, Object> latency(LatencyStats l) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", l.count());
    m.put("min", Millis.of(l.min()));
    m.put("mean", Millis.of(l.mean()));
    m.put("p50", Millis.of(l.p50()));
    m.put("p90", Millis.of(l.p90()));
    m.put("p95", Millis.of(l.p95()));
    m.put("p99", Millis.of(l.p99()));
    m.put("p99.9", Millis.of(l.p999()));
    m.put("max", Millis.of(l.max()));
    return m;
  }
}
