package io.phaseload.client.result;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Outcome;

/**
 * How one request is packed into the recording: the single place that knows the bit widths. Every
 * writer and reader of a recording (the recorder, the statistics, the reports, the live progress)
 * goes through this type, so that widening a field is an edit here.
 *
 * <p>A request takes {@value #LONGS_PER_REQUEST} longs, both never negative:
 *
 * <pre>
 *   start word:  bits 62..{@value #OUTCOME_BITS}  start, in nanoseconds since the run began
 *                                 ({@value #START_BITS} bits: about 6.5 days)
 *                bits {@value #OUTCOME_TOP}..0   the {@link Outcome} (never 0 once recorded)
 *   time word:   bits 62..{@value #CELL_BITS}  latency in nanoseconds ({@value #LATENCY_BITS} bits)
 *                bits {@value #CELL_TOP}..0   the cell: phase ({@value #PHASE_BITS} bits), then the
 *                                 request's index in its iteration ({@value #REQUEST_BITS} bits)
 * </pre>
 *
 * In the open model a third long follows: the intended start, in nanoseconds since the run began
 * (the arrival's scheduled time for an iteration's first request, the end of the previous request
 * for the others), from which the latency corrected for coordinated omission is the end minus it.
 *
 * <p>A run that opens a connection for every request ({@code --no-keepalive}) records {@value
 * #CONNECTION_LONGS} longs more after those, each in nanoseconds: the time to connect (TCP), the
 * time of the TLS handshake, and the time from the send to the first byte of the response, each 0
 * where there was none (a request that reused a connection, plain http) or the engine cannot tell.
 * Runs that keep their connections carry none of them, and pay nothing for them.
 *
 * <p>A run over HTTP/2 ({@code --http2}) records {@value SlotWords#STREAM_WAIT_LONGS} long more
 * after those: how long the request waited for a free stream, in nanoseconds, 0 where it waited for
 * none. Which of these words a recording has is its {@link SlotWords}.
 *
 * <p>A start word of 0 is a slot no request reached. The time word is its own sort key: sorting
 * time words sorts by latency and keeps the cell, so one sorted array serves every group's
 * statistics.
 */
public final class RecordLayout {

  public static final int LONGS_PER_REQUEST = 2;
  public static final int BYTES_PER_REQUEST = LONGS_PER_REQUEST * Long.BYTES;

  /** Longs per request in the open model: the intended start besides. */
  public static final int OPEN_LONGS_PER_REQUEST = 3;

  public static final int OPEN_BYTES_PER_REQUEST = OPEN_LONGS_PER_REQUEST * Long.BYTES;

  /** Longs a run that opens a connection per request records besides: connect, TLS, first byte. */
  public static final int CONNECTION_LONGS = SlotWords.CONNECTION_LONGS;

  /** The connect time's offset from the first of a request's connection longs. */
  public static final int CONNECT_OFFSET = 0;

  /** The TLS handshake time's offset from the first of a request's connection longs. */
  public static final int TLS_OFFSET = 1;

  /** The time to first byte's offset from the first of a request's connection longs. */
  public static final int FIRST_BYTE_OFFSET = 2;

  public static final int OUTCOME_BITS = Outcome.BITS;
  public static final int START_BITS = Long.SIZE - 1 - OUTCOME_BITS;

  /** Bits that tell an iteration's requests apart: as many as a plan may have, no more. */
  public static final int REQUEST_BITS =
      Integer.numberOfTrailingZeros(LoadPlan.MAX_REQUESTS_PER_ITERATION);

  /** Bits that tell a plan's phases apart: as many as a plan may have, no more. */
  public static final int PHASE_BITS = Integer.numberOfTrailingZeros(LoadPlan.MAX_PHASES);

  public static final int CELL_BITS = PHASE_BITS + REQUEST_BITS;
  public static final int LATENCY_BITS = Long.SIZE - 1 - CELL_BITS;

  static final int OUTCOME_TOP = OUTCOME_BITS - 1;
  static final int CELL_TOP = CELL_BITS - 1;

  /** Where a request's start word lies in its slot. */
  public static final int START_WORD = 0;

  /** Where a request's time word lies in its slot. */
  public static final int TIME_WORD = 1;

  /** Where an open-model request's intended start lies in its slot. */
  public static final int INTENDED_WORD = 2;

  /** Cells (phase x request) a recording can hold; cell numbers are below this. */
  public static final int MAX_CELLS = 1 << CELL_BITS;

  /** The longest latency a word holds (about 52 days); longer ones are clamped to it. */
  public static final long MAX_LATENCY_NANOS = (1L << LATENCY_BITS) - 1;

  /** The latest start a word holds; later ones are clamped to it. */
  public static final long MAX_START_NANOS = (1L << START_BITS) - 1;

  /** Requests one open-model recording can hold. */
  public static final long MAX_OPEN_REQUESTS = (Integer.MAX_VALUE - 8) / OPEN_LONGS_PER_REQUEST;

  /** Longs per request for {@code plan}, with no words after a request's own. */
  public static int longsPerRequest(LoadPlan plan) {
    return longsPerRequest(plan, SlotWords.NONE);
  }

  /** Longs per request for {@code plan}, with {@code words} after a request's own. */
  public static int longsPerRequest(LoadPlan plan, SlotWords words) {
    // Intended starts take a word of their own.
    return (keepsIntendedStarts(plan) ? OPEN_LONGS_PER_REQUEST : LONGS_PER_REQUEST) + words.longs();
  }

  /**
   * Whether a recording of {@code plan} keeps each request's intended start: the one question of
   * its model that the record's shape asks ({@code Model.recordsIntendedStarts}), for those that
   * size what a run keeps before it has a recording to ask ({@link
   * LatencyRecorder#hasIntendedStarts}).
   */
  public static boolean keepsIntendedStarts(LoadPlan plan) {
    return plan.model().recordsIntendedStarts();
  }

  /**
   * Requests one recording can hold, in either model, whatever its {@link SlotWords}: its slots are
   * numbered by int, up to half an int's range so that a slot and a slice's length added never
   * overflow. Its pages are addressed each on its own, so a request's longs do not count against
   * it, as they did when a recording was one array (and the open model's limit was two thirds of
   * this: 715,827,879, under a day at 10,000 arrivals a second).
   */
  public static final long MAX_REQUESTS = (Integer.MAX_VALUE - 8) / 2;

  private static final long CELL_MASK = MAX_CELLS - 1;
  private static final long OUTCOME_MASK = (1L << OUTCOME_BITS) - 1;

  static {
    if (START_BITS < 48
        || LATENCY_BITS < 48
        || 1 << PHASE_BITS != LoadPlan.MAX_PHASES
        || 1 << REQUEST_BITS != LoadPlan.MAX_REQUESTS_PER_ITERATION) {
      throw new AssertionError("the record layout cannot hold what a plan may ask for");
    }
  }

  private RecordLayout() {}

  /** The cell of request {@code request} (its index in the iteration) in phase {@code phase}. */
  public static int cell(int phase, int request) {
    return phase << REQUEST_BITS | request;
  }

  public static int phaseOfCell(int cell) {
    return cell >>> REQUEST_BITS;
  }

  public static int requestOfCell(int cell) {
    return cell & (LoadPlan.MAX_REQUESTS_PER_ITERATION - 1);
  }

  /** The start word: when the request was sent and what became of it. */
  public static long packStart(long startNanos, int outcome) {
    long start = Math.max(0, Math.min(startNanos, MAX_START_NANOS));
    return start << OUTCOME_BITS | (outcome & OUTCOME_MASK);
  }

  /** The time word: how long the request took, and its cell; the latency is clamped. */
  public static long packTime(long latencyNanos, int phase, int request) {
    long latency = Math.max(0, Math.min(latencyNanos, MAX_LATENCY_NANOS));
    return latency << CELL_BITS | cell(phase, request);
  }

  public static long start(long startWord) {
    return startWord >>> OUTCOME_BITS;
  }

  public static int outcome(long startWord) {
    return (int) (startWord & OUTCOME_MASK);
  }

  public static long latency(long timeWord) {
    return timeWord >>> CELL_BITS;
  }

  public static int cell(long timeWord) {
    return (int) (timeWord & CELL_MASK);
  }

  public static int phase(long timeWord) {
    return phaseOfCell(cell(timeWord));
  }

  public static int request(long timeWord) {
    return requestOfCell(cell(timeWord));
  }
}
