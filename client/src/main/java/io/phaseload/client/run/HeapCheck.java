package io.phaseload.client.run;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.SlotWords;
import java.util.Locale;

/**
 * Whether a run's recording fits in the heap, checked before anything is allocated, so that a run
 * too large is refused with what it needs instead of failing with OutOfMemoryError. Stateless.
 */
public final class HeapCheck {

  /**
   * Heap per request: the recording. The statistics after the run are found in passes over it
   * ({@code stats.ExactRanks}) and copy none of it.
   */
  public static final int HEAP_BYTES_PER_REQUEST = RecordLayout.BYTES_PER_REQUEST;

  /**
   * Heap per request in the open model: the recording, and the Poisson schedule's 8 bytes per
   * arrival at most.
   */
  public static final int OPEN_HEAP_BYTES_PER_REQUEST = RecordLayout.OPEN_BYTES_PER_REQUEST + 8;

  private HeapCheck() {}

  /**
   * Checks that the plan can be recorded in one array and that the heap has room for it.
   *
   * @throws RunRefusedException saying what it needs and how to get it
   */
  public static void require(LoadPlan plan) throws RunRefusedException {
    require(plan, SlotWords.NONE);
  }

  /**
   * As {@link #require(LoadPlan)}, for a run that records {@code words} after each request's own
   * (connection times with {@code --no-keepalive}, the stream wait with {@code --http2}).
   */
  public static void require(LoadPlan plan, SlotWords words) throws RunRefusedException {
    require(plan, words, 0);
  }

  /**
   * As {@link #require(LoadPlan, SlotWords)}, with {@code extraBytes} more for what else the run
   * keeps (the live page's window of latencies).
   */
  public static void require(LoadPlan plan, SlotWords words, long extraBytes)
      throws RunRefusedException {
    long requests = plan.totalRequests();
    long most = RecordLayout.MAX_REQUESTS;
    if (requests > most) {
      // The refusal names what sets the size: a rate, or THREADS x ITERATIONS.
      throw new RunRefusedException(plan.model().tooLarge(plan, requests, most));
    }
    requireHeap(
        requests,
        perRequest(plan) + wordBytes(words),
        extraBytes,
        "java -Xmx%dg -jar client.jar ...");
  }

  /**
   * The check a run of {@code config} takes before it starts: room for its whole recording, with
   * {@code extraBytes} beside it, for a counted plan; a page for each user for a run by time, whose
   * recording fills as it goes ({@link #pages}). A run by time's {@code extraBytes} (the live
   * page's window, sized by the plan's bound) are left out: its window is its rate's, which the
   * tenth the pages keep in reserve holds.
   */
  public static void require(RunConfig config, long extraBytes) throws RunRefusedException {
    // The protocol asked: the most a run may record, before an https server chooses HTTP/1.1.
    SlotWords words = config.slotWords(config.protocol());
    if (config.sparse()) {
      pages(config.plan(), words, 0);
    } else {
      require(config.plan(), words, extraBytes);
    }
  }

  /**
   * The pages of a sparse recording ({@link LatencyRecorder#sparse}) that the heap has room for,
   * keeping a tenth of that room in reserve for the requests in flight when the last is taken.
   *
   * @throws RunRefusedException if the room is not one page per user
   */
  public static int pages(LoadPlan plan, SlotWords words, long extraBytes)
      throws RunRefusedException {
    long perPage = (long) LatencyRecorder.PAGE_SLOTS * (perRequest(plan) + wordBytes(words));
    Runtime rt = Runtime.getRuntime();
    long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory()) - extraBytes;
    long pages = free / perPage * 9 / 10;
    long users = Math.max(1, plan.peakThreads());
    if (pages < users) {
      throw new RunRefusedException(
          String.format(
              Locale.ROOT,
              "a run by time records its requests in pages of %,d; %,d users need %,d MiB of heap"
                  + " for one each, but only %,d MiB is free: raise it, e.g. java -Xmx%dg -jar"
                  + " client.jar ...",
              LatencyRecorder.PAGE_SLOTS,
              users,
              mib(users * perPage * 10 / 9),
              mib(Math.max(0, free)),
              Math.max(1, users * perPage * 10 / 9 / (1L << 30) + 1)));
    }
    return (int) Math.min(Integer.MAX_VALUE, pages);
  }

  /**
   * Checks that the merge of a whole plan's shards fits one recording and the heap: the merged
   * recording of the {@code requests} their files hold, its statistics, and one shard's recording
   * being read ({@code shardBytes}).
   *
   * @param connections whether the shards' records carry connection times ({@code --no-keepalive}):
   *     their longs in the merged recording, and their statistics. A record's stream waits ({@code
   *     --http2}) need not be counted: only files of formats 2 to 5 are held, and none has them.
   * @throws RunRefusedException saying where the limit is, or what heap it needs
   */
  public static void requireForReport(
      LoadPlan whole, long requests, boolean connections, long shardBytes)
      throws RunRefusedException {
    if (whole.totalRequests() > RecordLayout.MAX_REQUESTS) {
      throw new RunRefusedException(
          String.format(
              Locale.ROOT,
              "the plan's shards hold %,d requests; one report merges at most %,d (a recording's"
                  + " slots are numbered by int): report each shard's file on its own",
              whole.totalRequests(),
              RecordLayout.MAX_REQUESTS));
    }
    requireHeap(
        requests,
        perRequest(whole) + wordBytes(connections ? SlotWords.CONNECTIONS : SlotWords.NONE),
        shardBytes,
        "java -Xmx%dg -jar client.jar report ...");
  }

  /** Heap per request for the words after a request's own: their longs in the recording. */
  private static int wordBytes(SlotWords words) {
    return words.longs() * Long.BYTES;
  }

  private static int perRequest(LoadPlan plan) {
    return RecordLayout.keepsIntendedStarts(plan)
        ? OPEN_HEAP_BYTES_PER_REQUEST
        : HEAP_BYTES_PER_REQUEST;
  }

  private static void requireHeap(long requests, int perRequest, long extra, String command)
      throws RunRefusedException {
    long needed = requests * perRequest + extra;
    Runtime rt = Runtime.getRuntime();
    long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    if (needed > free) {
      throw new RunRefusedException(
          String.format(
              Locale.ROOT,
              "%,d requests need %,d MiB of heap (%d bytes each) but only %,d MiB is free:"
                  + " raise it, e.g. "
                  + command,
              requests,
              mib(needed),
              perRequest,
              mib(free),
              Math.max(1, (needed + (rt.maxMemory() - free)) / (1L << 30) + 1)));
    }
  }

  private static long mib(long bytes) {
    return (bytes + (1 << 20) - 1) >> 20;
  }
}
