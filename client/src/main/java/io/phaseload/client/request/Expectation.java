package io.phaseload.client.request;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

/**
 * What a response must be to count as a success: a status among those expected (a code, a list, or
 * a class such as 2xx; 2xx by default), and optionally a body that contains or equals a text, which
 * may hold the request's variables (rendered with the values the request was sent with). The
 * built-in contract checks its JSON answer instead. Immutable and thread-safe; a check renders into
 * the calling thread's {@link Vars}.
 */
public final class Expectation {

  /** How a body is checked. */
  public enum Body {
    NONE,
    CONTAINS,
    EQUALS,
    /** The sayHello contract's answer to GET or POST, JSON formatting aside. */
    CONTRACT_GET,
    CONTRACT_POST
  }

  /** The most body bytes kept for a check; a longer body is read to its end and dropped. */
  public static final int MAX_BODY_CHECKED = 64 * 1024;

  /** The most characters of a body a bad-body reason quotes. */
  static final int EXCERPT_CHARS = 80;

  /**
   * The body bytes an engine keeps of an answer whose status is not expected, for its reason's
   * excerpt: enough for {@link #EXCERPT_CHARS} characters of UTF-8.
   */
  public static final int EXCERPT_BYTES = 4 * EXCERPT_CHARS;

  private final boolean[] statuses = new boolean[1000];

  /** The statuses expected, as a reason names them ("2xx", "200,201"). */
  private final String expected;

  private final Body body;

  /** What CONTAINS or EQUALS looks for; null for the other checks. */
  private final Template text;

  /** The text's bytes when it has no variable; null otherwise. */
  private final byte[] bytes;

  private Expectation(List<Integer> codes, String expected, Body body, Template text) {
    for (int c : codes) {
      statuses[c] = true;
    }
    this.expected = expected;
    this.body = body;
    this.text = text;
    this.bytes = text == null ? null : text.constant();
  }

  /** A copy of {@code x} checking {@code text} instead: its variables bound. */
  private Expectation(Expectation x, Template text) {
    System.arraycopy(x.statuses, 0, statuses, 0, statuses.length);
    this.expected = x.expected;
    this.body = x.body;
    this.text = text;
    this.bytes = text == null ? null : text.constant();
  }

  /** This expectation with its text's session variables bound to the session's slots. */
  public Expectation bind(ToIntFunction<String> slotOf) {
    if (text == null) {
      return this;
    }
    Template bound = text.bind(slotOf);
    return bound == text ? this : new Expectation(this, bound);
  }

  /** Any 2xx, body unchecked: the default. */
  public static Expectation any2xx() {
    return of("2xx", Body.NONE, null);
  }

  /**
   * An expectation from a status spec ("200", "200,201", "2xx", "2xx,304") and a body check.
   *
   * @throws IllegalArgumentException saying what is wrong with the spec
   */
  public static Expectation of(String statusSpec, Body body, String text) {
    List<Integer> codes = new ArrayList<>();
    for (String part : statusSpec.split(",", -1)) {
      String p = part.trim().toLowerCase(Locale.ROOT);
      if (p.matches("[1-5]xx")) {
        int base = (p.charAt(0) - '0') * 100;
        for (int c = base; c < base + 100; c++) {
          codes.add(c);
        }
      } else if (p.matches("[1-5][0-9][0-9]")) {
        codes.add(Integer.parseInt(p));
      } else {
        throw new IllegalArgumentException(
            "expected status must be a code like 201, a list like 200,201 or a class like 2xx, got '"
                + statusSpec
                + "'");
      }
    }
    if ((body == Body.CONTAINS || body == Body.EQUALS) && text == null) {
      throw new IllegalArgumentException("a body check needs the text to check for");
    }
    if (text != null && text.getBytes(StandardCharsets.UTF_8).length > MAX_BODY_CHECKED) {
      throw new IllegalArgumentException(
          "a body check may look for at most " + MAX_BODY_CHECKED + " bytes");
    }
    return new Expectation(
        codes,
        statusSpec.replace(" ", "").toLowerCase(Locale.ROOT),
        body,
        text == null ? null : Template.parse(text));
  }

  /** The contract's check: 200 and its JSON answer to {@code post ? POST : GET}. */
  public static Expectation contract(boolean post) {
    return new Expectation(
        List.of(200), "200", post ? Body.CONTRACT_POST : Body.CONTRACT_GET, null);
  }

  /** The text a CONTAINS or EQUALS check looks for, variables unrendered; null otherwise. */
  public Template text() {
    return text;
  }

  public boolean statusOk(int status) {
    return status >= 0 && status < statuses.length && statuses[status];
  }

  /** The body bytes a check needs kept: 0 when the body is not checked. */
  public int bodyBytesNeeded() {
    return switch (body) {
      case NONE -> 0;
      // One more tells a longer body from an equal one; a rendered text's length is not known.
      case EQUALS -> bytes != null ? bytes.length + 1 : MAX_BODY_CHECKED;
      default -> MAX_BODY_CHECKED;
    };
  }

  public Body body() {
    return body;
  }

  /**
   * The outcome of a response: HTTP with its status if the status is not expected; else OK, or
   * BAD_BODY with the reason the body failed (the check, and an excerpt of the first body of
   * request {@code request} that failed it in this run). {@code body[0, length)} is the body as
   * kept, {@code truncated} if there was more; {@code vars} are what the request was rendered with.
   * Allocates only for the first bad body of a request.
   */
  public int check(
      int status,
      byte[] body,
      int length,
      boolean truncated,
      Vars vars,
      int request,
      Reasons reasons) {
    if (!statusOk(status)) {
      return Outcome.of(Outcome.HTTP, status);
    }
    if (bodyOk(body, length, truncated, vars)) {
      return Outcome.of(Outcome.OK, status);
    }
    int code = reasons.badBodyCode(request);
    if (code == 0) {
      code =
          reasons.firstBadBody(
              request, failure(body, length, truncated, vars, reasons.redaction()));
    }
    return Outcome.of(Outcome.BAD_BODY, code);
  }

  /**
   * Keeps the reason of request {@code request}'s answers with an unexpected status, from the first
   * of them: the status, those expected, and an excerpt of its body ({@code body[0, length)}, as
   * kept; {@code truncated} if there was more). Nothing for any other outcome, or once the status
   * has its reason. Called after the response is timed, off the measured path: it allocates for the
   * first answer of each request and status only.
   */
  public void explain(
      int outcome,
      byte[] body,
      int length,
      boolean truncated,
      Vars vars,
      int request,
      Reasons reasons) {
    if (Outcome.kind(outcome) != Outcome.HTTP) {
      return;
    }
    int status = Outcome.status(outcome);
    if (!reasons.hasAnswer(request, status)) {
      reasons.firstAnswer(
          request,
          status,
          answerReason(status, body, length, truncated, reasons.redaction(), vars));
    }
  }

  /** "status 400, expected 2xx; first got 20 bytes: "..."": why an answer's status failed. */
  String answerReason(
      int status, byte[] body, int length, boolean truncated, Redaction redaction, Vars vars) {
    String why = "status " + status + ", expected " + expected + "; first got ";
    if (length == 0 && !truncated) {
      return why + "no body";
    }
    return why
        + (truncated ? "more than " : "")
        + length
        + " bytes: "
        + Excerpt.of(body, length, EXCERPT_CHARS, redaction, vars);
  }

  /**
   * Whether a body passes. Contains looks in the kept bytes only (the first {@value
   * #MAX_BODY_CHECKED}).
   */
  boolean bodyOk(byte[] body, int length, boolean truncated, Vars vars) {
    switch (this.body) {
      case NONE:
        return true;
      case EQUALS:
      case CONTAINS:
        byte[] want = bytes;
        int wantLength;
        if (want == null) {
          ByteBuf out = vars.expected;
          out.clear();
          text.renderAgain(vars, out);
          want = out.array();
          wantLength = out.length();
        } else {
          wantLength = want.length;
        }
        return this.body == Body.EQUALS
            ? !truncated && Arrays.equals(body, 0, length, want, 0, wantLength)
            : indexOf(body, length, want, wantLength) >= 0;
      default:
        return !truncated && ContractAnswer.matches(this.body == Body.CONTRACT_POST, body, length);
    }
  }

  /** Why a body failed this check, with a short escaped excerpt of it: a reason's message. */
  private String failure(
      byte[] body, int length, boolean truncated, Vars vars, Redaction redaction) {
    String check =
        switch (this.body) {
          case CONTAINS -> "body does not contain " + quoted(vars, redaction);
          case EQUALS -> "body is not " + quoted(vars, redaction);
          default -> "body is not the sayHello contract's JSON answer";
        };
    return check
        + "; first got "
        + (truncated ? "more than " : "")
        + length
        + " bytes: "
        + Excerpt.of(body, length, EXCERPT_CHARS, redaction, vars);
  }

  private String quoted(Vars vars, Redaction redaction) {
    ByteBuf out = vars.expected;
    out.clear();
    text.renderAgain(vars, out);
    return Excerpt.of(out.array(), out.length(), EXCERPT_CHARS, redaction, vars);
  }

  private static int indexOf(byte[] hay, int length, byte[] needle, int needleLength) {
    outer:
    for (int i = 0; i + needleLength <= length; i++) {
      for (int j = 0; j < needleLength; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
