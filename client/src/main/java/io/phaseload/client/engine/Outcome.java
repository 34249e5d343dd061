package io.phaseload.client.engine;

/**
 * What became of one request, packed into an int so the hot path never allocates: the kind in the
 * low 4 bits, the HTTP status (0 when none was read) in the next 10.
 *
 * <p>Code 0 is reserved for "not sent": the recorder's untouched slots.
 */
public final class Outcome {

  /** The response was 200 and its body matched the contract. */
  public static final int OK = 1;

  /** The response was 200 but its body did not match the contract. */
  public static final int BAD_BODY = 2;

  /** The response had another status (3xx, 4xx, 5xx). */
  public static final int HTTP = 3;

  /** No connection could be made (refused, unreachable, connect timeout, unknown host). */
  public static final int CONNECT = 4;

  /** Connected, but no complete response within the read timeout. */
  public static final int TIMEOUT = 5;

  /** The connection failed mid-exchange (reset, closed early, malformed response). */
  public static final int IO = 6;

  /** Number of kinds, counting the unused 0. */
  public static final int KINDS = 7;

  /** Bits used by a packed outcome. */
  public static final int BITS = 14;

  private static final String[] NAMES = {
    "not sent", "ok", "bad body", "http", "connect", "timeout", "io"
  };

  private Outcome() {}

  public static int of(int kind, int status) {
    return kind | (Math.max(0, Math.min(status, 1023)) << 4);
  }

  /** The outcome of a response with this status, given whether its body matched the contract. */
  public static int ofResponse(int status, boolean bodyMatches) {
    if (status == 200) {
      return of(bodyMatches ? OK : BAD_BODY, 200);
    }
    return of(HTTP, status);
  }

  public static int kind(int outcome) {
    return outcome & 0xF;
  }

  public static int status(int outcome) {
    return (outcome >>> 4) & 0x3FF;
  }

  public static boolean ok(int outcome) {
    return kind(outcome) == OK;
  }

  /** Lower-case name of the kind, as reports print it. */
  public static String kindName(int kind) {
    return NAMES[kind];
  }
}
