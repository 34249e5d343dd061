package io.phaseload.client.cli;

import io.phaseload.client.plan.Durations;
import io.phaseload.client.request.InvalidScenario;
import io.phaseload.client.request.ScenarioFile;
import io.phaseload.client.slo.Slo;
import io.phaseload.client.slo.SloCheck;
import io.phaseload.client.stats.Drift;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.kohsuke.args4j.Option;

/**
 * {@code --slo EXPR}, repeatable: the objectives a run, a sweep, {@code report} and {@code
 * capacity} are judged by. Filled by args4j; not thread-safe.
 */
final class SloOptions {

  @Option(
      name = "--slo",
      metaVar = "EXPR",
      usage =
          "an objective, repeatable: [NAME:]p50|p90|p95|p99|p99.9|max|mean <|<=|>|>= N us|ms|s,"
              + " errors<P%, rate>=R/s, drift.p99<P% (help answers); a failed one exits 3")
  List<String> slo = new ArrayList<>();

  @Option(
      name = "--drift-min",
      metaVar = "DURATION",
      usage =
          "judge the drift of each steady phase (or stage) that lasts at least this long, its first"
              + " quarter (at most 10 min) against its last (default 2m; e.g. 30s, 1h)")
  String driftMin;

  /** {@code --drift-min}: the least length of a phase whose drift is judged. */
  Duration driftMin() throws UsageException {
    if (driftMin == null) {
      return Drift.DEFAULT_MIN_LENGTH;
    }
    try {
      Duration d = Durations.parse("--drift-min", driftMin);
      if (d.isZero() || d.isNegative()) {
        throw new UsageException("--drift-min must be longer than 0, got " + driftMin);
      }
      return d;
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * The SLOs of the command line, then those of the scenario file, each checked against the run's
   * request names, before anything is sent.
   *
   * @param scenarioFile the --scenario file, or null
   */
  List<Slo> slos(String scenarioFile, List<String> requestNames) throws UsageException {
    List<String> exprs = new ArrayList<>(slo);
    try {
      if (scenarioFile != null) {
        exprs.addAll(ScenarioFile.slos(Path.of(scenarioFile)));
      }
      return SloCheck.parse(exprs, requestNames);
    } catch (InvalidScenario | IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
