package io.phaseload.client.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report format is a reviewed diff: a change here must change the golden file too. */
class TextReportTest {

  /** A deterministic run: 10 threads x 2 iterations, latencies and a few failures by formula. */
  static RunResult sampleRun() {
    LoadPlan plan = LoadPlan.standard(10, 2);
    LatencyRecorder r = LatencyRecorder.allocate(plan);
    Reasons reasons = new Reasons();
    int tls = reasons.intern("TLS: the server's certificate is not trusted");
    int badBody =
        reasons.firstBadBody(
            1, "body is not the sayHello contract's JSON answer; first got 2 bytes: \"{}\"");
    reasons.firstAnswer(
        1, 503, "status 503, expected 200; first got 19 bytes: \"Service Unavailable\"");
    List<PhaseResult> phases = new ArrayList<>();
    long clock = 0;
    for (Phase phase : plan.phases()) {
      long start = clock;
      for (int t = 0; t < phase.threads(); t++) {
        int k = r.sliceStart(phase.index(), t);
        for (int i = 0; i < 2 * plan.iterations(); i++, k++) {
          long latency = 1_000_000L + 37_000L * ((k * 7) % 23);
          int outcome = Outcome.of(Outcome.OK, 200);
          if (k == 13) {
            outcome = Outcome.of(Outcome.HTTP, 503);
          } else if (k == 21) {
            outcome = Outcome.of(Outcome.BAD_BODY, badBody);
          } else if (k == 30) {
            outcome = Outcome.failure(Outcome.TIMEOUT, Reasons.READ_TIMEOUT);
            latency = 30_000_000_000L;
          } else if (k == 40 || k == 41) {
            outcome = Outcome.failure(Outcome.IO, Reasons.RESET);
          } else if (k == 42) {
            outcome = Outcome.failure(Outcome.IO, tls);
          } else if (k == 50) {
            outcome = Outcome.failure(Outcome.NOT_SENT, Reasons.OUT_OF_FILES);
            latency = 20_000;
          }
          r.record(k, clock, latency, phase.index(), i % 2, outcome);
          clock += 10_000;
        }
      }
      long setup = 10_000_000L * (phase.index() + 1);
      phases.add(new PhaseResult(phase, start, 250_000_000L * (phase.index() + 1), true, setup));
    }
    return new RunResult(
        plan, 1_700_000_000_000_000_000L, 2_600_000_000L, phases, r, reasons, null, 1234L, false);
  }

  @Test
  void matchesTheGoldenFile() throws IOException {
    RunResult run = sampleRun();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      TextReport.print(Analysis.of(run), out);
    }
    String actual = bytes.toString(StandardCharsets.UTF_8);
    Path dump = Path.of("target", "text-report.actual.txt");
    Files.writeString(dump, actual);
    assertEquals(golden("text-report.golden.txt"), actual, "actual output in " + dump);
  }

  static String golden(String name) throws IOException {
    try (InputStream in = TextReportTest.class.getResourceAsStream("/golden/" + name)) {
      if (in == null) {
        throw new IOException("missing golden file " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
