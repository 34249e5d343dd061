package io.phaseload.client.cli;

import io.phaseload.client.plan.Target;
import io.phaseload.client.run.Reachability;
import io.phaseload.client.sweep.SweepReport;
import io.phaseload.client.sweep.SweepRow;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.ParserProperties;

/**
 * {@code java -jar client.jar sweep --threads 20,50,100 --iterations 100 [HOST PORT | --url URL]
 * --out DIR}: the phased test once per thread count (and repeat, and server pool size), then
 * sweep.csv, charts and report.md in DIR. Used once, by {@link Main}.
 */
final class SweepCommand {

  static final String USAGE =
      "Usage: java -jar client.jar sweep --threads N,N,.. --iterations N [HOST PORT | --url URL]"
          + " --out DIR [options]";

  private final Main main;
  private final PrintStream out;
  private final PrintStream err;

  SweepCommand(Main main, PrintStream out, PrintStream err) {
    this.main = main;
    this.out = out;
    this.err = err;
  }

  int run(String commandLine, String... args) {
    SweepOptions options = new SweepOptions();
    CmdLineParser parser =
        new CmdLineParser(
            options, ParserProperties.defaults().withUsageWidth(100).withShowDefaults(false));
    List<Integer> threadCounts;
    List<Integer> workers;
    int iterations;
    Path dir;
    List<Config> configs = new ArrayList<>();
    try {
      parser.parseArgument(args);
      if (options.help) {
        out.println(USAGE);
        out.println();
        // The single-run outputs and --version do not apply to a sweep.
        java.util.Set<String> hidden = java.util.Set.of("--json", "--csv", "--charts", "--version");
        parser.printUsage(
            new java.io.OutputStreamWriter(out, java.nio.charset.StandardCharsets.UTF_8),
            null,
            handler -> !hidden.contains(handler.option.toString()));
        out.flush();
        return Main.OK;
      }
      if (options.positional.size() != 0 && options.positional.size() != 2) {
        throw new UsageException("sweep takes HOST PORT or nothing, got " + options.positional);
      }
      if (options.json != null || options.csv != null || options.charts != null) {
        throw new UsageException(
            "--json, --csv and --charts are for single runs; a sweep writes its own into --out");
      }
      threadCounts = options.threadCounts();
      iterations = options.iterationCount();
      workers = options.workerCounts();
      dir = options.outDir();
      if (options.repeat < 1) {
        throw new UsageException("--repeat must be at least 1, got " + options.repeat);
      }
      for (int threads : threadCounts) {
        configs.add(options.configFor(threads, iterations, options.positional));
      }
      if (!workers.isEmpty() && configs.get(0).target() != null) {
        throw new UsageException(
            "--server-workers needs the embedded target (no HOST PORT, no --url)");
      }
      for (Config c : configs) {
        String memory = HeapCheck.check(c.plan());
        if (memory != null) {
          throw new UsageException(memory);
        }
      }
    } catch (CmdLineException | UsageException e) {
      err.println("phaseload: " + e.getMessage());
      err.println(USAGE + "; sweep --help for more");
      return Main.USAGE;
    }
    List<SweepRow> rows = new ArrayList<>();
    boolean allOk = true;
    for (Integer poolSize :
        workers.isEmpty() ? java.util.Collections.<Integer>singletonList(null) : workers) {
      Target fixed = configs.get(0).target();
      PhaseloadServer embedded = null;
      try {
        if (fixed == null) {
          ServerConfig sc = ServerConfig.ephemeral();
          embedded = PhaseloadServer.start(poolSize == null ? sc : sc.withWorkers(poolSize));
          fixed = Target.of("127.0.0.1", embedded.port(), configs.get(0).path());
        }
        String unreachable = Reachability.check(fixed, configs.get(0).connectTimeout());
        if (unreachable != null) {
          err.println("phaseload: cannot connect to " + fixed + " (" + unreachable + ")");
          return Main.FAILED;
        }
        for (Config config : configs) {
          for (int r = 1; r <= options.repeat; r++) {
            Main.Completed done;
            try {
              done =
                  main.execute(
                      config, fixed, new io.phaseload.client.run.LoadTest.Listener() {}, false);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return Main.INTERRUPTED;
            }
            SweepRow row = SweepRow.of(poolSize, r, done.result(), done.summary());
            rows.add(row);
            allOk &= row.failed() == 0 && !done.result().partial();
            out.println(row.line());
            out.flush();
            if (main.interrupted()) {
              break;
            }
          }
        }
      } catch (IOException e) {
        err.println("phaseload: cannot start the embedded server: " + e.getMessage());
        return Main.FAILED;
      } finally {
        if (embedded != null) {
          embedded.close();
        }
      }
      if (main.interrupted()) {
        break;
      }
    }
    try {
      List<Path> files =
          SweepReport.write(
              rows,
              dir,
              commandLine,
              configs.get(0).target() == null
                  ? "embedded server"
                  : configs.get(0).target().toString(),
              iterations);
      out.println(
          String.format(
              Locale.ROOT,
              "Sweep of %d runs written to %s: %s",
              rows.size(),
              dir,
              files.stream().map(f -> f.getFileName().toString()).toList()));
    } catch (IOException e) {
      err.println("phaseload: cannot write the sweep to " + dir + ": " + e.getMessage());
      return Main.FAILED;
    }
    if (main.interrupted()) {
      return Main.INTERRUPTED;
    }
    return allOk ? Main.OK : Main.FAILED;
  }
}
