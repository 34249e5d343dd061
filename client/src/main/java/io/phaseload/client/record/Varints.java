package io.phaseload.client.record;

/**
 * The integers of a packed frame ({@link RecordFormat#RUNS_PACKED}): unsigned LEB128, seven bits a
 * byte, low bits first, the top bit set on every byte but the last; a signed one zigzagged first,
 * so that a small difference either way takes a byte or two. What the record's writer and its
 * reader share, so that they cannot disagree.
 */
final class Varints {

  /** The most bytes one long takes. */
  static final int MAX_BYTES = 10;

  private Varints() {}

  /**
   * Writes {@code value}, taken as unsigned, at {@code at}.
   *
   * @return where the next one goes
   */
  static int put(byte[] out, int at, long value) {
    while ((value & ~0x7FL) != 0) {
      out[at++] = (byte) (value | 0x80);
      value >>>= 7;
    }
    out[at++] = (byte) value;
    return at;
  }

  /** Writes the signed {@code value}, zigzagged, at {@code at}; where the next one goes. */
  static int putSigned(byte[] out, int at, long value) {
    return put(out, at, (value << 1) ^ (value >> 63));
  }

  /** A signed value from its zigzagged form. */
  static long signed(long zigzag) {
    return (zigzag >>> 1) ^ -(zigzag & 1);
  }

  /**
   * A reader of the integers in {@code bytes[from, to)}; one that runs past {@code to}, or that
   * takes more than {@value #MAX_BYTES} bytes, is malformed.
   */
  static final class In {
    private final byte[] bytes;
    private int at;
    private final int to;

    In(byte[] bytes, int from, int to) {
      this.bytes = bytes;
      this.at = from;
      this.to = to;
    }

    /** The next integer, unsigned. */
    long next() throws Malformed {
      int i = at;
      byte b = i < to ? bytes[i] : -1;
      if (b >= 0) { // most of a frame's integers: one byte
        at = i + 1;
        return b;
      }
      if (to - i < MAX_BYTES) {
        return nearEnd();
      }
      long value = b & 0x7F;
      for (int shift = 7; shift < Long.SIZE; shift += 7) {
        b = bytes[++i];
        value |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          at = i + 1;
          return value;
        }
      }
      throw Malformed.INSTANCE;
    }

    /** {@link #next} within {@value #MAX_BYTES} bytes of the end, each byte's place checked. */
    private long nearEnd() throws Malformed {
      int i = at;
      long value = 0;
      for (int shift = 0; shift < Long.SIZE; shift += 7) {
        if (i == to) {
          throw Malformed.INSTANCE;
        }
        byte b = bytes[i++];
        value |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          at = i;
          return value;
        }
      }
      throw Malformed.INSTANCE;
    }

    /** The next integer, signed. */
    long nextSigned() throws Malformed {
      return signed(next());
    }

    /** Whether every byte has been read. */
    boolean done() {
      return at == to;
    }
  }

  /** Bytes that are no integers: a frame that does not decode. No trace, it is for control. */
  static final class Malformed extends Exception {
    private static final long serialVersionUID = 1L;
    static final Malformed INSTANCE = new Malformed();

    private Malformed() {
      super("malformed", null, false, false);
    }
  }
}
