package io.phaseload.client.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.report.CsvReport;
import io.phaseload.client.report.FinishedRun;
import io.phaseload.client.report.HgrmReport;
import io.phaseload.client.report.JsonReport;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.SlotWords;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.TimeSeries;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record read whole into memory and the same record streamed from disk a frame at a time give
 * every figure equal: the JSON document (every group's counts and exact percentiles, the per-second
 * rows, the drift, the arrivals), the .hgrm distribution, and the same CSV rows.
 */
class StreamedRecordTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final long SECOND = 1_000_000_000L;

  @TempDir Path dir;

  @Test
  void closedUsersWithConnectionTimesReadTheSameBothWays() throws Exception {
    sameBothWays(LoadPlan.standard(40, 600), true);
  }

  @Test
  void openArrivalsReadTheSameBothWays() throws Exception {
    sameBothWays(
        LoadPlan.standard(10, 900).withModel(new OpenPhases(400, null, Spacing.UNIFORM)), false);
  }

  @Test
  void aStreamedRecordingCannotBeReadSlotBySlot() throws Exception {
    Path file = dir.resolve("run.plr");
    RecordFile.write(file, run(LoadPlan.standard(4, 10), false), info(), List.of());
    LatencyRecorder streamed = RecordFile.open(file).recording();
    assertTrue(streamed.isStreamed());
    assertThrows(IllegalStateException.class, () -> streamed.startWord(0));
    assertThrows(IllegalStateException.class, () -> streamed.next(0));
    long[] seen = {0};
    streamed.each((rec, k) -> seen[0]++);
    long[] held = {0};
    RecordFile.read(file).recording().each((rec, k) -> held[0]++);
    assertEquals(held[0], seen[0]);
    assertTrue(seen[0] > 100);
    assertFalse(RecordFile.read(file).recording().isStreamed());
  }

  private void sameBothWays(LoadPlan plan, boolean connections) throws Exception {
    Path file = dir.resolve("run.plr");
    RecordFile.write(file, run(plan, connections), info(), List.of("GET /"));
    RecordFile.Contents whole = RecordFile.read(file);
    RecordFile.Contents streamed = RecordFile.open(file);
    assertFalse(whole.recording().isStreamed());
    assertTrue(streamed.recording().isStreamed());

    Analysis a = Analysis.of(whole.result(), Duration.ofSeconds(20));
    Analysis b = Analysis.of(streamed.result(), Duration.ofSeconds(20));
    assertFalse(a.drifts().isEmpty(), "the run is long enough for a drift to be judged");
    JsonNode expected = json(a);
    assertEquals(expected, json(b));
    assertTrue(expected.get("perSecond").size() > 50);
    assertEquals(hgrm(a), hgrm(b));
    assertEquals(sortedRows(whole.result()), sortedRows(streamed.result()));
  }

  private static JsonNode json(Analysis analysis) throws IOException {
    StringWriter out = new StringWriter();
    JsonReport.write(
        FinishedRun.of(analysis, info()), TimeSeries.of(analysis.result().recording()), out);
    return MAPPER.readTree(out.toString());
  }

  private static String hgrm(Analysis analysis) throws IOException {
    StringWriter out = new StringWriter();
    HgrmReport.write(analysis.summary().distribution(), out);
    return out.toString();
  }

  /** The CSV's rows, sorted: a streamed record gives them in the order they were written. */
  private static List<String> sortedRows(RunResult run) throws IOException {
    StringWriter out = new StringWriter();
    CsvReport.write(run, out);
    String[] rows = out.toString().split("\n");
    Arrays.sort(rows);
    return List.of(rows);
  }

  /**
   * A run of {@code plan} over about 100 s: each user's (or arrival's) requests one after another
   * from its start, latencies of a long tail that slowly grow, one in twelve failed, a few slots
   * never reached (a run cut short).
   */
  private static RunResult run(LoadPlan plan, boolean connections) {
    LatencyRecorder rec =
        LatencyRecorder.allocate(plan, connections ? SlotWords.CONNECTIONS : SlotWords.NONE);
    Reasons reasons = new Reasons();
    int odd = reasons.intern("a reason of its own");
    SplittableRandom random = new SplittableRandom(38);
    List<PhaseResult> phases = new ArrayList<>();
    long phaseStart = 0;
    for (Phase phase : plan.phases()) {
      int p = phase.index();
      long length = 25 * SECOND;
      for (int q = 0; q < rec.populations(); q++) {
        int units = rec.units(p, q);
        for (int u = 0; u < units; u++) {
          int first = rec.start(p, q, u);
          long t = phaseStart + (plan.isOpen() ? u * length / units : 0);
          for (int i = 0; i < rec.perUnit(q); i++) {
            int k = first + i;
            if (random.nextInt(200) == 0) {
              break; // the rest of this unit never reached
            }
            long latency =
                (long) (Math.exp(13 + random.nextGaussian()) * (1 + t / (50.0 * SECOND)));
            int outcome =
                switch (random.nextInt(12)) {
                  case 0 -> Outcome.failure(Outcome.IO, odd);
                  case 1 -> Outcome.of(Outcome.HTTP, 503);
                  default -> Outcome.of(Outcome.OK, 200);
                };
            int request = i % plan.requestNames().size();
            if (plan.isOpen()) {
              rec.recordOpen(k, t - random.nextLong(1 << 22), t, latency, p, request, outcome);
            } else {
              rec.record(k, t, latency, p, request, outcome);
            }
            if (connections) {
              rec.recordConnection(
                  k,
                  random.nextBoolean() ? 0 : random.nextLong(1L << 22),
                  0,
                  random.nextLong(1L << 24));
            }
            t += plan.isOpen() ? latency : length / rec.perUnit(q);
          }
        }
      }
      phases.add(new PhaseResult(phase, phaseStart, length, false));
      phaseStart += length;
    }
    return new RunResult(
        plan,
        1_700_000_000_000_000_000L,
        phaseStart,
        plan.isOpen() ? PhaseResult.counted(phases, rec, plan) : phases,
        rec,
        reasons,
        null,
        5,
        false,
        List.of());
  }

  private static RunInfo info() {
    return RecordFileTest.info(LoadPlan.standard(1, 1));
  }
}
