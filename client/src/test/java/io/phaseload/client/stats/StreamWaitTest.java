package io.phaseload.client.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.testing.StreamWaitRun;
import io.phaseload.client.testing.TestInfo;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stream wait's figures against hand-computed values: which requests waited, out of those sent,
 * and the nearest-rank percentiles and mean of the successful ones' waits, on small sets made by
 * hand, with the edge cases (none waited, one waited, all waits equal) and the requests left out
 * (failed, not sent).
 */
class StreamWaitTest {

  private static final long MS = 1_000_000;
  private static final int OK = Outcome.of(Outcome.OK, 200);

  @TempDir Path dir;

  /** A recording of one user's {@code waits.length} requests over HTTP/2, all successful. */
  private static LatencyRecorder waited(long... waits) {
    int[] outcomes = new int[waits.length];
    Arrays.fill(outcomes, OK);
    return recorded(waits, outcomes);
  }

  /** A recording of one user's requests over HTTP/2, with these waits and outcomes. */
  private static LatencyRecorder recorded(long[] waits, int[] outcomes) {
    return StreamWaitRun.of(waits, outcomes).recording();
  }

  @Test
  void noneWaited() {
    StreamWait w = StreamWait.of(waited(0, 0, 0, 0));
    assertEquals(new StreamWait(4, 0, LatencyStats.EMPTY), w);
    assertEquals(0.0, w.share());
  }

  @Test
  void oneWaited() {
    StreamWait w = StreamWait.of(waited(0, 0, 3 * MS, 0, 0, 0, 0, 0, 0, 0));
    assertEquals(10, w.sent());
    assertEquals(1, w.waited());
    assertEquals(0.1, w.share());
    LatencyStats one =
        new LatencyStats(1, 3 * MS, 3 * MS, 3 * MS, 3 * MS, 3 * MS, 3 * MS, 3 * MS, 3 * MS);
    assertEquals(one, w.waits());
  }

  @Test
  void allWaitedAlike() {
    long[] waits = new long[10];
    Arrays.fill(waits, 2 * MS);
    StreamWait w = StreamWait.of(waited(waits));
    assertEquals(1.0, w.share());
    LatencyStats alike =
        new LatencyStats(10, 2 * MS, 2 * MS, 2 * MS, 2 * MS, 2 * MS, 2 * MS, 2 * MS, 2 * MS);
    assertEquals(new StreamWait(10, 10, alike), w);
  }

  /**
   * Twenty successful waits of 1 to 20 ms, recorded out of order; three successful requests that
   * found a stream free; a failed one that waited 50 ms (counted as waiting, not in the
   * percentiles); a failed one that did not wait; one never sent, with a wait the count leaves out.
   * Nearest rank over the twenty: p50 the 10th (10 ms), p90 the 18th, p95 the 19th, p99 and p99.9
   * the 20th; mean 10.5 ms.
   */
  @Test
  void percentilesByNearestRankOverTheSuccessfulThatWaited() {
    long[] waits = new long[26];
    int[] outcomes = new int[26];
    Arrays.fill(outcomes, OK);
    for (int k = 0; k < 20; k++) {
      waits[k] = ((k * 7) % 20 + 1) * MS; // 1 to 20 ms, each once
    }
    // 20, 21, 22: successful, no wait.
    waits[23] = 50 * MS;
    outcomes[23] = Outcome.of(Outcome.HTTP, 503);
    outcomes[24] = Outcome.failure(Outcome.TIMEOUT, Reasons.READ_TIMEOUT);
    waits[25] = 40 * MS;
    outcomes[25] = Outcome.failure(Outcome.NOT_SENT, Reasons.OUT_OF_FILES);
    StreamWait w = StreamWait.of(recorded(waits, outcomes));
    assertEquals(25, w.sent(), "every request but the one not sent");
    assertEquals(21, w.waited(), "the twenty, and the failed one that waited");
    assertEquals(21 / 25.0, w.share());
    assertEquals(
        new LatencyStats(20, MS, 10.5 * MS, 10 * MS, 18 * MS, 19 * MS, 20 * MS, 20 * MS, 20 * MS),
        w.waits());
  }

  @Test
  void aRunOverHttp11HasNone() {
    LoadPlan plan = LoadPlan.of(1, 3, List.of(1.0), List.of("GET"));
    LatencyRecorder rec = LatencyRecorder.allocate(plan);
    for (int k = 0; k < 3; k++) {
      rec.record(k, (1 + k) * MS, 10 * MS, 0, 0, OK);
    }
    assertNull(StreamWait.of(rec));
    assertNull(Analysis.of(StreamWaitRun.of(rec)).streamWait());
  }

  /**
   * The analysis holds the same figures, computed once, from the recording in memory and from its
   * record on disk, read a frame at a time in passes it shares with the other statistics.
   */
  @Test
  void theAnalysisHoldsTheSameFiguresFromMemoryAndFromDisk() throws Exception {
    long[] waits = new long[40];
    int[] outcomes = new int[40];
    for (int k = 0; k < waits.length; k++) {
      waits[k] = k % 3 == 0 ? 0 : (k * 37 % 11) * MS + k;
      outcomes[k] = k % 7 == 0 ? Outcome.of(Outcome.HTTP, 500) : OK;
    }
    RunResult run = StreamWaitRun.of(waits, outcomes);
    StreamWait expected = StreamWait.of(run.recording());
    assertEquals(expected, Analysis.of(run).streamWait());
    Path file = dir.resolve("h2.plr");
    RecordFile.write(file, run, TestInfo.of(run.plan(), 1), List.of("GET: GET /x (ROUND_ROBIN)"));
    RunResult back = RecordFile.open(file).result();
    assertEquals(expected, Analysis.of(back).streamWait());
  }
}
