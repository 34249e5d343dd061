package io.phaseload.client.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.kohsuke.args4j.Argument;
import org.kohsuke.args4j.Option;

/**
 * {@code sweep}'s command line: its own lists to sweep and output directory, and the option groups
 * it shares with a single run (target, requests, load). It has no single-run outputs and no shard:
 * a sweep writes its own files into --out. Not thread-safe; used once by {@link SweepCommand}.
 */
final class SweepOptions {

  @Argument(metaVar = "[HOST PORT]", multiValued = true)
  List<String> positional = new ArrayList<>();

  @Option(
      name = "--threads",
      metaVar = "N,N,..",
      required = true,
      usage = "thread counts to run, one phased test each (e.g. 20,50,100,200)")
  String threads;

  @Option(name = "--iterations", metaVar = "N", required = true, usage = "ITERATIONS of every run")
  String iterations;

  @Option(name = "--repeat", metaVar = "K", usage = "runs per thread count (default 1)")
  int repeat = 1;

  @Option(
      name = "--out",
      metaVar = "DIR",
      required = true,
      usage = "where sweep.csv, charts, report.md go")
  String out;

  @Option(
      name = "--server-workers",
      metaVar = "N,N,..",
      usage = "embedded target only: repeat the sweep for each server worker pool size")
  String serverWorkers;

  @Option(
      name = "--html",
      metaVar = "FILE",
      usage = "also write the sweep as one self-contained HTML page (opens offline) to FILE")
  String html;

  @Option(name = "--quiet", aliases = "-q", usage = "no live progress line on the terminal")
  boolean quiet;

  @Option(name = "--help", aliases = "-h", help = true, usage = "show this help and exit")
  boolean help;

  final TargetOptions target = new TargetOptions();
  final RequestOptions requests = new RequestOptions();
  final LoadOptions load = new LoadOptions();
  final SloOptions slo = new SloOptions();

  /** Every bean args4j fills from this command line. */
  Object[] beans() {
    return new Object[] {this, target, requests, load, slo};
  }

  RunSetup setup() {
    return new RunSetup(target, requests, load);
  }

  List<Integer> threadCounts() throws UsageException {
    return positiveList("--threads", threads);
  }

  List<Integer> workerCounts() throws UsageException {
    return serverWorkers == null ? List.of() : positiveList("--server-workers", serverWorkers);
  }

  int iterationCount() throws UsageException {
    return Args.positiveInt("--iterations", iterations);
  }

  /** The output directory, checked now; created when the sweep is written. */
  Path outDir() throws UsageException {
    return Args.writableDir("--out", out);
  }

  private static List<Integer> positiveList(String option, String list) throws UsageException {
    List<Integer> values = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      values.add(Args.positiveInt(option, part));
    }
    return values;
  }
}
