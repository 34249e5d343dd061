package io.phaseload.client.cli;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Target;
import io.phaseload.client.run.FailureBudget;
import io.phaseload.client.run.UserThreads;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A checked command line.
 *
 * @param target null to start the embedded server and target it
 * @param path the path used on the embedded server or HOST PORT
 * @param insecure whether https targets are trusted without checking their certificate
 * @param maxFailures how many failed requests stop the run early
 * @param outputs the files the run writes besides its text report
 */
record Config(
    LoadPlan plan,
    Target target,
    String path,
    Duration connectTimeout,
    Duration readTimeout,
    String engine,
    UserThreads.Mode threadMode,
    boolean insecure,
    FailureBudget maxFailures,
    Outputs outputs) {

  /**
   * Where reports go besides stdout; null paths are not written.
   *
   * @param quiet no live progress line
   */
  record Outputs(Path json, Path csv, Path charts, boolean quiet) {
    static final Outputs NONE = new Outputs(null, null, null, false);
  }
}
