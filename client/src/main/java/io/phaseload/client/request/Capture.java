package io.phaseload.client.request;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A value a request takes from its response into the user's session, as {@code capture: {NAME:
 * {json: '$.token'}}} writes it: from the JSON body by a JSONPath subset ({@code $.a.b}, {@code
 * $.items[0].id}, {@code $['x-y']}, the convention of JMeter, Gatling and Artillery), from a header
 * ({@code {header: Location}}, the first of that name), or by a regular expression over the body
 * ({@code {regex: 'value="([^"]+)"'}}, the first group of the first match). A string is taken as
 * its text, any other JSON value as its JSON.
 *
 * <p>Run after the response is timed, on the user's thread: it may allocate. Immutable and
 * thread-safe.
 */
public final class Capture {

  /** Where a capture looks. */
  public enum From {
    JSON,
    HEADER,
    REGEX;

    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String name;
  private final From from;
  private final String expression;

  /** The JsonPointer, the lower-case header name or the Pattern. */
  private final Object compiled;

  /** The session variable's slot, once the scenario has bound it; -1 before. */
  private final int slot;

  private Capture(String name, From from, String expression, Object compiled, int slot) {
    this.name = name;
    this.from = from;
    this.expression = expression;
    this.compiled = compiled;
    this.slot = slot;
  }

  /** The session variable it sets. */
  public String name() {
    return name;
  }

  /** Where it looks: json, header or regex. */
  public From from() {
    return from;
  }

  /** The path, header name or pattern, as written. */
  public String expression() {
    return expression;
  }

  /** The slot of its session variable, once bound. */
  public int slot() {
    return slot;
  }

  /** This capture setting slot {@code slot}. */
  Capture bind(int slot) {
    return new Capture(name, from, expression, compiled, slot);
  }

  /** The most characters of a body a failed capture's reason quotes. */
  static final int EXCERPT_CHARS = 80;

  /**
   * A capture of {@code name} from {@code from} by {@code expression}, checked now.
   *
   * @throws IllegalArgumentException saying what is wrong, naming the capture
   */
  public static Capture of(String name, From from, String expression) {
    if (name == null || !name.matches(Template.NAME)) {
      throw new IllegalArgumentException(
          "capture name '" + name + "' must be letters, digits and _, not starting with a digit");
    }
    if (Template.BUILT_IN.contains(name)) {
      throw new IllegalArgumentException(
          "capture " + name + " shadows the built-in ${" + name + "}: choose another name");
    }
    if (expression == null || expression.isEmpty()) {
      throw new IllegalArgumentException("capture " + name + " needs a " + from.key());
    }
    Object compiled =
        switch (from) {
          case JSON -> pointer(name, expression);
          case HEADER -> header(name, expression);
          case REGEX -> pattern(name, expression);
        };
    return new Capture(name, from, expression, compiled, -1);
  }

  /**
   * A request's {@code capture:} as a scenario file writes it, a mapping of NAME to one of {@code
   * {json: PATH}}, {@code {header: NAME}} or {@code {regex: PATTERN}}; none if absent.
   *
   * @throws IllegalArgumentException saying what is wrong, naming the capture
   */
  public static List<Capture> list(JsonNode c) {
    if (c == null || c.isNull()) {
      return List.of();
    }
    if (!c.isObject()) {
      throw new IllegalArgumentException(
          "capture must be a mapping of NAME: {json: PATH} (or header: NAME, regex: PATTERN)");
    }
    List<Capture> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = c.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String name = e.getKey();
      JsonNode how = e.getValue();
      if (how == null || !how.isObject() || how.size() != 1) {
        throw new IllegalArgumentException(
            "capture " + name + " must be one of {json: PATH}, {header: NAME}, {regex: PATTERN}");
      }
      String key = how.fieldNames().next();
      From from =
          switch (key) {
            case "json" -> From.JSON;
            case "header" -> From.HEADER;
            case "regex" -> From.REGEX;
            default ->
                throw new IllegalArgumentException(
                    "capture " + name + ": unknown source '" + key + "' (use json, header, regex)");
          };
      JsonNode expression = how.get(key);
      if (!expression.isTextual()) {
        throw new IllegalArgumentException("capture " + name + ": " + key + " must be text");
      }
      out.add(of(name, from, expression.asText()));
    }
    return out;
  }

  /** Whether it reads the body (so the engine keeps it). */
  public boolean readsBody() {
    return from != From.HEADER;
  }

  /** The header it reads, lower case; null if it reads the body. */
  public String headerName() {
    return from == From.HEADER ? (String) compiled : null;
  }

  /**
   * Takes the value from a response into its slot of {@code vars}; when it finds nothing, takes the
   * slot's value away and returns false. {@code body[0, length)} is the body as kept; {@code
   * header} the value of {@link #headerName}, or null if the response had none.
   */
  public boolean take(byte[] body, int length, String header, Vars vars) {
    String value = find(body, length, header);
    if (value == null) {
      vars.unset(slot);
      return false;
    }
    byte[] b = value.getBytes(StandardCharsets.UTF_8);
    vars.set(slot, b, 0, b.length);
    return true;
  }

  /**
   * Takes {@code captures}, a request's, from its response into {@code vars}, and returns the
   * request's outcome: {@code outcome} as it was, or a {@link Outcome#CAPTURE} failure with the
   * reason of the first capture that found nothing. A response that failed sets none: each of its
   * captures' values is taken away, so that the requests needing them are skipped. {@code body[0,
   * length)} is the body as kept, {@code truncated} if there was more; {@code header} gives a
   * header's value by its lower-case name. Allocates: call after the response is timed.
   */
  public static int takeAll(
      List<Capture> captures,
      int outcome,
      byte[] body,
      int length,
      boolean truncated,
      UnaryOperator<String> header,
      Vars vars,
      int request,
      Reasons reasons) {
    boolean ok = Outcome.ok(outcome);
    int result = outcome;
    for (int c = 0; c < captures.size(); c++) {
      Capture capture = captures.get(c);
      if (!ok) {
        vars.unset(capture.slot);
        continue;
      }
      String value = capture.headerName() == null ? null : header.apply(capture.headerName());
      if (!capture.take(body, length, value, vars) && result == outcome) {
        int code = reasons.badCaptureCode(request, c);
        if (code == 0) {
          code =
              reasons.firstBadCapture(
                  request, c, capture.failure(body, length, truncated, reasons.redaction(), vars));
        }
        result = Outcome.failure(Outcome.CAPTURE, code);
      }
    }
    return result;
  }

  /**
   * Looks once in an empty response, before the run, so that the classes a capture takes (the JSON
   * parser, the regex engine) are loaded then: a class first loaded mid-run needs a file
   * descriptor, just when a run at its open-files limit has none left.
   */
  public void prepare() {
    find(new byte[0], 0, null);
  }

  /** The value this capture finds in a response, or null. */
  String find(byte[] body, int length, String header) {
    switch (from) {
      case HEADER:
        return header;
      case REGEX:
        Matcher m =
            ((Pattern) compiled).matcher(new String(body, 0, length, StandardCharsets.UTF_8));
        return m.find() ? m.group(1) : null;
      default:
        JsonNode root;
        try {
          root = JSON.readTree(body, 0, length);
        } catch (IOException e) {
          return null;
        }
        if (root == null) {
          return null;
        }
        JsonNode v = root.at((JsonPointer) compiled);
        if (v.isMissingNode() || v.isNull()) {
          return null;
        }
        return v.isValueNode() ? v.asText() : v.toString();
    }
  }

  /** Why this capture found nothing in a body: a reason's message, with an excerpt. */
  String failure(byte[] body, int length, boolean truncated, Redaction redaction, Vars vars) {
    return "capture "
        + name
        + " ("
        + from.key()
        + " "
        + expression
        + ") found nothing"
        + (from == From.HEADER
            ? ": the response has no such header"
            : "; first got "
                + (truncated ? "more than " : "")
                + length
                + " bytes: "
                + Excerpt.of(body, length, EXCERPT_CHARS, redaction, vars));
  }

  /**
   * The JSON Pointer of a JSONPath of the subset: {@code $}, then {@code .name}, {@code ['name']}
   * (or double quotes) and {@code [N]} steps.
   */
  static JsonPointer pointer(String name, String path) {
    String bad =
        "capture " + name + ": bad JSONPath '" + path + "': use $.a.b, $.items[0].id or $['x-y']";
    if (!path.startsWith("$")) {
      throw new IllegalArgumentException(bad);
    }
    StringBuilder pointer = new StringBuilder();
    int i = 1;
    while (i < path.length()) {
      char c = path.charAt(i);
      String step;
      if (c == '.') {
        int end = i + 1;
        while (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
          end++;
        }
        step = path.substring(i + 1, end);
        if (!step.matches("[A-Za-z0-9_$-]+")) {
          throw new IllegalArgumentException(bad);
        }
        i = end;
      } else if (c == '[') {
        int close = path.indexOf(']', i);
        if (close < 0) {
          throw new IllegalArgumentException(bad);
        }
        String inside = path.substring(i + 1, close);
        if (inside.matches("[0-9]+")) {
          step = inside;
        } else if (inside.length() >= 2
            && (inside.charAt(0) == '\'' || inside.charAt(0) == '"')
            && inside.charAt(inside.length() - 1) == inside.charAt(0)) {
          step = inside.substring(1, inside.length() - 1);
        } else {
          throw new IllegalArgumentException(bad);
        }
        i = close + 1;
      } else {
        throw new IllegalArgumentException(bad);
      }
      pointer.append('/').append(step.replace("~", "~0").replace("/", "~1"));
    }
    if (pointer.length() == 0) {
      throw new IllegalArgumentException(bad + " (not the whole document)");
    }
    return JsonPointer.compile(pointer.toString());
  }

  private static String header(String name, String header) {
    if (!header.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
      throw new IllegalArgumentException(
          "capture " + name + ": '" + header + "' is not a header name");
    }
    return header.toLowerCase(Locale.ROOT);
  }

  private static Pattern pattern(String name, String regex) {
    Pattern p;
    try {
      p = Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "capture " + name + ": bad regex '" + regex + "': " + e.getDescription());
    }
    if (p.matcher("").groupCount() < 1) {
      throw new IllegalArgumentException(
          "capture " + name + ": regex '" + regex + "' needs a group, ( ), around the value");
    }
    return p;
  }
}
