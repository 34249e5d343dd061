package io.phaseload.client.record;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Outcome;

/**
 * How one request is packed into the recording: the single place that knows the bit widths. Every
 * writer and reader of a recording (the recorder, the statistics, the reports, the live progress)
 * goes through this type, so that widening a field is an edit here.
 *
 * <p>A request takes {@value #LONGS_PER_REQUEST} longs: its start, in nanoseconds since the run
 * began, then one word packed as
 *
 * <pre>
 *   bit  63                 0 (words are never negative)
 *   bits 62..{@value #LATENCY_SHIFT}  latency in nanoseconds ({@value #LATENCY_BITS} bits)
 *   then the cell: phase ({@value #PHASE_BITS} bits) and the request's index in its iteration
 *        ({@value #REQUEST_BITS} bits)
 *   bits {@value #OUTCOME_BITS_MINUS_ONE}..0   the {@link Outcome}
 * </pre>
 *
 * A word of 0 is a slot no request reached. The cell (phase and request) is also the low bits of
 * the sort keys {@link #sortKey} makes, so that one sorted array serves every group's statistics.
 */
public final class RecordLayout {

  public static final int LONGS_PER_REQUEST = 2;
  public static final int BYTES_PER_REQUEST = LONGS_PER_REQUEST * Long.BYTES;

  public static final int OUTCOME_BITS = Outcome.BITS;
  public static final int REQUEST_BITS = 1;
  public static final int PHASE_BITS = 5;
  public static final int CELL_BITS = PHASE_BITS + REQUEST_BITS;
  public static final int LATENCY_BITS = Long.SIZE - 1 - CELL_BITS - OUTCOME_BITS;

  static final int OUTCOME_BITS_MINUS_ONE = OUTCOME_BITS - 1;
  static final int CELL_SHIFT = OUTCOME_BITS;
  static final int LATENCY_SHIFT = CELL_SHIFT + CELL_BITS;

  /** Phases one recording can tell apart. */
  public static final int MAX_PHASES = 1 << PHASE_BITS;

  /** Requests per iteration one recording can tell apart. */
  public static final int MAX_REQUESTS_PER_ITERATION = 1 << REQUEST_BITS;

  /** Cells (phase x request) a recording can hold; cell numbers are below this. */
  public static final int MAX_CELLS = 1 << CELL_BITS;

  /** The longest latency a word holds (about 2.4 hours); longer ones are clamped to it. */
  public static final long MAX_LATENCY_NANOS = (1L << LATENCY_BITS) - 1;

  /** Requests one recording can hold: its array is indexed by int. */
  public static final long MAX_REQUESTS = (Integer.MAX_VALUE - 8) / LONGS_PER_REQUEST;

  private static final long CELL_MASK = MAX_CELLS - 1;
  private static final long OUTCOME_MASK = (1L << OUTCOME_BITS) - 1;

  static {
    if (LATENCY_SHIFT + LATENCY_BITS != Long.SIZE - 1
        || LATENCY_BITS < 40
        || MAX_PHASES < LoadPlan.MAX_PHASES
        || MAX_REQUESTS_PER_ITERATION < LoadPlan.REQUESTS_PER_ITERATION) {
      throw new AssertionError("the record layout does not fit one long with room for latency");
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
    return cell & (MAX_REQUESTS_PER_ITERATION - 1);
  }

  /** Packs a request's word; the latency is clamped to what the layout holds. */
  public static long pack(long latencyNanos, int phase, int request, int outcome) {
    long latency = Math.max(0, Math.min(latencyNanos, MAX_LATENCY_NANOS));
    return latency << LATENCY_SHIFT | (long) cell(phase, request) << CELL_SHIFT | outcome;
  }

  public static long latency(long word) {
    return word >>> LATENCY_SHIFT;
  }

  public static int cell(long word) {
    return (int) (word >>> CELL_SHIFT & CELL_MASK);
  }

  public static int phase(long word) {
    return phaseOfCell(cell(word));
  }

  public static int request(long word) {
    return requestOfCell(cell(word));
  }

  public static int outcome(long word) {
    return (int) (word & OUTCOME_MASK);
  }

  /** A key that sorts by latency and keeps the cell in its low bits. */
  public static long sortKey(long word) {
    return latency(word) << CELL_BITS | cell(word);
  }

  public static long latencyOfKey(long key) {
    return key >>> CELL_BITS;
  }

  public static int cellOfKey(long key) {
    return (int) (key & CELL_MASK);
  }
}
