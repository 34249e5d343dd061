package io.phaseload.client.live;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.report.Millis;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.RecordingCursor;
import io.phaseload.client.result.RunView;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads a run's recording once a second on a thread of its own and turns what was recorded since
 * into the live page's data and the metrics: the hot path only records, and this thread reads the
 * user threads' slices through a {@link RecordingCursor}, racily and without a lock. {@link
 * #finish}, after the run's threads are joined, reads what is left, so that the last figures are
 * exact.
 *
 * <p>A {@link PhaseListener} for the run's thread; {@link #finish} from the thread that ran the
 * run.
 */
final class LiveFeed implements PhaseListener {

  static final long TICK_NANOS = LiveSeries.SECOND;

  private final LoadPlan plan;
  private final LiveMetrics metrics;
  private final Consumer<Map<String, Object>> publish;
  private final String title;
  private final String commandLine;
  private final LiveSeries series;
  private final List<Object> phases = new ArrayList<>();
  private final Thread thread = new Thread(this::loop, "phaseload-live");
  private volatile RunView view;
  private volatile Phase phase;
  private volatile boolean running = true;
  private RecordingCursor cursor;
  private long startNanos;
  private long done;
  private long ok;
  private long failed;
  private long late;
  private long begun;

  /**
   * @param publish handed the page's data after each reading
   * @param title the live page's title
   * @param commandLine the command that runs, as the page quotes it
   */
  LiveFeed(
      LoadPlan plan,
      LiveMetrics metrics,
      Consumer<Map<String, Object>> publish,
      String title,
      String commandLine) {
    this.plan = plan;
    this.metrics = metrics;
    this.publish = publish;
    this.title = title;
    this.commandLine = commandLine;
    this.series = new LiveSeries(plan.isOpen());
    thread.setDaemon(true);
    metrics.planned(plan.totalRequests());
  }

  @Override
  public void runStarted(RunView run) {
    startNanos = System.nanoTime();
    cursor = new RecordingCursor(run.recording());
    view = run;
    thread.start();
  }

  @Override
  public void phaseStarted(Phase started) {
    phase = started;
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

  private void loop() {
    long next = System.nanoTime() + TICK_NANOS;
    while (running) {
      long wait = next - System.nanoTime();
      if (wait > 0) {
        try {
          Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        } catch (InterruptedException e) {
          return;
        }
      }
      next += TICK_NANOS;
      if (running) {
        read(false);
      }
    }
  }

  /** Stops the thread and reads what is left; call after the run's threads are joined. */
  void finish() throws InterruptedException {
    running = false;
    if (view == null) {
      return; // the run never started
    }
    thread.interrupt();
    thread.join();
    read(true);
  }

  /**
   * One reading: the slots recorded since the last, then the gauges and the page's data.
   *
   * @param over whether the run's threads are joined, so that this reading is its last
   */
  private void read(boolean over) {
    LatencyRecorder rec = cursor.recorder();
    long begunBefore = begun;
    done +=
        cursor.advance(
            (k, startWord) -> {
              int outcome = RecordLayout.outcome(startWord);
              long start = RecordLayout.start(startWord);
              long latency = rec.correctedNanos(k);
              int request = rec.request(k);
              metrics.request(request, outcome, latency);
              series.request(start, outcome, latency, rec.latencyNanos(k));
              if (Outcome.ok(outcome)) {
                ok++;
              } else {
                failed++;
              }
              // An arrival begins with its first request's send: late as ArrivalStats counts it.
              if (rec.open() && request == 0 && Outcome.sent(outcome)) {
                begun++;
                if (start - rec.intendedNanos(k) > ArrivalStats.LATE_NANOS) {
                  late++;
                  metrics.lateArrival();
                }
              }
            });
    series.settle();
    Phase p = phase;
    GeneratorLoad load = view.generator();
    if (p != null) {
      if (plan.isOpen()) {
        metrics.rate((begun - begunBefore) * 1e9 / TICK_NANOS, plan.rate(p));
      } else {
        metrics.users(cursor.slicesLeft(p.index()), plan.threads(p));
      }
    }
    if (load != null) {
      metrics.cpu(load.cpuShare(), load.demandShare());
    }
    publish.accept(data(p, load, over));
  }

  private Map<String, Object> data(Phase p, GeneratorLoad load, boolean over) {
    long now = System.nanoTime() - startNanos;
    List<Object> spans;
    synchronized (phases) {
      spans = new ArrayList<>(phases);
    }
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("phase", p == null ? "starting" : p.name());
    status.put("phaseNumber", p == null ? 0 : p.index() + 1);
    status.put("phases", plan.phases().size());
    status.put("done", done);
    status.put("planned", plan.totalRequests());
    status.put("ok", ok);
    status.put("failed", failed);
    status.put("elapsedSeconds", Millis.seconds(now));
    status.put("open", plan.isOpen());
    if (p != null && plan.isOpen()) {
      status.put("late", late);
      status.put("rateTarget", plan.rate(p));
    } else if (p != null) {
      status.put("users", cursor.slicesLeft(p.index()));
      status.put("usersTarget", plan.threads(p));
    }
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
    total.put("ok", ok);
    total.put("failed", failed);
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
    doc.put("series", series.page(now, spans, over));
    return doc;
  }

  private static BigDecimal share(double share) {
    return BigDecimal.valueOf(share).setScale(3, RoundingMode.HALF_UP);
  }

  /** Requests read so far. */
  long done() {
    return done;
  }
}
