package io.phaseload.client.cli;

import io.phaseload.client.compare.Blocks;
import io.phaseload.client.compare.Comparison;
import io.phaseload.client.compare.Shape;
import io.phaseload.client.compare.SummaryFile;
import io.phaseload.client.record.RecordFileException;
import io.phaseload.client.record.ShardMerge;
import io.phaseload.client.report.ComparePage;
import io.phaseload.client.report.CompareReport;
import io.phaseload.client.result.OutputFile;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.kohsuke.args4j.Argument;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.Option;

/**
 * {@code java -jar client.jar compare BASE NEW [--json F] [--fail-on-regression P%] [--noise-floor
 * P%]}: two runs compared per request name and overall. Each side is a record file, a run's shard
 * files joined by commas, or a run's {@code --json} summary. Two records get a verdict from a block
 * bootstrap of both ({@link Comparison}); a summary holds no blocks, so with one the comparison is
 * of exact values only, and says so. Used once, by {@link Main}.
 */
final class CompareCommand {

  static final String USAGE =
      "Usage: java -jar client.jar compare BASE NEW [--json FILE] [--html FILE]"
          + " [--fail-on-regression P%] [--noise-floor P%]; compare --help for more";

  /** The command line of {@code compare}. */
  static final class CompareOptions {
    @Argument(
        metaVar = "BASE NEW",
        usage = "record files (--record), a run's shards (a,b,c), or --json summaries")
    List<String> sides = new ArrayList<>();

    @Option(name = "--json", metaVar = "FILE", usage = "also write the comparison as JSON to FILE")
    String json;

    @Option(
        name = "--html",
        metaVar = "FILE",
        usage = "also write the comparison as one self-contained HTML page to FILE")
    String html;

    @Option(
        name = "--fail-on-regression",
        metaVar = "P%",
        usage = "exit 4 when a percentile got slower by more than P% beyond the noise")
    String failOn;

    @Option(
        name = "--noise-floor",
        metaVar = "P%",
        usage =
            "a verdict needs the whole interval beyond +-P%: the drift between two runs that one"
                + " run's blocks cannot see (default "
                + (int) Comparison.DEFAULT_NOISE_FLOOR
                + "%)")
    String noiseFloor;

    @Option(name = "--help", aliases = "-h", help = true, usage = "show this help and exit")
    boolean help;

    /** Every bean args4j fills from this command line: this one. */
    Object[] beans() {
      return new Object[] {this};
    }
  }

  /**
   * One side as read: its shape, its exact values (ALL, then names) and, from a record, its blocks
   * of time (null from a summary).
   */
  private record Side(
      String label, Shape shape, List<Comparison.Side> values, RunResult run, Analysis analysis) {

    ComparePage.Side page() {
      return new ComparePage.Side(label, run, analysis == null ? null : analysis.summary());
    }
  }

  private final PrintStream out;
  private final PrintStream err;
  private final Consumer<Comparison> observer;

  CompareCommand(PrintStream out, PrintStream err, Consumer<Comparison> observer) {
    this.out = out;
    this.err = err;
    this.observer = observer;
  }

  int run(String... args) {
    CompareOptions options = new CompareOptions();
    CmdLineParser parser = Cli.parser(options.beans());
    Double failOn = null;
    double floor = Comparison.DEFAULT_NOISE_FLOOR;
    Path json;
    Path html;
    try {
      parser.parseArgument(args);
      if (options.help) {
        help(parser);
        return ExitCode.OK;
      }
      if (options.sides.size() != 2) {
        throw new UsageException("compare needs BASE and NEW, got " + options.sides.size());
      }
      if (options.failOn != null) {
        failOn = percent("--fail-on-regression", options.failOn);
      }
      if (options.noiseFloor != null) {
        floor = percent("--noise-floor", options.noiseFloor);
      }
      json = Args.writableFile("--json", options.json);
      html = Args.writableFile("--html", options.html);
    } catch (CmdLineException e) {
      return Cli.usageError(err, Cli.message(e), USAGE);
    } catch (UsageException e) {
      return Cli.usageError(err, e.getMessage(), USAGE);
    }
    Side base;
    Side next;
    try {
      base = read(options.sides.get(0));
      next = read(options.sides.get(1));
    } catch (RecordFileException | UsageException | IllegalArgumentException e) {
      err.println("phaseload: " + e.getMessage());
      return ExitCode.USAGE;
    } catch (IOException e) {
      err.println("phaseload: cannot read " + e.getMessage());
      return ExitCode.USAGE;
    }
    List<String> warnings = base.shape().differences(next.shape());
    for (String d : warnings) {
      out.println("Warning: the runs' plans differ: " + d);
    }
    Comparison c = compare(base, next, floor);
    CompareReport.print(c, out);
    observer.accept(c);
    if (failOn != null && !c.noise()) {
      out.println(
          "Note: --fail-on-regression judges changes beyond the noise, and a --json summary has no"
              + " noise estimate: nothing is judged");
    }
    List<Comparison.Row> regressions = failOn == null ? List.of() : c.regressions(failOn);
    Double limit = failOn;
    Path current = json;
    try {
      if (json != null) {
        OutputFile.text(
            json, w -> CompareReport.writeJson(c, base.label(), next.label(), warnings, limit, w));
        out.println("JSON: " + json);
      }
      current = html;
      if (html != null) {
        String commandLine = "java -jar client.jar compare " + String.join(" ", args);
        OutputFile.text(
            html,
            w -> ComparePage.write(c, base.page(), next.page(), warnings, limit, commandLine, w));
        out.println("HTML page: " + html);
      }
    } catch (IOException | RuntimeException e) {
      err.println("phaseload: cannot write " + current + ": " + e.getMessage());
      return ExitCode.FAILED;
    }
    if (!regressions.isEmpty()) {
      out.println("Regression beyond " + failOn + "% and the noise: exit 4");
      return ExitCode.REGRESSION;
    }
    return ExitCode.OK;
  }

  /** With both sides' blocks, intervals from the bootstrap; otherwise exact values only. */
  private static Comparison compare(Side base, Side next, double floor) {
    if (base.run() == null || next.run() == null) {
      return Comparison.exact(base.values(), next.values());
    }
    RunResult a = base.run();
    RunResult b = next.run();
    return Comparison.of(
        base.analysis(),
        Blocks.of(a.recording(), a.plan().requestNames().size()),
        next.analysis(),
        Blocks.of(b.recording(), b.plan().requestNames().size()),
        0,
        floor);
  }

  /** A percentage of 0 or more, "5%" or "5". */
  private static double percent(String option, String value) throws UsageException {
    try {
      double p =
          Double.parseDouble(value.endsWith("%") ? value.substring(0, value.length() - 1) : value);
      if (p >= 0 && p < Double.POSITIVE_INFINITY) {
        return p;
      }
    } catch (NumberFormatException e) {
      // the message below says what is wanted
    }
    throw new UsageException(option + " must be a percentage like 5%, got '" + value + "'");
  }

  /**
   * One side: a run's JSON summary, a record file, or a run's shard files joined by commas, merged
   * as report does.
   */
  private static Side read(String side) throws RecordFileException, UsageException, IOException {
    List<Path> files = RecordInputs.paths(List.of(side.split(",")));
    if (files.size() == 1 && SummaryFile.looksLikeJson(files.get(0))) {
      SummaryFile s = SummaryFile.read(files.get(0));
      return new Side(side, s.shape(), s.sides(), null, null);
    }
    RecordInputs in = RecordInputs.read(files);
    RunResult result = ShardMerge.merge(in.files(), in.headers(), 1).result();
    if (result.phases().isEmpty()) {
      throw new UsageException(side + ": an empty run (no phase ran)");
    }
    Analysis analysis = Analysis.of(result);
    return new Side(side, Shape.of(result.plan()), Comparison.Side.all(analysis), result, analysis);
  }

  private void help(CmdLineParser parser) {
    out.println(USAGE);
    out.println();
    out.println("Compares two runs per request name and overall: throughput, p50, p95, p99,");
    out.println("p99.9, max and the error rate, base -> new, the change and a verdict. With two");
    out.println("records the verdict comes from a block bootstrap: each run is cut into blocks of");
    out.println(
        "up to 1 s of send time, blocks are resampled with replacement "
            + Comparison.REPLICATES
            + " times,");
    out.println(
        "and a change is slower or faster only when its "
            + Math.round(Comparison.CONFIDENCE * 100)
            + "% interval lies wholly");
    out.println(
        "beyond the noise floor, +-"
            + (int) Comparison.DEFAULT_NOISE_FLOOR
            + "% unless --noise-floor says otherwise (the drift");
    out.println("between two runs, which one run's blocks cannot see); otherwise no significant");
    out.println("change. A --json summary holds no blocks: compared with one, the values are");
    out.println("exact and there is no verdict. Runs of different plans are");
    out.println("compared with a warning line for each difference.");
    out.println();
    out.println("Options:");
    parser.printUsage(out);
    out.println();
    out.println("Exit codes: 0 compared; 1 the JSON or the page could not be written; 2 bad");
    out.println("command line, or a file that is not a record or a run's summary; 4 a regression");
    out.println("beyond --fail-on-regression.");
  }
}
