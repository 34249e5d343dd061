package io.phaseload.client.result;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Reads a recording while the run writes it, for the views of a run in progress (the terminal's
 * progress line, the live page, the metrics): each call of {@link #advance} hands over every slot
 * recorded since the last call, once, in the order each slice was filled.
 *
 * <p>It reads the user threads' own slices and takes no lock: a user thread fills its slice in
 * order (in the closed model a slice per thread; in the open model a slice per phase, whose
 * arrivals are taken in order), so what it has done is the slice's leading reached slots. Each
 * slice keeps a cursor at its first slot not yet reached; a slot beyond a gap (an open-model
 * arrival still in flight before it) waits until the gap is filled. The reads are racy by design,
 * through {@link LatencyRecorder#publishedStartWord}, so a view may lag a request behind; after the
 * run's threads are joined, one more call hands over everything left.
 *
 * <p>Not thread-safe: one reading thread per cursor.
 */
public final class RecordingCursor implements LatencyRecorder.Reader {

  /** Told of each slot as the cursor passes it. */
  @FunctionalInterface
  public interface Visitor {
    /**
     * @param k the slot
     * @param startWord its start word, not 0 (see {@link RecordLayout})
     */
    void slot(int k, long startWord);
  }

  private static final VarHandle CURSOR = MethodHandles.arrayElementVarHandle(int[].class);

  private final LatencyRecorder recorder;
  private final Slices slices;

  /** Each slice's first slot not yet handed over; read by the record's writer as it drops pages. */
  private final int[] cursor;

  /**
   * A cursor at the start of every slice, which the recording counts among its readers: no page is
   * dropped before this cursor has passed it ({@link LatencyRecorder#releasePassed}).
   */
  public RecordingCursor(LatencyRecorder recorder) {
    this.recorder = recorder;
    this.slices = Slices.of(recorder);
    this.cursor = slices.first().clone();
    recorder.addReader(this);
  }

  /** The first slot of slice {@code s} not yet handed over, as last published. */
  @Override
  public int position(int s) {
    return (int) CURSOR.getAcquire(cursor, s);
  }

  public LatencyRecorder recorder() {
    return recorder;
  }

  /**
   * Hands every slot reached since the last call to {@code visitor}, slice by slice.
   *
   * @return how many slots it handed over
   */
  public long advance(Visitor visitor) {
    long passed = 0;
    int[] end = slices.end();
    for (int s = 0; s < cursor.length; s++) {
      int k = cursor[s];
      int stop = end[s];
      while (k < stop) {
        long word = recorder.publishedStartWord(k);
        if (word == 0) {
          break;
        }
        visitor.slot(k, word);
        k++;
      }
      passed += k - cursor[s];
      CURSOR.setRelease(cursor, s, k);
    }
    return passed;
  }

  /**
   * Slices of phase {@code phase} with slots not yet reached, as of the last {@link #advance}: in
   * the closed model, its user threads that have not yet recorded their last request.
   */
  public int slicesLeft(int phase) {
    int left = 0;
    for (int s = 0; s < cursor.length; s++) {
      if (slices.phase()[s] == phase && cursor[s] < slices.end()[s]) {
        left++;
      }
    }
    return left;
  }
}
