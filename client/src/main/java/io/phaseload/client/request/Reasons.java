package io.phaseload.client.request;

import io.phaseload.client.plan.LoadPlan;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Why requests failed without a response: a small code per failure, recorded in the {@link
 * Outcome}'s detail bits, and the message each code stands for, resolved after the run.
 *
 * <p>The common reasons have fixed codes, so recording them costs no lookup and no allocation. Any
 * other failure (a TLS problem, a malformed response) is interned by its message on the failure
 * path: each distinct message gets a code of its own, up to {@link Outcome#MAX_DETAIL}; messages
 * beyond that share {@link #OTHER}.
 *
 * <p>An http failure carries its status instead of a code: its reason (the status and an excerpt of
 * the first answer with it) is kept per request and status, looked up by both after the run.
 *
 * <p>One table per run. Thread-safe: user threads intern concurrently; reports read it after the
 * run.
 */
public final class Reasons {

  public static final int NONE = 0;
  public static final int REFUSED = 1;
  public static final int CONNECT_TIMEOUT = 2;
  public static final int UNKNOWN_HOST = 3;
  public static final int NO_ROUTE = 4;
  public static final int READ_TIMEOUT = 5;
  public static final int RESET = 6;
  public static final int CLOSED = 7;
  public static final int BROKEN_PIPE = 8;
  public static final int OUT_OF_FILES = 9;
  public static final int ABORTED = 10;

  /** The first code handed to an interned message. */
  static final int FIRST_INTERNED = 16;

  /** HTTP statuses are three digits: a reason is kept for each of 0..999. */
  static final int STATUSES = 1000;

  /** Every message past the table's capacity. */
  public static final int OTHER = Outcome.MAX_DETAIL;

  private static final String[] FIXED = {
    "",
    "connection refused",
    "no connection within the connect timeout",
    "unknown host",
    "no route to host",
    "no response within the read timeout",
    "connection reset by the server",
    "connection closed before the response was complete",
    "connection closed while the request was being sent (broken pipe)",
    "out of file descriptors (too many open files)",
    "stopped: the run was aborted with the request in flight",
  };

  private final AtomicReferenceArray<String> messages =
      new AtomicReferenceArray<>(Outcome.MAX_DETAIL + 1);
  private final ConcurrentHashMap<String, Integer> codes = new ConcurrentHashMap<>();

  /** Per request of the iteration, the code of its first bad body's reason; 0 until one. */
  private final AtomicIntegerArray badBodies =
      new AtomicIntegerArray(LoadPlan.MAX_REQUESTS_PER_ITERATION);

  /** Per request and capture, the code of its first failure's reason; 0 until one. */
  private final AtomicIntegerArray badCaptures =
      new AtomicIntegerArray(
          LoadPlan.MAX_REQUESTS_PER_ITERATION * LoadPlan.MAX_CAPTURES_PER_REQUEST);

  /**
   * Per request of the iteration, per HTTP status, why its first answer with that status failed
   * when the status was not one it expects: the status and an excerpt of the body. A request's row
   * is made on its first such answer. An http outcome carries its status, not a code, so these are
   * looked up by request and status after the run.
   */
  private final AtomicReferenceArray<AtomicReferenceArray<String>> answers =
      new AtomicReferenceArray<>(LoadPlan.MAX_REQUESTS_PER_ITERATION);

  private final AtomicInteger next = new AtomicInteger(FIRST_INTERNED);

  /** What the reasons' excerpts hide of the values users captured. */
  private final Redaction redaction;

  /** A table whose excerpts hide what {@link Redaction#DEFAULT} hides. */
  public Reasons() {
    this(Redaction.DEFAULT);
  }

  /** A table whose excerpts hide what {@code redaction} hides. */
  public Reasons(Redaction redaction) {
    this.redaction = redaction;
    for (int c = 1; c < FIXED.length; c++) {
      messages.set(c, FIXED[c]);
    }
    messages.set(OTHER, "other failures (more distinct messages than one report lists)");
  }

  /** What the reasons' excerpts hide. */
  public Redaction redaction() {
    return redaction;
  }

  /** The code of {@code message}, assigning the next free one the first time it is seen. */
  public int intern(String message) {
    Integer known = codes.get(message);
    if (known != null) {
      return known;
    }
    return codes.computeIfAbsent(
        message,
        m -> {
          int code = next.getAndIncrement();
          if (code >= OTHER) {
            return OTHER;
          }
          messages.set(code, m);
          return code;
        });
  }

  /** The reason every bad body of request {@code request} gets; 0 before its first. */
  public int badBodyCode(int request) {
    return badBodies.get(request);
  }

  /**
   * Interns the reason of request {@code request}'s first bad body, {@code message}, and returns
   * the code all its bad bodies then share: the first thread's, if two raced.
   */
  public int firstBadBody(int request, String message) {
    badBodies.compareAndSet(request, 0, intern(message));
    return badBodies.get(request);
  }

  /**
   * The reason every failure of capture {@code capture} of request {@code request} gets; 0 before
   * its first.
   */
  public int badCaptureCode(int request, int capture) {
    return badCaptures.get(request * LoadPlan.MAX_CAPTURES_PER_REQUEST + capture);
  }

  /**
   * Interns the reason of the first failure of capture {@code capture} of request {@code request},
   * {@code message}, and returns the code all its failures then share.
   */
  public int firstBadCapture(int request, int capture, String message) {
    int i = request * LoadPlan.MAX_CAPTURES_PER_REQUEST + capture;
    badCaptures.compareAndSet(i, 0, intern(message));
    return badCaptures.get(i);
  }

  /**
   * Whether request {@code request}'s answers with the unexpected status {@code status} have their
   * reason already. Allocation-free.
   */
  public boolean hasAnswer(int request, int status) {
    AtomicReferenceArray<String> row =
        request >= 0 && request < answers.length() ? answers.get(request) : null;
    return row != null && status >= 0 && status < STATUSES && row.get(status) != null;
  }

  /**
   * Keeps {@code message} as the reason of request {@code request}'s answers with the unexpected
   * status {@code status}, unless another thread kept one first. Statuses outside 0..999, and
   * requests outside an iteration (a damaged record file's), are not kept.
   */
  public void firstAnswer(int request, int status, String message) {
    if (status < 0 || status >= STATUSES || request < 0 || request >= answers.length()) {
      return;
    }
    AtomicReferenceArray<String> row = answers.get(request);
    if (row == null) {
      answers.compareAndSet(request, null, new AtomicReferenceArray<>(STATUSES));
      row = answers.get(request);
    }
    row.compareAndSet(status, null, message);
  }

  /**
   * Why request {@code request}'s answers with the unexpected status {@code status} failed (the
   * status and an excerpt of the first one's body), or null if none was kept.
   */
  public String answer(int request, int status) {
    AtomicReferenceArray<String> row =
        request >= 0 && request < answers.length() ? answers.get(request) : null;
    return row == null || status < 0 || status >= STATUSES ? null : row.get(status);
  }

  /** Every kept reason of an unexpected status: by request, then by status. */
  public Map<Integer, Map<Integer, String>> answers() {
    Map<Integer, Map<Integer, String>> out = new TreeMap<>();
    for (int r = 0; r < answers.length(); r++) {
      AtomicReferenceArray<String> row = answers.get(r);
      for (int s = 0; row != null && s < STATUSES; s++) {
        if (row.get(s) != null) {
          out.computeIfAbsent(r, k -> new TreeMap<>()).put(s, row.get(s));
        }
      }
    }
    return out;
  }

  /** Replaces the message of a fixed code with one that says more (e.g. the file limit). */
  public void explain(int code, String message) {
    messages.set(code, message);
  }

  /** Every code with a message, fixed or interned, and its message, by code. */
  public Map<Integer, String> messages() {
    Map<Integer, String> out = new TreeMap<>();
    for (int c = 1; c <= OTHER; c++) {
      String m = messages.get(c);
      if (m != null) {
        out.put(c, m);
      }
    }
    return out;
  }

  /** Whether {@code code} is one of the fixed codes, the same in every run. */
  public static boolean fixed(int code) {
    return code < FIRST_INTERNED || code == OTHER;
  }

  /** The message for {@code code}; "unknown reason N" for a code never handed out. */
  public String message(int code) {
    String m = code >= 0 && code <= OTHER ? messages.get(code) : null;
    return m == null ? "unknown reason " + code : m;
  }
}
