package io.phaseload.client.engine;

/**
 * Byte-level helpers for parsing HTTP heads in place, without making strings. Ranges are {@code [s,
 * e)}. Stateless.
 */
public final class Ascii {

  private Ascii() {}

  public static boolean isDigit(byte b) {
    return b >= '0' && b <= '9';
  }

  public static boolean startsWith(byte[] b, int s, String prefix) {
    if (b.length - s < prefix.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      if (b[s + i] != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** Compares with a lower-case ASCII {@code name}, ignoring the case of the bytes. */
  public static boolean equalsIgnoreCase(byte[] b, int s, int e, String name) {
    if (e - s != name.length()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      int c = b[s + i];
      if (c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      if (c != name.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  public static int indexOf(byte[] b, int s, int e, byte target) {
    for (int i = s; i < e; i++) {
      if (b[i] == target) {
        return i;
      }
    }
    return -1;
  }

  public static int lastIndexOf(byte[] b, int s, int e, byte target) {
    for (int i = e - 1; i >= s; i--) {
      if (b[i] == target) {
        return i;
      }
    }
    return -1;
  }

  /** The first index at or after {@code s} that is not a space or tab, at most {@code e}. */
  public static int skipSpace(byte[] b, int s, int e) {
    while (s < e && (b[s] == ' ' || b[s] == '\t')) {
      s++;
    }
    return s;
  }

  /** {@code e} moved back over trailing spaces and tabs, not before {@code s}. */
  public static int trimEnd(byte[] b, int s, int e) {
    while (e > s && (b[e - 1] == ' ' || b[e - 1] == '\t')) {
      e--;
    }
    return e;
  }

  /** A non-negative decimal of at most 18 digits, or -1 if the range is anything else. */
  public static long parseDecimal(byte[] b, int s, int e) {
    if (e <= s || e - s > 18) {
      return -1;
    }
    long n = 0;
    for (int i = s; i < e; i++) {
      if (!isDigit(b[i])) {
        return -1;
      }
      n = n * 10 + (b[i] - '0');
    }
    return n;
  }

  /**
   * The size on a chunk-size line: hex digits, optionally followed by spaces and {@code
   * ;extensions}; -1 if malformed or longer than 15 digits.
   */
  public static long parseChunkSize(byte[] b, int s, int e) {
    long n = 0;
    int i = s;
    for (; i < e; i++) {
      int d = Character.digit(b[i], 16);
      if (d < 0) {
        break;
      }
      if (i - s == 15) {
        return -1;
      }
      n = n * 16 + d;
    }
    if (i == s) {
      return -1;
    }
    i = skipSpace(b, i, e);
    return i == e || b[i] == ';' ? n : -1;
  }
}
