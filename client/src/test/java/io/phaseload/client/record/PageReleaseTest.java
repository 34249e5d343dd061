package io.phaseload.client.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordingCursor;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.SlotWords;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's recording drops each page once every request in it is on disk and every reader during the
 * run (the live page, the progress line) has passed it, so that what a run holds does not grow with
 * its length; the record still holds every request, word for word.
 */
class PageReleaseTest {

  @TempDir Path dir;

  @Test
  void aPageGoesOnceWrittenAndPassedByEveryReader() throws Exception {
    LoadPlan plan = LoadPlan.standard(4, 20_000); // users of 40,000 slots: pages of their own
    LatencyRecorder rec = LatencyRecorder.sparse(plan, SlotWords.NONE);
    LatencyRecorder copy = LatencyRecorder.allocate(plan);
    RecordingCursor live = new RecordingCursor(rec);
    Reasons reasons = new Reasons();
    RunResult run = new RunResult(plan, 1, 4321, List.of(), rec, reasons, null, 77, false);
    RecordHeader header = RecordFile.header(run, RecordFileTest.info(plan), List.of("r"));
    Path file = dir.resolve("run.plr");
    int user = rec.start(0, 0, 0);
    int per = rec.perUnit(0);
    int pages = per / LatencyRecorder.PAGE_SLOTS;
    try (OutputStream out = Files.newOutputStream(file)) {
      RecordStream stream = new RecordStream(out, () -> {}, header, rec, 4, true);
      // The first user sends three pages and a half; the live page has read none of it.
      int sent = 3 * LatencyRecorder.PAGE_SLOTS + LatencyRecorder.PAGE_SLOTS / 2;
      record(rec, copy, user, 0, sent);
      long held = rec.slotsAllocated();
      stream.flush(header, false);
      assertEquals(held, rec.slotsAllocated(), "a reader has not passed them: every page stays");
      assertFalse(rec.released());

      live.advance((r, k) -> {});
      stream.flush(header, false);
      assertTrue(rec.released());
      // The first page is shared with the slices before (phase 0's first user starts mid-page
      // unless it starts the recording), so at least two whole pages go and the half page stays.
      long left = rec.slotsAllocated();
      assertTrue(held - left >= 2L * LatencyRecorder.PAGE_SLOTS, held + " -> " + left);
      assertTrue(rec.startWord(user + sent - 1) != 0, "the page being filled stays");

      // The rest of the user's slots, written, passed and dropped as they go.
      for (int from = sent; from < per; from += LatencyRecorder.PAGE_SLOTS) {
        record(rec, copy, user, from, Math.min(per, from + LatencyRecorder.PAGE_SLOTS));
        live.advance((r, k) -> {});
        stream.flush(header, false);
        assertTrue(rec.slotsAllocated() <= 2L * LatencyRecorder.PAGE_SLOTS, "pages of " + pages);
      }
      stream.end(header);
    }
    LatencyRecorder back = RecordFile.read(file).recording();
    RecordFileTest.assertSameWords(copy, back);
  }

  /** Records slots {@code from} to {@code to} of the unit at {@code first}, in both recordings. */
  private static void record(
      LatencyRecorder rec, LatencyRecorder copy, int first, int from, int to) {
    for (int i = from; i < to; i++) {
      int k = first + i;
      long start = 1_000 + 10L * i;
      rec.record(k, start, 500 + i % 97, 0, i % 2, Outcome.of(Outcome.OK, 200));
      copy.record(k, start, 500 + i % 97, 0, i % 2, Outcome.of(Outcome.OK, 200));
    }
  }
}
