package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.plan.ClosedStages;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.TimeSeries;
import io.phaseload.client.testing.TestInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which load section the run's page shows: arrivals for a rate, users for stages of users. */
class PageSectionsTest {

  private static List<String> loadSections(LoadPlan plan) {
    LatencyRecorder rec = LatencyRecorder.allocate(plan);
    for (int k = 0; k < rec.capacity(); k++) {
      if (plan.isOpen()) {
        rec.recordOpen(k, 1000L * k, 1000L * k + 10, 5_000, 0, 0, Outcome.of(Outcome.OK, 200));
      }
    }
    List<PhaseResult> phases = new ArrayList<>();
    for (Phase phase : plan.phases()) {
      phases.add(
          new PhaseResult(
              phase,
              1_000_000L * phase.index(),
              1_000_000L,
              true,
              5,
              plan.isOpen() ? new ArrivalStats(10, 10, 0, 0, 10, 10) : null));
    }
    RunResult run = new RunResult(plan, 1L, 5_000_000L, phases, rec, new Reasons(), null, 0, false);
    RunInfo info = TestInfo.of(plan, 0);
    @SuppressWarnings("unchecked")
    List<String> sections =
        (List<String>)
            HtmlReport.document(
                    FinishedRun.of(Analysis.of(run), info), "x", TimeSeries.of(run.recording()))
                .get("sections");
    return sections.stream().filter(s -> s.equals("arrivals") || s.equals("users")).toList();
  }

  @Test
  void eachModelGetsTheSectionOfItsLoad() {
    assertEquals(List.of(), loadSections(LoadPlan.standard(2, 1)));
    assertEquals(
        List.of("users"),
        loadSections(
            ClosedStages.plan(
                2,
                1,
                List.of(new Stage(0, 2, Duration.ofSeconds(1))),
                LoadPlan.standard(2, 1).requestNames())));
    assertEquals(
        List.of("arrivals"),
        loadSections(
            LoadPlan.standard(2, 1)
                .withModel(new OpenPhases(100, Duration.ofSeconds(1), Spacing.UNIFORM))));
  }
}
