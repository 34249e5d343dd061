package io.phaseload.client.request;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a response must be to count as a success: a status among those expected (a code, a list, or
 * a class such as 2xx; 2xx by default), and optionally a body that contains or equals given bytes.
 * The built-in contract checks its JSON answer instead. Immutable and thread-safe.
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

  private final boolean[] statuses = new boolean[1000];
  private final String statusSpec;
  private final Body body;
  private final byte[] bytes;

  private Expectation(List<Integer> codes, String statusSpec, Body body, byte[] bytes) {
    for (int c : codes) {
      statuses[c] = true;
    }
    this.statusSpec = statusSpec;
    this.body = body;
    this.bytes = bytes;
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
    byte[] b = text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    if (b != null && b.length > MAX_BODY_CHECKED) {
      throw new IllegalArgumentException(
          "a body check may look for at most " + MAX_BODY_CHECKED + " bytes");
    }
    return new Expectation(codes, statusSpec.trim(), body, b);
  }

  /** The contract's check: 200 and its JSON answer to {@code post ? POST : GET}. */
  public static Expectation contract(boolean post) {
    return new Expectation(
        List.of(200), "200", post ? Body.CONTRACT_POST : Body.CONTRACT_GET, null);
  }

  public boolean statusOk(int status) {
    return status >= 0 && status < statuses.length && statuses[status];
  }

  /** The body bytes a check needs kept: 0 when the body is not checked. */
  public int bodyBytesNeeded() {
    return switch (body) {
      case NONE -> 0;
      case EQUALS -> bytes.length + 1; // one more tells a longer body from an equal one
      default -> MAX_BODY_CHECKED;
    };
  }

  public Body body() {
    return body;
  }

  /** The bytes a CONTAINS or EQUALS check looks for; null otherwise. */
  public byte[] bytes() {
    return bytes == null ? null : bytes.clone();
  }

  /**
   * Whether a body passes: {@code body[0, length)} as kept, {@code truncated} if there was more.
   * Contains looks in the kept bytes only (the first {@value #MAX_BODY_CHECKED}).
   */
  public boolean bodyOk(byte[] body, int length, boolean truncated) {
    switch (this.body) {
      case NONE:
        return true;
      case EQUALS:
        return !truncated && Arrays.equals(body, 0, length, bytes, 0, bytes.length);
      case CONTAINS:
        return indexOf(body, length, bytes) >= 0;
      default:
        return !truncated && ContractAnswer.matches(this.body == Body.CONTRACT_POST, body, length);
    }
  }

  /** The outcome of a response with {@code status} whose body passed or not. */
  public int outcome(int status, boolean bodyPassed) {
    if (!statusOk(status)) {
      return Outcome.of(Outcome.HTTP, status);
    }
    return Outcome.of(bodyPassed ? Outcome.OK : Outcome.BAD_BODY, status);
  }

  /** "2xx", "200,201": as the user wrote it, for reports. */
  public String statusSpec() {
    return statusSpec;
  }

  private static int indexOf(byte[] hay, int length, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
