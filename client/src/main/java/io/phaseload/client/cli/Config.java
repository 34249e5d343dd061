package io.phaseload.client.cli;

import io.phaseload.client.live.LiveConfig;
import io.phaseload.client.run.RunConfig;
import io.phaseload.client.slo.Slo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A checked command line: the run, the SLOs it is judged by, where its reports go besides stdout,
 * and how it is watched while it goes ({@code live}, null for not at all). Pure data: parsing
 * creates no file and no directory, and binds no port.
 */
record Config(RunConfig run, Outputs outputs, List<Slo> slos, Duration driftMin, LiveConfig live) {

  /**
   * Where reports go besides stdout; null paths are not written.
   *
   * @param charts a directory, created when the charts are drawn
   * @param record the record file of every request ({@code --record})
   * @param quiet no live progress line
   * @param html the self-contained HTML page ({@code --html})
   * @param hgrm HdrHistogram's percentile distribution ({@code --hgrm})
   */
  record Outputs(
      Path json, Path csv, Path charts, Path record, boolean quiet, Path html, Path hgrm) {}
}
