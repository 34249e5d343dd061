package io.phaseload.client.cli;

import io.phaseload.client.run.RunConfig;
import java.nio.file.Path;

/**
 * A checked command line: the run, and where its reports go besides stdout. Pure data: parsing
 * creates no file and no directory.
 */
record Config(RunConfig run, Outputs outputs) {

  /**
   * Where reports go besides stdout; null paths are not written.
   *
   * @param charts a directory, created when the charts are drawn
   * @param record the record file of every request ({@code --record})
   * @param quiet no live progress line
   */
  record Outputs(Path json, Path csv, Path charts, Path record, boolean quiet) {}
}
