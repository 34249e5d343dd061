package io.phaseload.client.live;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.report.Millis;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.PhaseResult;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --live}: the live output that serves a port, with the run's Prometheus metrics at {@code
 * /metrics} for a scrape (Prometheus's pull) and the live page at {@code /}, redrawn from each
 * moment's figures and the requests' {@link LiveSeries}; after the run, the final report page
 * ({@link LiveServer}).
 *
 * <p>Threads as {@link LiveOutput}'s; {@link #url} from any thread once open.
 */
final class LiveEndpoint implements LiveOutput {

  private final InetSocketAddress address;
  private final PrometheusRegistry registry;
  private final List<Object> phases = new ArrayList<>();
  private LoadPlan plan;
  private String title;
  private String commandLine;
  private LiveSeries series;

  // Whether the run schedules arrivals ({@link LiveRun#scheduled}): which load the status gives.
  private boolean scheduled;
  private volatile LiveServer server;

  /**
   * @param address where to serve, as {@code --live} gave it
   * @param registry the metrics {@code /metrics} serves
   */
  LiveEndpoint(InetSocketAddress address, PrometheusRegistry registry) {
    this.address = address;
    this.registry = registry;
  }

  /** Binds the port. */
  @Override
  public void open(LiveRun run) throws LiveRefusedException {
    plan = run.plan();
    title = run.title();
    commandLine = run.commandLine();
    // The series keeps service times only if latencies count from intended starts.
    scheduled = run.scheduled();
    series = new LiveSeries(scheduled);
    try {
      server = LiveServer.start(address, registry, title);
    } catch (BindException e) {
      throw new LiveRefusedException(
          "--live " + hostPort() + ": cannot listen there: " + e.getMessage());
    } catch (IOException | RuntimeException e) {
      throw new LiveRefusedException("--live " + hostPort() + ": " + e);
    }
  }

  private String hostPort() {
    return address.getAddress().getHostAddress() + ":" + address.getPort();
  }

  /** The page's URL, once open. */
  String url() {
    String host = address.getAddress().getHostAddress();
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    return "http://" + host + ":" + server.port() + "/";
  }

  @Override
  public void phaseFinished(PhaseResult result) {
    Map<String, Object> span = new LinkedHashMap<>();
    span.put("name", result.phase().name());
    span.put("start", Millis.seconds(result.startNanos()));
    span.put("end", Millis.seconds(result.startNanos() + result.durationNanos()));
    synchronized (phases) {
      phases.add(span);
    }
  }

  @Override
  public void request(
      int request,
      int outcome,
      long startNanos,
      long latencyNanos,
      long serviceNanos,
      boolean lateArrival) {
    series.request(startNanos, outcome, latencyNanos, serviceNanos);
  }

  /** Recomputes the seconds that changed and publishes the page's data. */
  @Override
  public void moment(LiveMoment m) {
    series.settle();
    server.update(data(m));
  }

  @Override
  public void finished(String finalPage) {
    if (finalPage != null) {
      server.finish(finalPage);
    }
  }

  @Override
  public void close() {
    LiveServer s = server;
    if (s != null) {
      s.close();
    }
  }

  private Map<String, Object> data(LiveMoment m) {
    List<Object> spans;
    synchronized (phases) {
      spans = new ArrayList<>(phases);
    }
    Phase p = m.phase();
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("phase", p == null ? "starting" : p.name());
    status.put("phaseNumber", p == null ? 0 : p.index() + 1);
    status.put("phases", plan.phases().size());
    status.put("done", m.done());
    status.put("planned", plan.totalRequests());
    status.put("ok", m.ok());
    status.put("failed", m.failed());
    status.put("elapsedSeconds", Millis.seconds(m.elapsedNanos()));
    // The status names the model and gives its load: arrivals' lateness and rate, or users.
    status.put("open", scheduled);
    if (p != null && scheduled) {
      status.put("late", m.late());
      status.put("rateTarget", m.rateTarget());
    } else if (p != null) {
      status.put("users", m.users());
      status.put("usersTarget", m.usersTarget());
    }
    GeneratorLoad load = m.generator();
    if (load != null) {
      Map<String, Object> g = new LinkedHashMap<>();
      g.put("phase", load.phase());
      g.put("cpuUsedShare", share(load.cpuShare()));
      g.put("cpuWantedShare", share(load.demandShare()));
      g.put("gcSeconds", Millis.seconds(load.gcNanos()));
      g.put("lagSeconds", Millis.seconds(load.lagNanos()));
      g.put("limited", load.limited());
      g.put("cores", load.cores());
      status.put("generator", g);
    }
    Map<String, Object> total = new LinkedHashMap<>();
    total.put("ok", m.ok());
    total.put("failed", m.failed());
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("total", total);
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("kind", "live");
    doc.put("live", true);
    doc.put("title", title);
    doc.put("sections", List.of("live", "throughput", "latency", "liveFailures"));
    doc.put("commandLine", commandLine);
    doc.put("status", status);
    doc.put("run", run);
    doc.put("series", series.page(m.elapsedNanos(), spans, m.over()));
    return doc;
  }

  private static BigDecimal share(double share) {
    return BigDecimal.valueOf(share).setScale(3, RoundingMode.HALF_UP);
  }
}
