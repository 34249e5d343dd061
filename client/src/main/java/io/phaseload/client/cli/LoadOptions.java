package io.phaseload.client.cli;

import io.phaseload.client.engine.EngineKind;
import org.kohsuke.args4j.Option;

/**
 * The shape of the load and how it is generated: the options a run and a sweep share. Filled by
 * args4j; checked by {@link RunSetup}. Not thread-safe.
 */
final class LoadOptions {

  @Option(
      name = "--phases",
      metaVar = "F,F,..",
      usage = "phase sizes as fractions of THREADS (default 0.1,0.5,1.0,0.25; 1.0 = one phase)")
  String phases;

  @Option(
      name = "--stages",
      metaVar = "D:T,..",
      usage =
          "the load shape, as k6's stages: each moves linearly from the last target (first 0,"
              + " or --rate R) to T over D, users (30s:40) or arrivals a second (30s:200/s, any T"
              + " with --rate); THREADS caps either")
  String stages;

  @Option(
      name = "--engine",
      metaVar = "NAME",
      usage =
          "HTTP engine: loop (default: event loops, one per core), threads (a thread per user,"
              + " blocking), or jersey (the Jersey client, a cross-check)")
  String engine = EngineKind.LOOP.label();

  @Option(
      name = "--thread-mode",
      metaVar = "MODE",
      usage =
          "with --engine threads or jersey: auto (virtual on JDK 21+, platform with --rate),"
              + " platform or virtual (default auto)")
  String threadMode = "auto";

  @Option(
      name = "--max-failures",
      metaVar = "N|P%",
      usage = "stop early (exit 1) once more than N requests, or P% of all, have failed")
  String maxFailures;

  @Option(
      name = "--rate",
      metaVar = "R",
      usage =
          "the open model: R arrivals per second at 100% (each phase at its fraction of R), each"
              + " running one iteration; latency counts from intended times")
  Double rate;

  @Option(
      name = "--phase-seconds",
      metaVar = "S",
      usage =
          "with --rate: each phase lasts S seconds (f x R x S arrivals) instead of its iterations")
  Double phaseSeconds;

  @Option(
      name = "--arrivals",
      metaVar = "KIND",
      usage = "with --rate: uniform (default) or poisson (exponential gaps, from --seed)")
  String arrivals;

  @Option(
      name = "--for",
      metaVar = "D",
      usage =
          "run for D (e.g. 30s, 10m, 1h): THREADS users throughout, or --rate R arrivals a second;"
              + " ITERATIONS may be left out; ends at D with exit 0")
  String forLength;

  @Option(
      name = "--duration",
      metaVar = "D",
      usage =
          "a safety bound: stop the whole run after D (e.g. 90s, 10m, 1h), a partial report, exit"
              + " 1 (to run for D, use --for D)")
  String duration;

  @Option(
      name = "--ignore-file-limit",
      usage = "run even when ulimit -n is too low for one connection per thread")
  boolean ignoreFileLimit;
}
