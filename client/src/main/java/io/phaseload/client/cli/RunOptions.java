package io.phaseload.client.cli;

import io.phaseload.client.run.RunConfig;
import java.util.ArrayList;
import java.util.List;
import org.kohsuke.args4j.Argument;
import org.kohsuke.args4j.Option;

/**
 * A single run's command line: THREADS ITERATIONS [HOST PORT], the option groups it shares with the
 * sweep, its outputs and its shard. {@link #toConfig} checks it all. Not thread-safe; used once by
 * {@link Main}.
 */
final class RunOptions {

  @Argument(metaVar = "THREADS ITERATIONS [HOST PORT]", multiValued = true)
  List<String> positional = new ArrayList<>();

  @Option(name = "--quiet", aliases = "-q", usage = "no live progress line on the terminal")
  boolean quiet;

  @Option(name = "--help", aliases = "-h", help = true, usage = "show the short help and exit")
  boolean help;

  @Option(name = "--help-all", help = true, usage = "show every option and exit")
  boolean helpAll;

  @Option(name = "--version", help = true, usage = "show the version and exit")
  boolean version;

  final TargetOptions target = new TargetOptions();
  final RequestOptions requests = new RequestOptions();
  final LoadOptions load = new LoadOptions();
  final OutputOptions outputs = new OutputOptions();
  final ShardOptions shard = new ShardOptions();
  final SloOptions slo = new SloOptions();
  final LiveOptions live = new LiveOptions();

  /** Every bean args4j fills from this command line. */
  Object[] beans() {
    return new Object[] {target, requests, load, outputs, shard, slo, live, this};
  }

  /** Checks everything and builds the run's configuration. */
  Config toConfig() throws UsageException {
    // A run by time may leave ITERATIONS out: THREADS [HOST PORT] --for D.
    boolean timed = load.forLength != null && (positional.size() == 1 || positional.size() == 3);
    if (!timed && positional.size() != 2 && positional.size() != 4) {
      throw new UsageException(
          switch (positional.size()) {
            case 0 -> "missing THREADS and ITERATIONS";
            case 1 ->
                "missing ITERATIONS (after THREADS "
                    + positional.get(0)
                    + "), or --for D to run for a time";
            case 3 -> "missing PORT (after HOST " + positional.get(2) + ")";
            default ->
                "expected THREADS ITERATIONS [HOST PORT], got " + positional.size() + " arguments";
          });
    }
    int threads = Args.positiveInt("THREADS", positional.get(0));
    int iterations =
        timed ? RunSetup.UNTIL_TIME : Args.positiveInt("ITERATIONS", positional.get(1));
    RunConfig run =
        new RunSetup(target, requests, load)
            .config(
                threads, iterations, positional.subList(timed ? 1 : 2, positional.size()), shard);
    return new Config(
        run,
        outputs.outputs(shard.record, quiet),
        slo.slos(requests.scenario, run.plan().requestNames()),
        slo.driftMin(),
        live.config(run.plan().shard()));
  }
}
