package io.phaseload.client.cli;

import io.phaseload.client.capacity.CapacitySearch;
import io.phaseload.client.plan.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.kohsuke.args4j.Argument;
import org.kohsuke.args4j.Option;

/**
 * The command line of {@code capacity}: the target and requests a run takes, the SLOs, and how the
 * search steps. Filled by args4j; not thread-safe.
 */
final class CapacityOptions {

  @Argument(metaVar = "[HOST PORT]", multiValued = true)
  List<String> positional = new ArrayList<>();

  @Option(
      name = "--threads",
      metaVar = "N",
      usage =
          "the cap on iterations in flight at the start, as a run's THREADS (default 64); a step"
              + " it holds back while the service keeps its time is run again with more")
  int threads = 64;

  @Option(
      name = "--max-threads",
      metaVar = "N",
      usage =
          "the most --threads may be raised to (default: what the open-files limit allows);"
              + " --max-threads equal to --threads keeps it fixed")
  Integer maxThreads;

  @Option(
      name = "--start-rate",
      metaVar = "R",
      usage = "the first step's rate per second (default 10)")
  double startRate = 10;

  @Option(name = "--max-rate", metaVar = "R", usage = "the highest rate to try (default none)")
  Double maxRate;

  @Option(name = "--step-seconds", metaVar = "S", usage = "each step's length (default 10)")
  double stepSeconds = 10;

  @Option(
      name = "--warm-up-seconds",
      metaVar = "S",
      usage = "a step at the start rate first, not judged (default 2; 0 for none)")
  double warmUpSeconds = 2;

  @Option(
      name = "--ramp",
      metaVar = "D",
      usage =
          "one run instead of steps: the rate rises linearly from --start-rate to --max-rate over"
              + " D (e.g. 60s), judged in windows of D/10 sliding by D/20; the answer is the last that held")
  String ramp;

  @Option(name = "--max-steps", metaVar = "N", usage = "the most steps (default 20)")
  int maxSteps = 20;

  @Option(
      name = "--duration",
      metaVar = "D",
      usage = "the longest the whole search may take (e.g. 5m); it stops before a step past it")
  String duration;

  @Option(name = "--json", metaVar = "FILE", usage = "also write the steps as JSON to FILE")
  String json;

  @Option(name = "--charts", metaVar = "DIR", usage = "also draw the steps' PNG charts into DIR")
  String charts;

  @Option(
      name = "--html",
      metaVar = "FILE",
      usage = "also write the search as one self-contained HTML page to FILE")
  String html;

  @Option(name = "--quiet", aliases = "-q", usage = "no line per step as it ends")
  boolean quiet;

  @Option(name = "--help", aliases = "-h", help = true, usage = "show this help and exit")
  boolean help;

  final TargetOptions target = new TargetOptions();
  final RequestOptions requests = new RequestOptions();
  final SloOptions slo = new SloOptions();

  /** Every bean args4j fills from this command line. */
  Object[] beans() {
    return new Object[] {this, target, requests, slo};
  }

  /** {@code --ramp}'s length, or null for a search in steps. */
  Duration ramp() {
    return ramp == null ? null : Durations.parse("--ramp", ramp);
  }

  /** The search's settings, checked. */
  CapacitySearch.Settings settings() throws UsageException {
    if (threads < 1) {
      throw new UsageException("--threads must be at least 1, got " + threads);
    }
    if (maxThreads != null && maxThreads < threads) {
      throw new UsageException(
          "--max-threads must be at least --threads (" + threads + "), got " + maxThreads);
    }
    if (!(stepSeconds > 0) || !(warmUpSeconds >= 0)) {
      throw new UsageException("--step-seconds must be positive and --warm-up-seconds 0 or more");
    }
    try {
      Duration rampLength = ramp();
      if (rampLength != null && maxRate == null) {
        throw new UsageException("--ramp needs --max-rate, the rate it rises to");
      }
      return new CapacitySearch.Settings(
          startRate,
          maxRate == null ? Double.POSITIVE_INFINITY : maxRate,
          rampLength == null ? seconds(stepSeconds) : rampLength.dividedBy(10),
          seconds(warmUpSeconds),
          0.05,
          maxSteps,
          duration == null ? null : Durations.parse("--duration", duration));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private static Duration seconds(double s) {
    return Duration.ofNanos(Math.round(s * 1e9));
  }
}
