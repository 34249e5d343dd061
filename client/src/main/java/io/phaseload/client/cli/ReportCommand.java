package io.phaseload.client.cli;

import io.phaseload.client.compare.DriftNoise;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.record.RecordFileException;
import io.phaseload.client.record.RecordHeader;
import io.phaseload.client.record.ShardMerge;
import io.phaseload.client.report.ShardReport;
import io.phaseload.client.report.TextReport;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.run.HeapCheck;
import io.phaseload.client.run.RunRefusedException;
import io.phaseload.client.slo.Slo;
import io.phaseload.client.slo.SloCheck;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.kohsuke.args4j.Argument;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.Option;

/**
 * {@code java -jar client.jar report FILE... [--json F] [--csv F] [--charts DIR] [--html F] [--hgrm
 * F]}: reads the record files of one run or of a plan's shards, merges them and prints the report
 * one run of the whole plan prints, with a Shards block. Exit codes as a run's: 0 every request
 * succeeded, 1 some failed or shards are missing or stopped early, 2 a bad command line or files
 * that cannot be merged.
 */
final class ReportCommand {

  static final String USAGE_HINT =
      "Usage: java -jar client.jar report FILE... [--json F] [--csv F] [--charts DIR] [--html F]"
          + " [--hgrm F]; report --help for more";

  /** The command line of {@code report}. */
  static final class ReportOptions {
    @Argument(metaVar = "FILE", usage = "record files (--record) of one run, or of its shards")
    List<String> files = new ArrayList<>();

    @Option(name = "--help", aliases = "-h", help = true, usage = "show this help and exit")
    boolean help;

    final OutputOptions outputs = new OutputOptions();
    final SloOptions slo = new SloOptions();

    /** Every bean args4j fills from this command line. */
    Object[] beans() {
      return new Object[] {this, outputs, slo};
    }
  }

  private final PrintStream out;
  private final PrintStream err;
  private final Consumer<Analysis> observer;

  ReportCommand(PrintStream out, PrintStream err, Consumer<Analysis> observer) {
    this.out = out;
    this.err = err;
    this.observer = observer;
  }

  int run(String... args) {
    ReportOptions options = new ReportOptions();
    CmdLineParser parser = Cli.parser(options.beans());
    Config.Outputs outputs;
    List<Path> files;
    try {
      parser.parseArgument(args);
      if (options.help) {
        help(parser);
        return ExitCode.OK;
      }
      if (options.files.isEmpty()) {
        throw new UsageException("report needs at least one record file (from --record)");
      }
      files = RecordInputs.paths(options.files);
      outputs = options.outputs.outputs(null, true);
      ReportFiles.prepare(outputs);
    } catch (CmdLineException e) {
      return Cli.usageError(err, Cli.message(e), USAGE_HINT);
    } catch (UsageException e) {
      return Cli.usageError(err, e.getMessage(), USAGE_HINT);
    }
    ShardMerge.Merged merged;
    List<Slo> slos;
    Duration driftMin;
    try {
      driftMin = options.slo.driftMin();
      RecordInputs inputs = RecordInputs.read(files);
      List<RecordHeader> headers = inputs.headers();
      LoadPlan whole = headers.get(0).plan().whole();
      slos = options.slo.slos(null, whole.requestNames());
      // Files of formats 6 and later are streamed, one run's or shards' alike; older ones are held
      // whole while the report is made. What each file holds, not what its plan bounds: a run by
      // time's plan is far larger.
      long held = inputs.held().stream().mapToLong(Long::longValue).sum();
      boolean connections = headers.stream().anyMatch(RecordHeader::connections);
      HeapCheck.requireForReport(whole, held, connections, 0);
      // Each file is read once for its checks, a file per core at once.
      int readers = Math.min(files.size(), Runtime.getRuntime().availableProcessors());
      merged = ShardMerge.merge(files, headers, readers);
    } catch (RecordFileException | RunRefusedException e) {
      err.println("phaseload: " + e.getMessage());
      return ExitCode.USAGE;
    } catch (UsageException e) {
      return Cli.usageError(err, e.getMessage(), USAGE_HINT);
    }
    RunResult result = merged.result();
    Analysis done;
    try {
      done = Analysis.of(result, driftMin, outputs.json() != null);
    } catch (OutOfMemoryError e) {
      // The heap check counts what the statistics need; a heap shared with more can still run out.
      err.println("phaseload: out of heap computing the statistics; raise -Xmx");
      return ExitCode.USAGE;
    }
    List<SloResult> verdicts = SloCheck.evaluate(slos, done);
    List<DriftNoise> drift = DriftNoise.of(done);
    TextReport.print(done, verdicts, drift, out);
    String thinkLine = TextReport.thinkLine(result);
    if (thinkLine != null) {
      out.println(thinkLine);
    }
    String protocolLine = TextReport.protocolLine(merged.info());
    if (protocolLine != null) {
      out.println(protocolLine);
    }
    if (result.merged()) {
      ShardReport.print(result, merged.missing(), out);
    }
    out.flush();
    observer.accept(done);
    boolean written =
        ReportFiles.write(
            outputs,
            merged.info(),
            done,
            "java -jar client.jar report " + String.join(" ", args),
            verdicts,
            List.of(), // records carry no generator load: it was the generating process's
            drift,
            out,
            err);
    return ExitCode.of(done.clean() && written, SloCheck.allPass(verdicts));
  }

  private void help(CmdLineParser parser) {
    out.println(
        "Usage: java -jar client.jar report FILE... [--json F] [--csv F] [--charts DIR] [--html F]"
            + " [--hgrm F]");
    out.println();
    out.println("Reads the record files runs wrote with --record and prints their report. Given");
    out.println("the files of a plan's shards (--shard I/N), it merges them into the report one");
    out.println("run of the whole plan prints, with a Shards block: every request is kept, so");
    out.println("the merged percentiles are exact, not estimated. Times from different machines");
    out.println("are placed on one axis by each shard's start as its clock read it: per-second");
    out.println("figures are as accurate as the machines' clocks agree (use NTP or chrony).");
    out.println("Files of different plans are refused; missing shards make the report PARTIAL.");
    out.println();
    out.println("Options:");
    parser.printUsage(out);
    out.println();
    out.println("Exit codes: 0 every request succeeded; 1 some failed or were not sent, a shard");
    out.println("stopped early or is missing; 2 bad command line, or files that cannot be read");
    out.println("or merged (another format version, another plan, too large for this heap);");
    out.println("3 every request succeeded but an SLO (--slo) failed.");
  }
}
