package io.phaseload.client.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.SlotWords;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.StreamWait;
import io.phaseload.client.testing.TestInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The records of two shards of a run over HTTP/2 merge their stream waits exactly: each request's
 * wait lands in the slot the same request has in one run of the whole plan. Two users of three
 * requests, one a shard, each wait set by hand.
 */
class ShardStreamWaitTest {

  private static final long MS = 1_000_000;

  /** The whole plan: two users, three requests each, one phase. */
  static final LoadPlan WHOLE = LoadPlan.of(2, 3, List.of(1.0), List.of("GET"));

  /** Each shard's (each user's) requests' waits, in milliseconds. */
  static final long[][] WAITS = {{0, 5, 7}, {2, 0, 9}};

  /** Shard 1's third request failed (a 503): its wait is kept all the same. */
  static final int FAILED_SHARD = 1;

  static final int FAILED_REQUEST = 2;

  @TempDir Path dir;

  /**
   * Shard {@code i}'s record, started {@code i} ms after shard 0, with its waits if {@code words}
   * holds them; each request 1 ms after the one before, taking 10 ms.
   */
  static Path shard(Path dir, int i, SlotWords words) throws Exception {
    LoadPlan plan = WHOLE.sharded(new Shard(i, 2));
    LatencyRecorder rec = LatencyRecorder.allocate(plan, words);
    for (int k = 0; k < 3; k++) {
      if (words.streamWait()) {
        rec.recordStreamWait(k, WAITS[i][k] * MS);
      }
      int outcome =
          i == FAILED_SHARD && k == FAILED_REQUEST
              ? Outcome.of(Outcome.HTTP, 503)
              : Outcome.of(Outcome.OK, 200);
      rec.record(k, (1 + k) * MS, 10 * MS, 0, 0, outcome);
    }
    List<PhaseResult> phases = List.of(new PhaseResult(plan.phases().get(0), MS, 20 * MS, true, 0));
    RunResult run =
        new RunResult(
            plan,
            1_700_000_000_000_000_000L + i * MS,
            25 * MS,
            phases,
            rec,
            new Reasons(),
            null,
            77,
            false);
    Path file = dir.resolve("shard-" + i + ".plr");
    RecordFile.write(file, run, TestInfo.of(plan, 77), List.of("GET: GET /x (ROUND_ROBIN)"));
    return file;
  }

  /** The merge of the shards' files, as {@code client.jar report} makes it. */
  static RunResult merge(List<Path> files) throws Exception {
    List<RecordHeader> headers = new ArrayList<>();
    for (Path f : files) {
      headers.add(RecordFile.readHeader(f));
    }
    ShardCheck.check(files, headers);
    return ShardMerge.merge(files, headers, 1).result();
  }

  /** Each merged slot's wait, by its user in the whole plan and its request: -1 where none. */
  private static long[][] mergedWaits(LatencyRecorder merged) {
    long[][] waits = {{-1, -1, -1}, {-1, -1, -1}};
    merged.each(
        (rec, k) -> {
          int user = rec.thread(k);
          waits[user][k - rec.start(0, 0, user)] = rec.streamWaitNanos(k);
        });
    return waits;
  }

  @Test
  void eachRequestsWaitLandsInItsOneRunSlot() throws Exception {
    RunResult merged =
        merge(List.of(shard(dir, 0, SlotWords.STREAM_WAIT), shard(dir, 1, SlotWords.STREAM_WAIT)));
    LatencyRecorder rec = merged.recording();
    assertTrue(rec.streamWait());
    assertEquals(SlotWords.STREAM_WAIT, rec.words());
    long[][] waits = mergedWaits(rec);
    for (int user = 0; user < 2; user++) {
      for (int k = 0; k < 3; k++) {
        assertEquals(WAITS[user][k] * MS, waits[user][k], "user " + user + " request " + k);
      }
    }

    // The figures of the union: 6 sent, 4 waited (the failed one's 9 ms among them); the
    // successful waits 2, 5 and 7 ms, whose nearest ranks are the 2nd (p50) and the 3rd (p90 on).
    StreamWait w = Analysis.of(merged).streamWait();
    assertEquals(6, w.sent());
    assertEquals(4, w.waited());
    LatencyStats l = w.waits();
    assertEquals(3, l.count());
    assertEquals(2 * MS, l.min());
    assertEquals(14 * MS / 3.0, l.mean(), 1e-6);
    assertEquals(5 * MS, l.p50());
    assertEquals(7 * MS, l.p90());
    assertEquals(7 * MS, l.p99());
    assertEquals(7 * MS, l.max());
  }

  /**
   * A shard whose record has no stream waits (none measured) merges beside one that has them: the
   * merge keeps the word, and that shard's requests read 0 in it.
   */
  @Test
  void aShardWithoutWaitsMergesAsNoneWaited() throws Exception {
    RunResult merged =
        merge(List.of(shard(dir, 0, SlotWords.STREAM_WAIT), shard(dir, 1, SlotWords.NONE)));
    long[][] waits = mergedWaits(merged.recording());
    for (int k = 0; k < 3; k++) {
      assertEquals(WAITS[0][k] * MS, waits[0][k], "request " + k + " of the shard with waits");
      assertEquals(0, waits[1][k], "request " + k + " of the shard without");
    }
  }
}
