package io.phaseload.client.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.kohsuke.args4j.Option;

/**
 * {@code sweep}'s command line: the single-run options plus the lists to sweep. Positional
 * arguments are only HOST PORT here. Not thread-safe; used once by {@link SweepCommand}.
 */
final class SweepOptions extends Options {

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

  List<Integer> threadCounts() throws UsageException {
    return positiveList("--threads", threads);
  }

  List<Integer> workerCounts() throws UsageException {
    return serverWorkers == null ? List.of() : positiveList("--server-workers", serverWorkers);
  }

  int iterationCount() throws UsageException {
    return positiveInt("--iterations", iterations);
  }

  /** The output directory, checked as {@code --charts} is; created when the sweep is written. */
  Path outDir() throws UsageException {
    try {
      return writableDir(out);
    } catch (UsageException e) {
      throw new UsageException(e.getMessage().replace("--charts", "--out"));
    }
  }

  private static List<Integer> positiveList(String option, String list) throws UsageException {
    List<Integer> values = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      values.add(positiveInt(option, part));
    }
    return values;
  }
}
