package io.phaseload.client.cli;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.record.LatencyRecorder;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.record.RecordFileException;
import io.phaseload.client.record.RecordHeader;
import io.phaseload.client.record.ShardCheck;
import io.phaseload.client.record.ShardMerge;
import io.phaseload.client.report.ShardReport;
import io.phaseload.client.report.TextReport;
import io.phaseload.client.run.HeapCheck;
import io.phaseload.client.run.RunRefusedException;
import io.phaseload.client.run.RunResult;
import io.phaseload.client.run.RunSession;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.kohsuke.args4j.Argument;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.Option;

/**
 * {@code java -jar client.jar report FILE... [--json F] [--csv F] [--charts DIR]}: reads the record
 * files of one run or of a plan's shards, merges them and prints the report one run of the whole
 * plan prints, with a Shards block. Exit codes as a run's: 0 every request succeeded, 1 some failed
 * or shards are missing or stopped early, 2 a bad command line or files that cannot be merged.
 */
final class ReportCommand {

  static final String USAGE_HINT =
      "Usage: java -jar client.jar report FILE... [--json F] [--csv F] [--charts DIR]; report"
          + " --help for more";

  /** The command line of {@code report}. */
  static final class ReportOptions extends OutputOptions {
    @Argument(metaVar = "FILE", usage = "record files (--record) of one run, or of its shards")
    List<String> files = new ArrayList<>();

    @Option(name = "--help", aliases = "-h", help = true, usage = "show this help and exit")
    boolean help;
  }

  private final PrintStream out;
  private final PrintStream err;
  private final Consumer<RunSession.Finished> observer;

  ReportCommand(PrintStream out, PrintStream err, Consumer<RunSession.Finished> observer) {
    this.out = out;
    this.err = err;
    this.observer = observer;
  }

  int run(String... args) {
    ReportOptions options = new ReportOptions();
    CmdLineParser parser = Cli.parser(options);
    Config.Outputs outputs;
    List<Path> files = new ArrayList<>();
    try {
      parser.parseArgument(args);
      if (options.help) {
        help(parser);
        return Main.OK;
      }
      if (options.files.isEmpty()) {
        throw new UsageException("report needs at least one record file (from --record)");
      }
      for (String f : options.files) {
        Path p = Path.of(f);
        if (!Files.isRegularFile(p)) {
          throw new UsageException(f + " is not a file");
        }
        files.add(p);
      }
      outputs =
          new Config.Outputs(
              Options.writableFile("--json", options.json),
              Options.writableFile("--csv", options.csv),
              Options.writableDir(options.charts),
              null,
              true);
      ReportFiles.prepare(outputs);
    } catch (CmdLineException e) {
      return Cli.usageError(err, e.getMessage(), USAGE_HINT);
    } catch (UsageException e) {
      return Cli.usageError(err, e.getMessage(), USAGE_HINT);
    }
    ShardMerge.Merged merged;
    try {
      List<RecordHeader> headers = new ArrayList<>();
      for (Path f : files) {
        headers.add(RecordFile.readHeader(f));
      }
      ShardCheck.check(files, headers);
      LoadPlan whole = headers.get(0).plan().whole();
      // One run's file is read as the recording itself; shards' are read beside the merge.
      long shardBytes = 0;
      for (RecordHeader h : headers) {
        if (!h.plan().shard().whole()) {
          shardBytes = Math.max(shardBytes, LatencyRecorder.bytesFor(h.plan()));
        }
      }
      boolean series = outputs.json() != null || outputs.charts() != null;
      // A file per core at once, if the heap holds that many shards' recordings; else one.
      int readers = Math.min(files.size(), Runtime.getRuntime().availableProcessors());
      try {
        HeapCheck.requireForReport(whole, shardBytes * readers, series);
      } catch (RunRefusedException e) {
        readers = 1;
        HeapCheck.requireForReport(whole, shardBytes, series);
      }
      merged = ShardMerge.merge(files, headers, readers);
    } catch (RecordFileException | RunRefusedException e) {
      err.println("phaseload: " + e.getMessage());
      return Main.USAGE;
    }
    RunResult result = merged.result();
    RunSession.Finished done;
    try {
      done = RunSession.Finished.of(result);
    } catch (OutOfMemoryError e) {
      // The heap check counts what the statistics need; a heap shared with more can still run out.
      err.println("phaseload: out of heap computing the statistics; raise -Xmx");
      return Main.USAGE;
    }
    TextReport.print(result, done.summary(), done.serviceTime(), out);
    if (result.merged()) {
      ShardReport.print(result, merged.missing(), out);
    }
    out.flush();
    observer.accept(done);
    boolean written =
        ReportFiles.write(
            outputs, merged.info(), result, done.summary(), done.serviceTime(), out, err);
    return done.clean() && written ? Main.OK : Main.FAILED;
  }

  private void help(CmdLineParser parser) {
    out.println("Usage: java -jar client.jar report FILE... [--json F] [--csv F] [--charts DIR]");
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
    out.println("or merged (another format version, another plan, too large for this heap).");
  }
}
