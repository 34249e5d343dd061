package io.phaseload.client.engine;

/**
 * The first bytes of a response body, kept for the expectation's check while the rest is read and
 * dropped. Grows to the largest body kept, then allocates no more. One per connection; not
 * thread-safe.
 */
public final class KeptBody {

  private byte[] bytes = new byte[256];
  private int length;
  private boolean truncated;
  private int limit;

  /** Starts a new body, of which at most {@code keep} bytes are kept. */
  public void start(int keep) {
    limit = keep;
    length = 0;
    truncated = false;
  }

  /**
   * Keeps at least the first {@code keep} bytes of the body, if it was to keep fewer: for an answer
   * whose status, read before its body, calls for an excerpt.
   */
  public void keepAtLeast(int keep) {
    limit = Math.max(limit, keep);
  }

  /** Keeps what room is left of {@code b[from, from + n)}. */
  public void keep(byte[] b, int from, int n) {
    int room = limit - length;
    if (n > room) {
      truncated = true;
      n = room;
    }
    if (n <= 0) {
      return;
    }
    if (length + n > bytes.length) {
      byte[] bigger = new byte[Math.min(limit, Math.max(2 * bytes.length, length + n))];
      System.arraycopy(bytes, 0, bigger, 0, length);
      bytes = bigger;
    }
    System.arraycopy(b, from, bytes, length, n);
    length += n;
  }

  /** The kept bytes, valid up to {@link #length}. */
  public byte[] bytes() {
    return bytes;
  }

  /** Body bytes kept: at most what {@link #start} was asked to keep. */
  public int length() {
    return length;
  }

  /** Whether the body had more bytes than were kept. */
  public boolean truncated() {
    return truncated;
  }
}
