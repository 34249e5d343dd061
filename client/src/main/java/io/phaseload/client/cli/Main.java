package io.phaseload.client.cli;

import io.phaseload.client.compare.Comparison;
import io.phaseload.client.compare.DriftNoise;
import io.phaseload.client.engine.Protocol;
import io.phaseload.client.live.Live;
import io.phaseload.client.live.LiveOutput;
import io.phaseload.client.live.LiveRefusedException;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Population;
import io.phaseload.client.record.RecordWriter;
import io.phaseload.client.report.ContractHint;
import io.phaseload.client.report.PhaseLines;
import io.phaseload.client.report.TextReport;
import io.phaseload.client.request.RequestSpec;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.run.HeapCheck;
import io.phaseload.client.run.LiveProgress;
import io.phaseload.client.run.RunConfig;
import io.phaseload.client.run.RunRefusedException;
import io.phaseload.client.run.RunSession;
import io.phaseload.client.run.UnreachableException;
import io.phaseload.client.slo.SloCheck;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.Summary;
import io.phaseload.server.RequestStats;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;

/**
 * {@code java -jar client.jar THREADS ITERATIONS [HOST PORT] [options]}: parses the command line,
 * hands the run to a {@link RunSession}, prints the report and chooses the exit code. {@link #run}
 * returns the exit code; only {@link #main} exits.
 */
public final class Main {

  static final String USAGE_HINT =
      "Usage: java -jar client.jar THREADS ITERATIONS [HOST PORT | --url URL] [options]; --help"
          + " for more";

  /** How long Ctrl-C waits for requests in flight before aborting their connections. */
  static final Duration INTERRUPT_GRACE = Duration.ofSeconds(2);

  private final PrintStream out;
  private final PrintStream err;
  private final RunControl control = new RunControl();
  private Consumer<Comparison> comparisons = c -> {};
  private final List<LiveOutput> liveOutputs = new ArrayList<>();
  private volatile Live live;

  public Main(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    Main main = new Main(System.out, System.err);
    CountDownLatch reported = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              main.interrupt();
              try {
                // Let the requests in flight finish, then cut the ones that would not.
                if (!reported.await(INTERRUPT_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                  main.abort();
                }
                reported.await(1, TimeUnit.MINUTES);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "phaseload-interrupt");
    Runtime.getRuntime().addShutdownHook(hook);
    int code;
    try {
      code = main.run(args);
    } catch (OutOfMemoryError e) {
      System.err.println(
          "phaseload: out of memory ("
              + e.getMessage()
              + "): give the JVM more heap, e.g. java -Xmx2g -jar client.jar ...");
      code = ExitCode.FAILED;
    } catch (RuntimeException | Error e) {
      StackTraceElement[] at = e.getStackTrace();
      System.err.println("phaseload: internal error: " + e + (at.length > 0 ? " at " + at[0] : ""));
      code = ExitCode.FAILED;
    } finally {
      // The hook waits for this on Ctrl-C; a run that ended by an exception must not keep it.
      reported.countDown();
    }
    System.out.flush();
    if (main.control.interrupted()) {
      return; // the JVM is already shutting down; it exits with the signal's status (130)
    }
    System.exit(code);
  }

  /** Also hands every finished run to {@code observer} (tests read results, not report text). */
  public Main observe(Consumer<Analysis> runObserver) {
    control.observe(runObserver);
    return this;
  }

  /** Also hands every finished {@code compare} to {@code observer} (tests read its rows). */
  public Main observeComparisons(Consumer<Comparison> observer) {
    comparisons = observer;
    return this;
  }

  /**
   * Also hands the run's live figures to {@code output}, beside {@code --live}'s and {@code
   * --push}'s (tests plug in an output of their own).
   */
  public Main liveOutput(LiveOutput output) {
    liveOutputs.add(output);
    return this;
  }

  /** Stops the run in progress (Ctrl-C): the report covers what ran, and the exit code is 130. */
  public void interrupt() {
    control.interrupt();
    Live watched = live;
    if (watched != null) {
      watched.stopLingering(); // after the run, Ctrl-C ends the final page's wait
    }
  }

  /** Closes the run's connections at once, so that threads blocked on a silent target return. */
  public void abort() {
    control.abort();
  }

  /** Runs the command line and returns the exit code. */
  public int run(String... args) {
    if (args.length == 0) {
      // A bare command is a person asking what this is: the short help. Nothing ran and the
      // command line was not one, so exit 2, and on stderr like every usage error.
      Help.printShort(Cli.parser(new RunOptions().beans()), err);
      return ExitCode.USAGE;
    }
    if (args[0].equals("report")) {
      return new ReportCommand(out, err, control::finished)
          .run(Arrays.copyOfRange(args, 1, args.length));
    }
    if (args[0].equals("compare")) {
      return new CompareCommand(out, err, comparisons)
          .run(Arrays.copyOfRange(args, 1, args.length));
    }
    if (args[0].equals("capacity")) {
      return new CapacityCommand(control, out, err, r -> {})
          .run(Arrays.copyOfRange(args, 1, args.length));
    }
    if (args[0].equals("sweep")) {
      return new SweepCommand(control, out, err).run(Arrays.copyOfRange(args, 1, args.length));
    }
    if (args[0].equals("help")) {
      return Help.command(Arrays.copyOfRange(args, 1, args.length), out, err, USAGE_HINT);
    }
    RunOptions options = new RunOptions();
    CmdLineParser parser = Cli.parser(options.beans());
    Config config;
    try {
      parser.parseArgument(args);
      if (options.help) {
        Help.printShort(parser, out);
        return ExitCode.OK;
      }
      if (options.helpAll) {
        Help.printAll(parser, out);
        return ExitCode.OK;
      }
      if (options.version) {
        out.println("phaseload " + version() + " (Java " + Runtime.version() + ")");
        return ExitCode.OK;
      }
      config = options.toConfig();
      ReportFiles.prepare(config.outputs());
    } catch (CmdLineException e) {
      return Cli.usageError(err, Cli.message(e), USAGE_HINT);
    } catch (UsageException e) {
      return Cli.usageError(err, e.getMessage(), USAGE_HINT);
    }
    return run(config, config.run().redaction().commandLine("java -jar client.jar ", args));
  }

  /**
   * Parses a command line as its command would and runs nothing: the parser's one-line error, or
   * null when every option and argument is one the command takes. The manual's samples are checked
   * with it, so that a renamed option breaks the build rather than the reader.
   */
  static String parseError(String... args) {
    String command = args.length > 0 ? args[0] : "";
    String[] rest = args.length > 0 ? Arrays.copyOfRange(args, 1, args.length) : args;
    String[] parsed = rest;
    Object[] beans =
        switch (command) {
          case "report" -> new ReportCommand.ReportOptions().beans();
          case "compare" -> new CompareCommand.CompareOptions().beans();
          case "capacity" -> new CapacityOptions().beans();
          case "sweep" -> new SweepOptions().beans();
          case "help" -> null;
          default -> {
            parsed = args; // a run: its first word is THREADS, not a command
            yield new RunOptions().beans();
          }
        };
    if (beans == null) {
      return rest.length <= 1 && (rest.length == 0 || Help.topic(rest[0]) != null)
          ? null
          : "no help topic " + String.join(" ", rest);
    }
    try {
      Cli.parser(beans).parseArgument(parsed);
      return null;
    } catch (CmdLineException e) {
      return Cli.message(e);
    }
  }

  private int run(Config config, String commandLine) {
    RunConfig rc = config.run();
    try {
      if (config.live() != null) {
        // The live page's window of latencies is kept beside the recording.
        HeapCheck.require(rc, Live.heapBytes(rc.plan()));
      }
      live =
          config.live() == null && liveOutputs.isEmpty()
              ? null
              : Live.open(config.live(), liveOutputs, rc.plan(), LivePages.title(rc), commandLine);
    } catch (LiveRefusedException e) {
      err.println("phaseload: " + e.getMessage());
      return ExitCode.USAGE;
    } catch (RunRefusedException e) {
      return Cli.usageError(err, e.getMessage(), USAGE_HINT);
    }
    RecordWriter recorder = null;
    try (Live watched = live;
        RunSession s = RunSession.open(rc)) {
      control.attach(s);
      boolean embedded = s.embedded().isPresent();
      out.println("Client starting.... Time: " + System.currentTimeMillis());
      out.println(
          "Target: " + rc.redaction().url(target(rc, s)) + (embedded ? " (embedded server)" : ""));
      if (rc.insecure()) {
        out.println(INSECURE_LINE);
      }
      shardAndStart(rc);
      if (watched != null && watched.url() != null) {
        out.println("Live page: " + watched.url() + " (Prometheus metrics at /metrics)");
      }
      out.flush();
      PhaseListener lines = new PhaseLines(out, rc.plan());
      PhaseListener listener =
          watched == null ? lines : PhaseListener.both(lines, watched.listener());
      recorder =
          ReportFiles.recorder(config.outputs(), rc, info(rc, s), rc.redaction(), s::stop, err);
      RunResult ran =
          s.run(
              rc,
              recorder == null ? listener : PhaseListener.both(recorder, listener),
              !config.outputs().quiet() && LiveProgress.onTerminal() ? err : null);
      Analysis done =
          Analysis.of(
              ReportFiles.readBack(recorder, ran, err),
              config.driftMin(),
              config.outputs().json() != null);
      List<SloResult> slos = SloCheck.evaluate(config.slos(), done);
      List<DriftNoise> drift = DriftNoise.of(done);
      List<GeneratorLoad> generator = judged(s.generator(), done);
      if (watched != null) {
        watched.finished(
            LivePages.finalPage(info(rc, s), generator, done, commandLine, slos, drift));
      }
      TextReport.print(done, slos, drift, out);
      String thinkLine = TextReport.thinkLine(done.result());
      if (thinkLine != null) {
        out.println(thinkLine);
      }
      String protocolLine = TextReport.protocolLine(info(rc, s));
      if (protocolLine != null) {
        out.println(protocolLine);
      }
      String gapLine = GeneratorLoad.gapLine(generator);
      if (gapLine != null) {
        out.println(gapLine);
      }
      generator.stream().filter(GeneratorLoad::limited).forEach(g -> out.println(g.warning()));
      if (embedded && generator.stream().anyMatch(GeneratorLoad::limited)) {
        // The watch measures the process, and the embedded server's threads are in it.
        out.println(
            "Note: the embedded server runs in this process, so its CPU and threads count in those"
                + " figures; run server.jar apart (HOST PORT) to judge the generator alone");
      }
      if (rc.scenario().builtIn() && ContractHint.applies(done.summary())) {
        out.println(ContractHint.line(rc.redaction().url(s.target().toString())));
      }
      s.embedded()
          .ifPresent(
              server -> {
                RequestStats stats = server.stats();
                out.println(
                    "Embedded server answered: "
                        + stats.answered()
                        + " (GET "
                        + stats.endpoint("GET " + rc.path())
                        + ", POST "
                        + stats.endpoint("POST " + rc.path())
                        + ")");
              });
      out.flush();
      control.finished(done);
      RunInfo info = info(rc, s);
      boolean written =
          ReportFiles.write(
              config.outputs(), info, done, commandLine, slos, generator, drift, out, err);
      written &=
          ReportFiles.record(
              config.outputs(),
              recorder,
              info,
              done.result(),
              rc.scenario(),
              rc.redaction(),
              out,
              err);
      if (control.interrupted()) {
        return ExitCode.INTERRUPTED;
      }
      int code = ExitCode.of(done.clean() && written, SloCheck.allPass(slos));
      if (watched != null) {
        watched.report(out);
        watched.linger(out);
      }
      return code;
    } catch (RunRefusedException e) {
      return Cli.usageError(err, e.getMessage(), USAGE_HINT);
    } catch (UnreachableException e) {
      err.println("phaseload: " + e.getMessage());
      return ExitCode.FAILED;
    } catch (IOException e) {
      err.println("phaseload: cannot start the embedded server: " + e.getMessage());
      return ExitCode.FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("phaseload: interrupted");
      return ExitCode.INTERRUPTED;
    } finally {
      if (recorder != null) {
        recorder.close();
      }
      control.detach();
      live = null;
    }
  }

  /** What a shard runs of the plan, and when it starts ({@code --start-at}), if either is set. */
  private void shardAndStart(RunConfig rc) {
    if (!rc.plan().shard().whole()) {
      LoadPlan whole = rc.plan().whole();
      out.println(
          "Shard: "
              + rc.plan().shard()
              + " of the plan ("
              + rc.plan().totalRequests()
              + " of its "
              + whole.totalRequests()
              + " requests)");
      long mergeable = RecordLayout.MAX_REQUESTS;
      if (whole.totalRequests() > mergeable) {
        out.println(
            "Note: the whole plan's "
                + whole.totalRequests()
                + " requests are more than one report merges ("
                + mergeable
                + "); each shard's own record still reports");
      }
    }
    if (rc.startAt() != null) {
      long inMillis = Duration.between(Instant.now(), rc.startAt()).toMillis();
      out.println(
          inMillis > 0
              ? "Waiting until " + rc.startAt() + " (--start-at), " + inMillis / 1000.0 + " s"
              : "--start-at "
                  + rc.startAt()
                  + " passed "
                  + -inMillis / 1000.0
                  + " s ago:"
                  + " starting now");
    }
  }

  /** What a run with {@code --insecure} says on the terminal before it starts. */
  static final String INSECURE_LINE =
      "Insecure: --insecure trusts any certificate and host name; the reports say so";

  /** The URL for the contract; the one request's method and URL; a scenario's base. */
  private static String target(RunConfig rc, RunSession s) {
    Scenario scenario = rc.scenario();
    String origin = s.target().uri().getScheme() + "://" + s.target().uri().getRawAuthority();
    if (scenario.builtIn()) {
      return s.target().toString();
    }
    if (scenario.size() == 1 && scenario.get(0).endpoints().size() == 1) {
      RequestSpec.Endpoint e = scenario.get(0).endpoints().get(0);
      String base = e.origin() == null ? origin : e.origin().toString();
      return scenario.get(0).method() + " " + base + e.path();
    }
    List<Population> populations = scenario.populations();
    if (populations.size() > 1) {
      return origin + " (" + populations.size() + " populations, " + scenario.size() + " requests)";
    }
    Population p = populations.get(0);
    return origin
        + " ("
        + p.iteration()
        + " requests per iteration"
        + (p.flow() ? ", " + p.setup() + " in setup, " + p.teardown() + " in teardown" : "")
        + ")";
  }

  static RunInfo info(RunConfig rc, RunSession s) {
    RunInfo info =
        RunInfo.of(
            rc.plan(),
            rc.engine().label(),
            rc.effectiveThreadMode().name(),
            rc.connectTimeout(),
            rc.readTimeout(),
            rc.redaction().url(s.target().toString()),
            s.embedded().isPresent(),
            rc.scenario().seed());
    info = rc.keepAlive() ? info : info.with("keepAlive", false);
    Protocol p = s.protocol();
    info = info.with("protocol", p.label());
    if (p.connections() > 0) {
      info = info.with("connections", p.connections());
    }
    if (p.streams() > 0) {
      info = info.with("streams", p.streams());
    }
    // Every report says a run did not check its server's certificate: its TLS proved nothing.
    return rc.insecure() ? info.with("insecure", true) : info;
  }

  static String version() {
    try (InputStream in = Main.class.getResourceAsStream("/phaseload.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  /**
   * The generator's load per phase, each judged against its phase's median latency from the actual
   * sends (the service time in the open model).
   */
  private static List<GeneratorLoad> judged(List<GeneratorLoad> loads, Analysis run) {
    Summary times = run.serviceTime() == null ? run.summary() : run.serviceTime();
    Map<String, Long> medians = new HashMap<>();
    for (Group g : times.phases()) {
      medians.put(g.phase(), g.latency().p50());
    }
    return loads.stream().map(g -> g.withMedian(medians.getOrDefault(g.phase(), 0L))).toList();
  }
}
