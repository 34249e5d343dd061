package io.phaseload.client.cli;

import io.phaseload.client.compare.DriftNoise;
import io.phaseload.client.report.FinishedRun;
import io.phaseload.client.report.HtmlReport;
import io.phaseload.client.report.RunTitle;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.run.RunConfig;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/** What a run's {@code --live} address shows besides the live figures: its title, its last page. */
final class LivePages {

  private LivePages() {}

  /** The live page's title, before the target is known. */
  static String title(RunConfig rc) {
    return "phaseload live: " + RunTitle.of(rc.plan());
  }

  /** The report page the live address serves once the run is over: the --html page's. */
  static String finalPage(
      RunInfo info,
      List<GeneratorLoad> generator,
      Analysis done,
      String commandLine,
      List<SloResult> slos,
      List<DriftNoise> drift) {
    StringWriter page = new StringWriter();
    try {
      HtmlReport.write(
          new FinishedRun(done, info, slos, generator, drift), commandLine, null, page);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return page.toString();
  }
}
