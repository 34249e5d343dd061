package io.phaseload.client.result;

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
public final class RecordingCursor {

  /** Told of each slot as the cursor passes it. */
  @FunctionalInterface
  public interface Visitor {
    /**
     * @param k the slot
     * @param startWord its start word, not 0 (see {@link RecordLayout})
     */
    void slot(int k, long startWord);
  }

  private final LatencyRecorder recorder;
  private final int[] cursor;
  private final int[] end;
  private final int[] phaseOf;

  public RecordingCursor(LatencyRecorder recorder) {
    this.recorder = recorder;
    int slices = 0;
    for (int p = 0; p < recorder.phaseCount(); p++) {
      for (int q = 0; q < recorder.populations(); q++) {
        slices += recorder.hasIntendedStarts() ? 1 : recorder.units(p, q);
      }
    }
    this.cursor = new int[slices];
    this.end = new int[slices];
    this.phaseOf = new int[slices];
    int slice = 0;
    for (int p = 0; p < recorder.phaseCount(); p++) {
      for (int q = 0; q < recorder.populations(); q++) {
        // Open: the arrivals of a population are taken in order, so one cursor follows them all.
        int n = recorder.hasIntendedStarts() ? 1 : recorder.units(p, q);
        int length =
            recorder.hasIntendedStarts()
                ? recorder.units(p, q) * recorder.perUnit(q)
                : recorder.perUnit(q);
        for (int t = 0; t < n; t++, slice++) {
          phaseOf[slice] = p;
          cursor[slice] = recorder.start(p, q, t);
          end[slice] = cursor[slice] + length;
        }
      }
    }
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
      cursor[s] = k;
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
      if (phaseOf[s] == phase && cursor[s] < end[s]) {
        left++;
      }
    }
    return left;
  }
}
