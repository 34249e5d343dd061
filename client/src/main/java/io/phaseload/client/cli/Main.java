package io.phaseload.client.cli;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.Engines;
import io.phaseload.client.engine.Tls;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Target;
import io.phaseload.client.record.LatencyRecorder;
import io.phaseload.client.report.LiveProgress;
import io.phaseload.client.report.TextReport;
import io.phaseload.client.run.LoadTest;
import io.phaseload.client.run.PhaseResult;
import io.phaseload.client.run.Reachability;
import io.phaseload.client.run.RunDeadline;
import io.phaseload.client.run.RunResult;
import io.phaseload.client.run.UserThreads;
import io.phaseload.client.stats.Summary;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.ParserProperties;

/**
 * {@code java -jar client.jar THREADS ITERATIONS [HOST PORT] [options]}. {@link #run} does
 * everything and returns the exit code; only {@link #main} exits.
 */
public final class Main {

  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int USAGE = 2;
  public static final int INTERRUPTED = 130;

  private final PrintStream out;
  private final PrintStream err;

  private static final Pattern NEGATIVE_NUMBER =
      Pattern.compile("\"(-[0-9][0-9.]*)\" is not a valid option");

  /** How long Ctrl-C waits for requests in flight before aborting their connections. */
  static final Duration INTERRUPT_GRACE = Duration.ofSeconds(2);

  private volatile LoadTest active;
  private volatile Engine activeEngine;
  private volatile boolean interrupted;

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
    int code = main.run(args);
    System.out.flush();
    reported.countDown();
    if (main.interrupted) {
      return; // the JVM is already shutting down; it exits with the signal's status (130)
    }
    System.exit(code);
  }

  /** Stops the run in progress (Ctrl-C): the report covers what ran, and the exit code is 130. */
  public void interrupt() {
    interrupted = true;
    LoadTest test = active;
    if (test != null) {
      test.stop("interrupted");
    }
  }

  boolean interrupted() {
    return interrupted;
  }

  /** Closes the run's connections at once, so that threads blocked on a silent target return. */
  public void abort() {
    Engine engine = activeEngine;
    if (engine != null) {
      engine.abort();
    }
  }

  /** Runs the command line and returns the exit code. */
  public int run(String... args) {
    if (args.length > 0 && args[0].equals("sweep")) {
      String commandLine = "java -jar client.jar " + String.join(" ", args);
      return new SweepCommand(this, out, err)
          .run(commandLine, java.util.Arrays.copyOfRange(args, 1, args.length));
    }
    Options options = new Options();
    CmdLineParser parser =
        new CmdLineParser(
            options, ParserProperties.defaults().withUsageWidth(100).withShowDefaults(false));
    Config config;
    try {
      parser.parseArgument(args);
      if (options.help) {
        usage(parser, out);
        return OK;
      }
      if (options.version) {
        out.println("phaseload " + version() + " (Java " + Runtime.version() + ")");
        return OK;
      }
      config = options.toConfig();
    } catch (CmdLineException e) {
      Matcher negative = NEGATIVE_NUMBER.matcher(String.valueOf(e.getMessage()));
      if (negative.matches()) {
        // args4j takes "-5" for an option; the user meant a number.
        return usageError(
            parser, "THREADS, ITERATIONS and PORT must be positive, got " + negative.group(1));
      }
      return usageError(parser, e.getMessage());
    } catch (UsageException e) {
      return usageError(parser, e.getMessage());
    }
    return run(config);
  }

  private int run(Config config) {
    LoadPlan plan = config.plan();
    String memory = HeapCheck.check(plan);
    if (memory != null) {
      return usageError(null, memory);
    }
    PhaseloadServer embedded = null;
    try {
      Target target = config.target();
      if (target == null) {
        try {
          embedded = PhaseloadServer.start(ServerConfig.ephemeral());
        } catch (IOException e) {
          err.println("phaseload: cannot start the embedded server: " + e.getMessage());
          return FAILED;
        }
        target = Target.of("127.0.0.1", embedded.port(), config.path());
      }
      String unreachable = Reachability.check(target, config.connectTimeout());
      if (unreachable != null) {
        err.println("phaseload: cannot connect to " + target + " (" + unreachable + ")");
        return FAILED;
      }
      return run(config, target, embedded);
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }

  /** A finished run: what ran and its statistics. */
  record Completed(RunResult result, Summary summary) {}

  private int run(Config config, Target target, PhaseloadServer embedded) {
    out.println("Client starting.... Time: " + System.currentTimeMillis());
    out.println("Target: " + target + (embedded != null ? " (embedded server)" : ""));
    out.flush();
    Completed done;
    try {
      done = execute(config, target, new Progress(out), !config.outputs().quiet());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("phaseload: interrupted");
      return INTERRUPTED;
    }
    RunResult result = done.result();
    Summary summary = done.summary();
    TextReport.print(result, summary, out);
    if (embedded != null) {
      var stats = embedded.stats();
      out.println(
          "Embedded server answered: "
              + stats.answered()
              + " (GET "
              + stats.endpoint("GET " + config.path())
              + ", POST "
              + stats.endpoint("POST " + config.path())
              + ")");
    }
    out.flush();
    boolean written =
        ReportFiles.write(config, target, embedded != null, result, summary, out, err);
    if (interrupted) {
      return INTERRUPTED;
    }
    return summary.total().failed() == 0 && !result.partial() && written ? OK : FAILED;
  }

  /**
   * Runs the plan against the target and computes its statistics: the part a single run and a sweep
   * share. Honours Ctrl-C, the failure budget and the run deadline.
   *
   * @param listener told of phase boundaries
   * @param live whether to show the live progress line (when stderr is a terminal)
   */
  Completed execute(Config config, Target target, LoadTest.Listener listener, boolean live)
      throws InterruptedException {
    LoadPlan plan = config.plan();
    LatencyRecorder recorder = LatencyRecorder.allocate(plan);
    RunResult result;
    LiveProgress progress =
        live && LiveProgress.onTerminal() ? LiveProgress.start(recorder, err) : null;
    try (Engine engine =
            Engines.create(
                config.engine(),
                target,
                plan.peakThreads(),
                config.connectTimeout(),
                config.readTimeout(),
                config.insecure() ? Tls.insecure() : Tls.system());
        ExecutorCloser executor =
            new ExecutorCloser(UserThreads.create(config.threadMode(), plan.peakThreads()))) {
      LoadTest test =
          new LoadTest(
              plan,
              engine,
              executor.service,
              recorder,
              progress == null ? listener : both(progress, listener),
              System::nanoTime);
      test.limitFailures(config.maxFailures());
      activeEngine = engine;
      active = test;
      if (interrupted) {
        test.stop("interrupted");
      }
      Duration bound = RunDeadline.bound(plan, config.connectTimeout(), config.readTimeout());
      RunDeadline deadline =
          RunDeadline.start(
              bound,
              () -> {
                test.stop("the run deadline of " + bound.toSeconds() + " s passed");
                engine.abort();
              });
      try {
        result = test.run();
      } finally {
        deadline.close();
      }
    } finally {
      active = null;
      activeEngine = null;
      if (progress != null) {
        progress.close();
      }
    }
    return new Completed(result, Summary.of(recorder));
  }

  private static LoadTest.Listener both(LoadTest.Listener first, LoadTest.Listener second) {
    return new LoadTest.Listener() {
      @Override
      public void phaseStarted(Phase phase) {
        first.phaseStarted(phase);
        second.phaseStarted(phase);
      }

      @Override
      public void phaseFinished(PhaseResult result) {
        first.phaseFinished(result);
        second.phaseFinished(result);
      }
    };
  }

  private int usageError(CmdLineParser parser, String message) {
    err.println("phaseload: " + message);
    err.println(
        "Usage: java -jar client.jar THREADS ITERATIONS [HOST PORT] [options]; --help for more");
    return USAGE;
  }

  static void usage(CmdLineParser parser, PrintStream out) {
    out.println("Usage: java -jar client.jar THREADS ITERATIONS [HOST PORT] [options]");
    out.println();
    out.println("Runs four phases back to back (warmup, load, peak, cooldown) with 10%, 50%, 100%");
    out.println("and 25% of THREADS; each thread does ITERATIONS x (GET, POST) against");
    out.println("http://HOST:PORT/sayHello, or --url. Without HOST PORT or --url it starts an");
    out.println("embedded server on 127.0.0.1 and tests that.");
    out.println();
    out.println("Options:");
    parser.printUsage(out);
    out.println();
    out.println("Latency percentiles are exact, over successful requests, by nearest rank:");
    out.println("the q-quantile of n sorted values is the value at rank ceil(q x n).");
    out.println("Throughput is successful requests per second of wall time.");
    out.println();
    out.println("A run never outlives phases x ITERATIONS x 2 x (connect + read timeout) + 5 s:");
    out.println("past that it is stopped and reported as partial.");
    out.println();
    out.println("Exit codes: 0 every request succeeded; 1 some failed or the target is");
    out.println("unreachable; 2 bad command line; 130 interrupted (partial report printed).");
    out.println();
    out.println("Many runs: java -jar client.jar sweep --threads 20,50,100 --iterations 100");
    out.println("[HOST PORT | --url URL] --out DIR   (sweep --help for more)");
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

  /** Prints phase boundaries in the wording earlier reports used. */
  private static final class Progress implements LoadTest.Listener {
    private final PrintStream out;

    Progress(PrintStream out) {
      this.out = out;
    }

    @Override
    public void phaseStarted(Phase phase) {
      out.println(phase.name() + " phase: All threads(" + phase.threads() + ") running....");
      out.flush();
    }

    @Override
    public void phaseFinished(PhaseResult result) {
      out.println(
          String.format(
              Locale.ROOT,
              "%s phase %s: Time %.3f seconds",
              result.phase().name(),
              result.completed() ? "complete" : "stopped",
              result.durationNanos() / 1e9));
      out.flush();
    }
  }
}
