package io.phaseload.client.request;

import java.util.List;

/**
 * What became of one request, packed into an int so the hot path never allocates: the kind in the
 * low {@value #KIND_BITS} bits and a {@value #DETAIL_BITS}-bit detail above it. For ok and http the
 * detail is the HTTP status; for a bad body (whose status was an expected one) and a failure with
 * no response (connect, timeout, io, not sent) it is a {@link Reasons} code, which the report turns
 * into a message after the run.
 *
 * <p>Kind 0 is reserved for a recording slot no request reached (a stopped run).
 */
public final class Outcome {

  /** A recording slot that no request reached: the run stopped first. */
  public static final int UNUSED = 0;

  /** The response met its expectation (for the contract: 200 and the contract's body). */
  public static final int OK = 1;

  /** The status was right but the body did not match. */
  public static final int BAD_BODY = 2;

  /** The response had a status the request does not expect. */
  public static final int HTTP = 3;

  /** No connection could be made (refused, unreachable, connect timeout, unknown host). */
  public static final int CONNECT = 4;

  /** Connected, but no complete response within the read timeout. */
  public static final int TIMEOUT = 5;

  /** The connection failed mid-exchange (reset, closed early, malformed response, TLS). */
  public static final int IO = 6;

  /**
   * The request never left the client: no socket could be made (out of file descriptors) or the run
   * was aborted before it was written. Never counted as sent.
   */
  public static final int NOT_SENT = 7;

  /**
   * The response came and met its expectation, but a capture found nothing in it: the session
   * variable it would have set has no value, so the requests that need it are skipped.
   */
  public static final int CAPTURE = 8;

  /**
   * The request was not sent because a session variable it uses has no value (its capture failed,
   * or the request that captures it failed or was skipped). Never counted as sent.
   */
  public static final int SKIPPED = 9;

  /** Number of kinds, counting {@link #UNUSED}. */
  public static final int KINDS = 10;

  public static final int KIND_BITS = 4;
  public static final int DETAIL_BITS = 10;

  /** Bits used by a packed outcome. */
  public static final int BITS = KIND_BITS + DETAIL_BITS;

  /** The largest detail (status or reason code) an outcome can carry. */
  public static final int MAX_DETAIL = (1 << DETAIL_BITS) - 1;

  /** The failure kinds in the order every report lists them. */
  public static final List<Integer> FAILURE_KINDS =
      List.of(CONNECT, TIMEOUT, IO, HTTP, BAD_BODY, CAPTURE, NOT_SENT, SKIPPED);

  private static final String[] NAMES = {
    "unused", "ok", "bad body", "http", "connect", "timeout", "io", "not sent", "capture", "skipped"
  };

  private static final String[] KEYS = {
    "unused", "ok", "badBody", "http", "connect", "timeout", "io", "notSent", "capture", "skipped"
  };

  static {
    if (KINDS > 1 << KIND_BITS || NAMES.length != KINDS || KEYS.length != KINDS) {
      throw new AssertionError("outcome kinds do not fit their bits");
    }
  }

  private Outcome() {}

  public static int of(int kind, int detail) {
    return kind | (Math.max(0, Math.min(detail, MAX_DETAIL)) << KIND_BITS);
  }

  /** A failure with no response, and why. */
  public static int failure(int kind, int reason) {
    return of(kind, reason);
  }

  public static int kind(int outcome) {
    return outcome & ((1 << KIND_BITS) - 1);
  }

  /** The HTTP status of an ok or http outcome, or 0 for the others. */
  public static int status(int outcome) {
    return hasReason(kind(outcome)) ? 0 : detail(outcome);
  }

  /** The {@link Reasons} code of a bad body or a failure without a response, or 0. */
  public static int reason(int outcome) {
    return hasReason(kind(outcome)) ? detail(outcome) : 0;
  }

  public static int detail(int outcome) {
    return (outcome >>> KIND_BITS) & MAX_DETAIL;
  }

  /**
   * Whether a kind's detail is a {@link Reasons} code (bad body and the kinds with no response).
   */
  public static boolean hasReason(int kind) {
    return kind != UNUSED && kind != OK && kind != HTTP;
  }

  public static boolean ok(int outcome) {
    return kind(outcome) == OK;
  }

  /** Whether the request left the client (every recorded kind but not sent and skipped). */
  public static boolean sent(int outcome) {
    return sentKind(kind(outcome));
  }

  /**
   * Whether requests of {@code kind} left the client (every recorded kind but not sent and
   * skipped).
   */
  public static boolean sentKind(int kind) {
    return kind != UNUSED && kind != NOT_SENT && kind != SKIPPED;
  }

  /** Lower-case name of the kind, as the text report prints it ("bad body"). */
  public static String kindName(int kind) {
    return NAMES[kind];
  }

  /** The kind's key in JSON ("badBody"). */
  public static String kindKey(int kind) {
    return KEYS[kind];
  }
}
