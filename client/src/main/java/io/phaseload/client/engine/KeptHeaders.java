package io.phaseload.client.engine;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The values of the response headers a request's captures read, kept as bytes while the head is
 * parsed (the first of each name), and made text only when asked, after the response is timed.
 * Grows to the longest values kept, then allocates no more. One per connection; not thread-safe.
 */
public final class KeptHeaders {

  private static final String[] NONE = {};

  /** The names wanted for the current response, lower case. */
  private String[] wanted = NONE;

  private byte[][] values = new byte[0][];
  private int[] lengths = new int[0];

  /** Whether every Set-Cookie is kept, for the user's cookie jar. */
  private boolean cookies;

  private byte[][] setCookies = new byte[2][];
  private int[] setCookieLengths = new int[2];
  private int setCookieCount;

  /**
   * Starts a new response whose headers named {@code names} (lower case) are kept, and all its
   * {@code Set-Cookie} values if {@code keepCookies}.
   */
  public void start(String[] names, boolean keepCookies) {
    wanted = names;
    cookies = keepCookies;
    if (values.length < names.length) {
      values = new byte[names.length][];
      lengths = new int[names.length];
    }
    reset();
  }

  /** Forgets what was kept: an interim (1xx) response's headers are not the final one's. */
  public void reset() {
    for (int i = 0; i < wanted.length; i++) {
      lengths[i] = -1;
    }
    setCookieCount = 0;
  }

  /** Whether any header is wanted: some name, or every Set-Cookie. */
  public boolean wantsAny() {
    return wanted.length > 0 || cookies;
  }

  /**
   * Keeps the header line {@code b[s, e)}, whose name ends at {@code colon}, if its name is wanted
   * and not yet kept.
   */
  public void offer(byte[] b, int s, int colon, int e) {
    if (wanted.length == 0 && !cookies) {
      return;
    }
    if (cookies && Ascii.equalsIgnoreCase(b, s, colon, "set-cookie")) {
      int vs = Ascii.skipSpace(b, colon + 1, e);
      int n = Ascii.trimEnd(b, vs, e) - vs;
      if (setCookieCount == setCookies.length) {
        setCookies = Arrays.copyOf(setCookies, 2 * setCookieCount);
        setCookieLengths = Arrays.copyOf(setCookieLengths, 2 * setCookieCount);
      }
      byte[] v = setCookies[setCookieCount];
      if (v == null || v.length < n) {
        v = new byte[Math.max(128, n)];
        setCookies[setCookieCount] = v;
      }
      System.arraycopy(b, vs, v, 0, n);
      setCookieLengths[setCookieCount++] = n;
    }
    for (int i = 0; i < wanted.length; i++) {
      if (lengths[i] < 0 && Ascii.equalsIgnoreCase(b, s, colon, wanted[i])) {
        int vs = Ascii.skipSpace(b, colon + 1, e);
        int ve = Ascii.trimEnd(b, vs, e);
        int n = ve - vs;
        if (values[i] == null || values[i].length < n) {
          values[i] = new byte[Math.max(64, n)];
        }
        System.arraycopy(b, vs, values[i], 0, n);
        lengths[i] = n;
      }
    }
  }

  /** How many {@code Set-Cookie} headers the response had (when they were kept). */
  public int setCookies() {
    return setCookieCount;
  }

  /** The {@code i}th {@code Set-Cookie} value. */
  public String setCookie(int i) {
    return new String(setCookies[i], 0, setCookieLengths[i], StandardCharsets.ISO_8859_1);
  }

  /** The value of the wanted header {@code name} (lower case), or null if the response had none. */
  public String value(String name) {
    for (int i = 0; i < wanted.length; i++) {
      if (wanted[i].equals(name)) {
        return lengths[i] < 0
            ? null
            : new String(values[i], 0, lengths[i], StandardCharsets.ISO_8859_1);
      }
    }
    return null;
  }
}
