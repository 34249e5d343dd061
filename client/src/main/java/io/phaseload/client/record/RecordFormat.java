package io.phaseload.client.record;

/**
 * The record format's constants, which its writer ({@link RecordStream}) and its reader ({@link
 * RecordFile}, where the layout is drawn) share.
 */
public final class RecordFormat {

  /**
   * The format written and read. 8: a run over HTTP/2 ({@code --http2}) adds each request's wait
   * for a free stream, which its header says ({@code streamWait}); a file without it reads as 7's.
   * 7: a frame's requests are packed as variable-length integers ({@link Varints}), not deflated:
   * about as small, and read several times faster, which a report that reads a long run's record in
   * several passes needs. 6: written as the run goes, in frames of runs of slots, with the header
   * again as the run stands and an end mark that a cut file lacks. 5: the plan names its
   * populations, each with its share of the users and its run of the requests: those each user
   * sends once before its iterations (setup), in each iteration, and once after them (teardown). 4:
   * outcomes of two more kinds, a failed capture and a request skipped for a session variable with
   * no value (the header's scenario lists the captures). 3: a run with {@code --no-keepalive} adds
   * each request's connection times. 2: a bad body's outcome carries a reason code (its check and
   * an excerpt), where 1 carried its HTTP status.
   */
  public static final int VERSION = 8;

  /**
   * The oldest format still read: 2, whose requests are 3's without connection times; 3's are 4's
   * without captures; 4's plans are 5's of one population, with no setup or teardown; 7's requests
   * are 8's without stream waits.
   */
  public static final int OLDEST_VERSION = 2;

  /** The last format written whole after the run, in blocks of every slot. */
  static final int LAST_BLOCK_VERSION = 5;

  /** The last format whose frames of requests are stored or deflated longs, not packed. */
  static final int LAST_DEFLATED_VERSION = 6;

  /** The first format whose requests may carry their wait for an HTTP/2 stream. */
  static final int FIRST_STREAM_WAIT_VERSION = 8;

  static final byte[] MAGIC = {'P', 'L', 'R', 'E', 'C', '\r', '\n', 0x1A};

  /** The most requests in one frame (in a block, in formats 2 to 5). */
  static final int BLOCK_REQUESTS = 1 << 16;

  /** A frame's first byte: its kind. */
  static final int RUNS_STORED = 1;

  static final int RUNS_DEFLATED = 2;
  static final int HEADER = 3;

  /** A frame of requests packed as variable-length integers: the only kind from format 7 on. */
  static final int RUNS_PACKED = 4;

  static final int END = 255;

  private RecordFormat() {}

  /** The largest raw bytes of a runs frame of requests of {@code stride} longs. */
  static int maxRawBytes(int stride) {
    return Integer.BYTES + BLOCK_REQUESTS * (Long.BYTES + Integer.BYTES + stride * Long.BYTES);
  }

  /**
   * The largest packed frame of requests of {@code stride} longs: the runs (a count, then each
   * one's first slot and length), then each request's fields, two more than its longs (the start
   * word and the time word are each two).
   */
  static int maxPackedBytes(int stride) {
    return Varints.MAX_BYTES + BLOCK_REQUESTS * Varints.MAX_BYTES * (2 + stride + 2);
  }
}
