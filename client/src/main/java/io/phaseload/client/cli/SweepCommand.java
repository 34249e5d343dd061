package io.phaseload.client.cli;

import io.phaseload.client.run.LoadTest;
import io.phaseload.client.run.RunConfig;
import io.phaseload.client.run.RunRefusedException;
import io.phaseload.client.run.RunSession;
import io.phaseload.client.run.UnreachableException;
import io.phaseload.client.sweep.SweepReport;
import io.phaseload.client.sweep.SweepRow;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;

/**
 * {@code java -jar client.jar sweep --threads 20,50,100 --iterations 100 [HOST PORT | --url URL]
 * --out DIR}: the phased test once per thread count (and repeat, and server pool size), then
 * sweep.csv, charts and report.md in DIR. Every run goes through the same {@link RunSession} path
 * as a single run, with its own failure count. Used once, by {@link Main}.
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
    CmdLineParser parser = Cli.parser(options);
    List<Integer> workers;
    int iterations;
    Path dir;
    List<RunConfig> configs = new ArrayList<>();
    try {
      parser.parseArgument(args);
      if (options.help) {
        out.println(USAGE);
        out.println();
        // The single-run outputs and --version do not apply to a sweep.
        Set<String> hidden =
            Set.of("--json", "--csv", "--charts", "--version", "--shard", "--start-at", "--record");
        parser.printUsage(
            new OutputStreamWriter(out, StandardCharsets.UTF_8),
            null,
            handler -> !hidden.contains(handler.option.toString()));
        out.flush();
        return Main.OK;
      }
      if (options.positional.size() != 0 && options.positional.size() != 2) {
        throw new UsageException("sweep takes HOST PORT or nothing, got " + options.positional);
      }
      if (options.shard != null || options.startAt != null || options.record != null) {
        throw new UsageException("--shard, --start-at and --record are for single runs");
      }
      if (options.json != null || options.csv != null || options.charts != null) {
        throw new UsageException(
            "--json, --csv and --charts are for single runs; a sweep writes its own into --out");
      }
      List<Integer> threadCounts = options.threadCounts();
      iterations = options.iterationCount();
      workers = options.workerCounts();
      dir = options.outDir();
      ReportFiles.createDirectory("--out", dir);
      if (options.repeat < 1) {
        throw new UsageException("--repeat must be at least 1, got " + options.repeat);
      }
      for (int threads : threadCounts) {
        configs.add(options.configFor(threads, iterations, options.positional).run());
      }
      if (!workers.isEmpty() && configs.get(0).target() != null) {
        throw new UsageException(
            "--server-workers needs the embedded target (no HOST PORT, no --url)");
      }
      for (RunConfig c : configs) {
        RunSession.preflight(c);
      }
    } catch (CmdLineException e) {
      return Cli.usageError(err, Cli.message(e), USAGE + "; sweep --help for more");
    } catch (UsageException | RunRefusedException e) {
      return Cli.usageError(err, e.getMessage(), USAGE + "; sweep --help for more");
    }
    List<SweepRow> rows = new ArrayList<>();
    boolean allOk = true;
    List<Integer> pools = workers.isEmpty() ? Collections.singletonList(null) : workers;
    for (Integer poolSize : pools) {
      try (RunSession session = RunSession.open(configs.get(0).withEmbeddedWorkers(poolSize))) {
        main.attach(session);
        for (RunConfig config : configs) {
          for (int r = 1; r <= options.repeat && !main.interrupted(); r++) {
            RunSession.Finished done = session.run(config, new LoadTest.Listener() {}, null);
            main.finished(done);
            SweepRow row = SweepRow.of(poolSize, r, done.result(), done.summary());
            rows.add(row);
            allOk &= done.clean();
            out.println(row.line());
            out.flush();
          }
        }
      } catch (UnreachableException e) {
        err.println("phaseload: " + e.getMessage());
        return Main.FAILED;
      } catch (RunRefusedException e) {
        return Cli.usageError(err, e.getMessage(), USAGE + "; sweep --help for more");
      } catch (IOException e) {
        err.println("phaseload: cannot start the embedded server: " + e.getMessage());
        return Main.FAILED;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Main.INTERRUPTED;
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
