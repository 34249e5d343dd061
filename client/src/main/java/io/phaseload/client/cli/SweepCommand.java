package io.phaseload.client.cli;

import io.phaseload.client.report.SloTable;
import io.phaseload.client.request.Redaction;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.run.RunConfig;
import io.phaseload.client.run.RunRefusedException;
import io.phaseload.client.run.RunSession;
import io.phaseload.client.run.UnreachableException;
import io.phaseload.client.slo.Slo;
import io.phaseload.client.slo.SloCheck;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.sweep.SweepPage;
import io.phaseload.client.sweep.SweepReport;
import io.phaseload.client.sweep.SweepRow;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
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

  private final RunControl control;
  private final PrintStream out;
  private final PrintStream err;

  SweepCommand(RunControl control, PrintStream out, PrintStream err) {
    this.control = control;
    this.out = out;
    this.err = err;
  }

  int run(String... args) {
    SweepOptions options = new SweepOptions();
    CmdLineParser parser = Cli.parser(options.beans());
    List<Integer> workers;
    int iterations;
    Path dir;
    Path html;
    List<RunConfig> configs = new ArrayList<>();
    List<Slo> slos;
    try {
      parser.parseArgument(args);
      if (options.help) {
        out.println(USAGE);
        out.println();
        parser.printUsage(out);
        out.flush();
        return ExitCode.OK;
      }
      if (options.positional.size() != 0 && options.positional.size() != 2) {
        throw new UsageException("sweep takes HOST PORT or nothing, got " + options.positional);
      }
      List<Integer> threadCounts = options.threadCounts();
      iterations = options.iterationCount();
      workers = options.workerCounts();
      dir = options.outDir();
      ReportFiles.createDirectory("--out", dir);
      html = Args.writableFile("--html", options.html);
      if (options.repeat < 1) {
        throw new UsageException("--repeat must be at least 1, got " + options.repeat);
      }
      for (int threads : threadCounts) {
        configs.add(options.setup().config(threads, iterations, options.positional, null));
      }
      if (!workers.isEmpty() && configs.get(0).target() != null) {
        throw new UsageException(
            "--server-workers needs the embedded target (no HOST PORT, no --url)");
      }
      for (RunConfig c : configs) {
        RunSession.preflight(c);
      }
      slos = options.slo.slos(options.requests.scenario, configs.get(0).plan().requestNames());
    } catch (CmdLineException e) {
      return Cli.usageError(err, Cli.message(e), USAGE + "; sweep --help for more");
    } catch (UsageException | RunRefusedException e) {
      return Cli.usageError(err, e.getMessage(), USAGE + "; sweep --help for more");
    }
    List<SweepRow> rows = new ArrayList<>();
    boolean allOk = true;
    boolean slosPassed = true;
    List<Integer> pools = workers.isEmpty() ? Collections.singletonList(null) : workers;
    for (Integer poolSize : pools) {
      try (RunSession session = RunSession.open(configs.get(0).withEmbeddedWorkers(poolSize))) {
        control.attach(session);
        for (RunConfig config : configs) {
          for (int r = 1; r <= options.repeat && !control.interrupted(); r++) {
            Analysis done = Analysis.of(session.run(config, new PhaseListener() {}, null));
            control.finished(done);
            SweepRow row = SweepRow.of(poolSize, r, done);
            rows.add(row);
            allOk &= done.clean();
            out.println(row.line());
            List<SloResult> verdicts = SloCheck.evaluate(slos, done);
            slosPassed &= SloCheck.allPass(verdicts);
            SloTable.print(verdicts, done.result(), out);
            out.flush();
          }
        }
      } catch (UnreachableException e) {
        err.println("phaseload: " + e.getMessage());
        return ExitCode.FAILED;
      } catch (RunRefusedException e) {
        return Cli.usageError(err, e.getMessage(), USAGE + "; sweep --help for more");
      } catch (IOException e) {
        err.println("phaseload: cannot start the embedded server: " + e.getMessage());
        return ExitCode.FAILED;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return ExitCode.INTERRUPTED;
      }
      if (control.interrupted()) {
        break;
      }
    }
    Redaction redaction = configs.get(0).redaction();
    String target =
        configs.get(0).target() == null
            ? "embedded server"
            : redaction.url(configs.get(0).target().toString());
    String shown = redaction.commandLine("java -jar client.jar sweep ", args);
    try {
      List<Path> files = SweepReport.write(rows, dir, shown, target, iterations);
      if (html != null) {
        SweepPage.write(rows, html, shown, target, iterations);
        files.add(html);
      }
      out.println(
          String.format(
              Locale.ROOT,
              "Sweep of %d runs written to %s: %s",
              rows.size(),
              dir,
              files.stream().map(f -> f.getFileName().toString()).toList()));
    } catch (IOException e) {
      err.println("phaseload: cannot write the sweep to " + dir + ": " + e.getMessage());
      return ExitCode.FAILED;
    }
    if (control.interrupted()) {
      return ExitCode.INTERRUPTED;
    }
    return ExitCode.of(allOk, slosPassed);
  }
}
