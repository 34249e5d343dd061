package io.phaseload.client.result;

/**
 * The words a recording keeps for each request after its own (start, time, and the open model's
 * intended start), each only where the run measures it, so that a run that does not pays nothing
 * for it: what a recording's slots, its record file's header and a merge of shards agree on. Laid
 * out in this order ({@link RecordLayout}). Immutable.
 *
 * @param connections the connect, TLS and first byte times of a request that opened its own
 *     connection ({@code --no-keepalive}): {@value #CONNECTION_LONGS} longs
 * @param streamWait how long a request waited for a free HTTP/2 stream ({@code --http2}): {@value
 *     #STREAM_WAIT_LONGS} long
 */
public record SlotWords(boolean connections, boolean streamWait) {

  /** Longs a request's connection times take: connect, TLS, first byte. */
  public static final int CONNECTION_LONGS = 3;

  /** Longs a request's stream wait takes. */
  public static final int STREAM_WAIT_LONGS = 1;

  /** Nothing after a request's own words: a run over HTTP/1.1 that keeps its connections. */
  public static final SlotWords NONE = new SlotWords(false, false);

  /** Connection times only. */
  public static final SlotWords CONNECTIONS = new SlotWords(true, false);

  /** The stream wait only. */
  public static final SlotWords STREAM_WAIT = new SlotWords(false, true);

  /** The longs these words take in each slot. */
  public int longs() {
    return (connections ? CONNECTION_LONGS : 0) + (streamWait ? STREAM_WAIT_LONGS : 0);
  }

  /**
   * The words of either: what a merge of recordings keeps, a recording without a word giving 0
   * (none measured) for it.
   */
  public SlotWords or(SlotWords other) {
    return new SlotWords(connections || other.connections, streamWait || other.streamWait);
  }
}
