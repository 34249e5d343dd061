package io.phaseload.client.report;

import io.phaseload.client.compare.DriftNoise;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import java.util.List;

/**
 * A finished run as its JSON document and its page show it: its figures ({@link Analysis}), what
 * describes it, and what was judged of it after it ended. Immutable.
 *
 * @param info the settings, target and machine the run had
 * @param slos the SLOs' verdicts, in order; none given: none
 * @param generator the generator's own load per phase; empty when unknown (a report of records,
 *     which do not carry it)
 * @param drift each steady phase's drift with its noise band ({@link DriftNoise#of}); none where no
 *     phase lasted long enough
 */
public record FinishedRun(
    Analysis analysis,
    RunInfo info,
    List<SloResult> slos,
    List<GeneratorLoad> generator,
    List<DriftNoise> drift) {

  public FinishedRun {
    slos = List.copyOf(slos);
    generator = List.copyOf(generator);
    drift = List.copyOf(drift);
  }

  /** A run with no SLOs, no generator load and its drift judged. */
  public static FinishedRun of(Analysis analysis, RunInfo info) {
    return new FinishedRun(analysis, info, List.of(), List.of(), DriftNoise.of(analysis));
  }
}
