package io.phaseload.client.cli;

import io.phaseload.client.capacity.CapacitySearch;
import io.phaseload.client.capacity.RampSearch;
import io.phaseload.client.capacity.RateUnit;
import io.phaseload.client.capacity.Step;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.OpenStages;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.report.CapacityChart;
import io.phaseload.client.report.CapacityPage;
import io.phaseload.client.report.CapacityReport;
import io.phaseload.client.report.Millis;
import io.phaseload.client.result.OutputFile;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.run.FileLimit;
import io.phaseload.client.run.RunConfig;
import io.phaseload.client.run.RunRefusedException;
import io.phaseload.client.run.RunSession;
import io.phaseload.client.run.UnreachableException;
import io.phaseload.client.slo.Slo;
import io.phaseload.client.stats.Analysis;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;

/**
 * {@code java -jar client.jar capacity [HOST PORT | --url URL] --slo EXPR... [options]}: the
 * highest rate the service holds under its SLOs, found by {@link CapacitySearch} with each step a
 * real one-phase open-model run through the same {@link RunSession} as a single run. Used once, by
 * {@link Main}.
 */
final class CapacityCommand {

  static final String USAGE =
      "Usage: java -jar client.jar capacity [HOST PORT | --url URL] --slo EXPR... [options]";

  private final RunControl control;
  private final PrintStream out;
  private final PrintStream err;
  private final Consumer<CapacitySearch.Result> observer;

  CapacityCommand(
      RunControl control,
      PrintStream out,
      PrintStream err,
      Consumer<CapacitySearch.Result> observer) {
    this.control = control;
    this.out = out;
    this.err = err;
    this.observer = observer;
  }

  int run(String... args) {
    CapacityOptions options = new CapacityOptions();
    CmdLineParser parser = Cli.parser(options.beans());
    CapacitySearch.Settings settings;
    RunConfig base;
    List<Slo> slos;
    Path json;
    Path charts;
    Path html;
    try {
      parser.parseArgument(args);
      if (options.help) {
        help(parser);
        return ExitCode.OK;
      }
      if (options.positional.size() != 0 && options.positional.size() != 2) {
        throw new UsageException("capacity takes HOST PORT or --url, got " + options.positional);
      }
      settings = options.settings();
      base = baseConfig(options, settings);
      if (base.target() == null) {
        throw new UsageException("capacity needs the service to test: HOST PORT or --url URL");
      }
      slos = options.slo.slos(options.requests.scenario, base.plan().requestNames());
      if (slos.isEmpty()) {
        throw new UsageException("capacity needs at least one --slo, e.g. --slo p99<50ms");
      }
      json = Args.writableFile("--json", options.json);
      html = Args.writableFile("--html", options.html);
      charts = Args.writableDir("--charts", options.charts);
      if (charts != null) {
        ReportFiles.createDirectory("--charts", charts);
      }
      RunSession.preflight(base);
    } catch (CmdLineException e) {
      return Cli.usageError(err, Cli.message(e), USAGE + "; capacity --help for more");
    } catch (UsageException | RunRefusedException e) {
      return Cli.usageError(err, e.getMessage(), USAGE + "; capacity --help for more");
    }
    RateUnit rateUnit = RateUnit.of(base.plan());
    String unit = rateUnit.text();
    CapacitySearch.Result result;
    try (RunSession session = RunSession.open(base)) {
      control.attach(session);
      out.println(
          "Capacity search of "
              + base.redaction().url(session.target().toString())
              + " under "
              + exprs(slos));
      out.flush();
      Duration ramp = options.ramp();
      Threads threads = new Threads(options.threads, maxThreads(options));
      result =
          ramp == null
              ? CapacitySearch.search(
                  settings,
                  new CapacitySearch.Steps() {
                    @Override
                    public Step run(double rate, Duration length, boolean judged) throws Exception {
                      return step(session, threads.apply(base), slos, rate, length, judged);
                    }

                    @Override
                    public boolean raiseThreads(Step limited) {
                      return threads.raise(limited, out);
                    }
                  },
                  System::nanoTime,
                  control::interrupted)
              : ramp(session, base, slos, settings, ramp);
    } catch (UnreachableException e) {
      err.println("phaseload: " + e.getMessage());
      return ExitCode.FAILED;
    } catch (RunRefusedException e) {
      return Cli.usageError(err, e.getMessage(), USAGE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ExitCode.INTERRUPTED;
    } catch (Exception e) {
      err.println("phaseload: capacity search failed: " + e.getMessage());
      return ExitCode.FAILED;
    } finally {
      control.detach();
    }
    out.println();
    CapacityReport.print(result, unit, out);
    observer.accept(result);
    boolean written =
        write(
            result,
            rateUnit,
            json,
            charts,
            html,
            base.redaction().url(base.target().toString()),
            base.redaction().commandLine("java -jar client.jar capacity ", args));
    if (control.interrupted()) {
      return ExitCode.INTERRUPTED;
    }
    if (!written) {
      return ExitCode.FAILED;
    }
    if (result.stop() == CapacitySearch.Stop.GENERATOR
        || result.stop() == CapacitySearch.Stop.THREADS) {
      return ExitCode.CLIENT_LIMITED;
    }
    return result.held() == null ? ExitCode.SLO_FAILED : ExitCode.OK;
  }

  /** {@code --max-threads}, or what the open-files limit allows (unbounded where not told). */
  private static int maxThreads(CapacityOptions options) {
    if (options.maxThreads != null) {
      return options.maxThreads;
    }
    long files =
        FileLimit.ofThisProcess().map(FileLimit::mostConnections).orElse((long) Integer.MAX_VALUE);
    return (int) Math.max(options.threads, Math.min(Integer.MAX_VALUE, files));
  }

  /**
   * The search's cap on iterations in flight: {@code --threads} at first, raised when a step was
   * held back by it while the service kept its time, up to {@code --max-threads}. Used by one
   * search on its thread.
   */
  private static final class Threads {
    private int current;
    private final int most;

    Threads(int first, int most) {
      this.current = first;
      this.most = most;
    }

    RunConfig apply(RunConfig base) {
      return base.plan().threads() == current
          ? base
          : base.withPlan(base.plan().withThreads(current));
    }

    /** Raises the cap for a step {@code limited} held back; false when it cannot go higher. */
    boolean raise(Step limited, PrintStream out) {
      if (current >= most) {
        return false;
      }
      int next = Math.min(most, limited.threadsNeeded());
      out.printf(
          Locale.ROOT,
          "--threads %d held back %s/s while the service kept its time (each iteration held a"
              + " thread %s ms: at most %s/s): trying it again with %d%n",
          current,
          CapacityReport.rate(limited.offered()),
          Millis.text(limited.lateness().meanHoldNanos()),
          CapacityReport.rate(limited.lateness().ceilingRate(current)),
          next);
      out.flush();
      current = next;
      return true;
    }
  }

  /** The run every step is: one phase of THREADS at the start rate, its plan replaced per step. */
  private static RunConfig baseConfig(CapacityOptions options, CapacitySearch.Settings s)
      throws UsageException {
    LoadOptions load = new LoadOptions();
    load.phases = "1.0";
    load.rate = s.startRate();
    load.phaseSeconds = s.step().toNanos() / 1e9;
    return new RunSetup(options.target, options.requests, load)
        .config(options.threads, 1, options.positional, null);
  }

  private Step step(
      RunSession session,
      RunConfig base,
      List<Slo> slos,
      double rate,
      Duration length,
      boolean judged)
      throws Exception {
    RunConfig c =
        base.withPlan(base.plan().withModel(new OpenPhases(rate, length, Spacing.UNIFORM)));
    Analysis run = Analysis.of(session.run(c, new PhaseListener() {}, null));
    control.finished(run);
    Step step = Step.of(rate, run, slos);
    out.printf(
        Locale.ROOT,
        "%s %s/s for %s s: p99 %s ms, %d late (%d while a thread was free), %d errors: %s%n",
        judged ? "Step at" : "Warm-up at",
        CapacityReport.rate(rate),
        Millis.seconds(length.toNanos()).stripTrailingZeros().toPlainString(),
        Millis.text(step.latency().p99()),
        step.lateness().late(),
        step.lateness().free(),
        step.errors(),
        judged ? step.verdict().name().toLowerCase(Locale.ROOT) : "not judged");
    out.flush();
    return step;
  }

  /**
   * {@code --ramp}: the warm-up, then one run whose rate rises from the start rate to the max rate
   * over {@code ramp}, judged window by window ({@link RampSearch}).
   */
  private CapacitySearch.Result ramp(
      RunSession session, RunConfig base, List<Slo> slos, CapacitySearch.Settings s, Duration ramp)
      throws Exception {
    if (!s.warmUp().isZero()) {
      step(session, base, slos, s.startRate(), s.warmUp(), false);
    }
    if (control.interrupted()) {
      return new CapacitySearch.Result(s, List.of(), null, null, CapacitySearch.Stop.INTERRUPTED);
    }
    RunConfig c =
        base.withPlan(
            base.plan()
                .withModel(
                    new OpenStages(
                        List.of(new Stage(s.startRate(), s.maxRate(), ramp)), Spacing.UNIFORM)));
    Analysis run = Analysis.of(session.run(c, new PhaseListener() {}, null));
    control.finished(run);
    CapacitySearch.Result result = RampSearch.judge(s, ramp, run, slos);
    for (Step w : result.steps()) {
      out.printf(
          Locale.ROOT,
          "Window at %s/s: p99 %s ms, %d late (%d while a thread was free), %d errors: %s%n",
          CapacityReport.rate(w.offered()),
          Millis.text(w.latency().p99()),
          w.lateness().late(),
          w.lateness().free(),
          w.errors(),
          w.verdict().name().toLowerCase(Locale.ROOT));
    }
    out.flush();
    return result;
  }

  private static String exprs(List<Slo> slos) {
    return String.join(", ", slos.stream().map(Slo::expr).toList());
  }

  private boolean write(
      CapacitySearch.Result result,
      RateUnit unit,
      Path json,
      Path charts,
      Path html,
      String target,
      String commandLine) {
    Path current = null;
    try {
      if (json != null) {
        current = json;
        OutputFile.text(json, w -> CapacityReport.writeJson(result, unit, target, w));
        out.println("JSON: " + json);
      }
      if (charts != null) {
        current = charts;
        CapacityChart.write(result, "capacity of " + target, charts);
        out.println("Charts: " + charts + " (" + String.join(", ", CapacityChart.FILES) + ")");
      }
      if (html != null) {
        current = html;
        OutputFile.text(html, w -> CapacityPage.write(result, unit.text(), target, commandLine, w));
        out.println("HTML page: " + html);
      }
      return true;
    } catch (IOException | RuntimeException e) {
      err.println("phaseload: cannot write " + current + ": " + e.getMessage());
      return false;
    }
  }

  private void help(CmdLineParser parser) {
    out.println(USAGE);
    out.println();
    out.println("Finds the highest rate the service holds under every --slo: open-model steps at");
    out.println("rising rates, each a real run of --step-seconds at one rate (after a short");
    out.println("warm-up), doubling from --start-rate until a step breaks, then bisecting between");
    out.println("the highest rate that held and the lowest that broke to 5% of the answer; it");
    out.println("stops there, at --max-rate, after --max-steps, or before a step would run past");
    out.println("--duration. A step holds when every SLO holds (latency from intended times) and");
    out.println("the generator kept its schedule. Late arrivals are told apart: every thread busy");
    out.println("(rate x latency reached --threads in flight) is the service's queue when its");
    out.println("service time broke the SLOs too, else the client's cap: the step runs again with");
    out.println("more threads, up to --max-threads; a thread free is the generator's own limit,");
    out.println("reported as such (give it CPU, or shards).");
    out.println();
    out.println("Options:");
    parser.printUsage(out);
    out.println();
    out.println("Exit codes: 0 a capacity was found; 1 the target is unreachable, or a file could");
    out.println(
        "not be written; 2 bad command line; 3 no rate held the SLOs; 5 the client's limit");
    out.println("(--threads at --max-threads, or its CPU) ended the search before the service's;");
    out.println("130 interrupted.");
  }
}
