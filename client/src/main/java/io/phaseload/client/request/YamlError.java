package io.phaseload.client.request;

import com.fasterxml.jackson.core.JacksonException;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * A YAML syntax error as one line a person fixes it from: the file, line and column of the mistake
 * (SnakeYAML's problem mark, or where a quote or key began; Jackson's own location is sometimes the
 * line before), what is there, the text of that line, and the likely fix for the mistakes scenario
 * files show: a tab, {@code ${...}} or {@code ": "} in a value that needs quotes, a value starting
 * with {@code @}, a key without its colon, a quote left open or closed early, a line out of line.
 * Stateless.
 */
final class YamlError {

  /** A key and the start of its value on a line: {@code " - path: /x"} has "path" and "/x". */
  private static final Pattern KEY =
      Pattern.compile("\\s*(?:-\\s+)?([^\\s:#{}\\[\\],]+):(?:\\s+|$)");

  /** Keys whose value is text a person writes as JSON, so a {...} there is meant as a string. */
  private static final Set<String> TEXT_KEYS = Set.of("body", "bodyContains", "bodyEquals");

  private static final int EXCERPT = 80;

  private YamlError() {}

  /**
   * The line for {@code e}, raised reading {@code text} from {@code where}: {@code
   * where:LINE:COLUMN: not valid YAML, WHAT in "TEXT": FIX}.
   */
  static String describe(String where, String text, JacksonException e) {
    MarkedYAMLException marked = marked(e);
    if (marked == null || marked.getProblemMark() == null) {
      String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().split("\n")[0];
      int line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
      return where + (line > 0 ? ":" + line : "") + ": not valid YAML: " + m;
    }
    String[] lines = text.split("\r?\n|\r", -1);
    String problem = String.valueOf(marked.getProblem());
    String context = String.valueOf(marked.getContext());
    Mark at = marked.getProblemMark();
    Mark begun = marked.getContextMark();
    String what = problem;
    String fix = null;
    int back = 0; // columns before the mark where the offending text begins
    if (problem.contains("\\t(TAB)")) {
      what = "a tab";
      fix = "indent with spaces; YAML allows no tabs there";
    } else if (context.contains("quoted scalar") && begun != null) {
      at = begun;
      what = "a quote never closed";
      fix = "close it on the same line";
    } else if (problem.contains("could not find expected ':'") && begun != null) {
      at = begun;
      String key = line(lines, at).strip();
      what = "a key without ':'";
      int space = key.indexOf(' ');
      fix =
          space > 0
              ? "write " + key.substring(0, space) + ": " + key.substring(space + 1).strip()
              : "write " + key + ": VALUE";
    } else {
      String line = line(lines, at);
      int col = index(line, at.getColumn());
      char here = col < line.length() ? line.charAt(col) : 0;
      char before = col > 0 && col <= line.length() ? line.charAt(col - 1) : 0;
      if (problem.startsWith("expected ',' or '") && here == '{' && before == '$') {
        boolean list = problem.contains("']'");
        back = 1; // SnakeYAML points at the {; the text is from the $
        int close = line.indexOf('}', col);
        what =
            (close < 0 ? "${" : line.substring(col - 1, close + 1))
                + (list ? " inside [...]" : " inside {...}");
        boolean sameLine = begun != null && begun.getLine() == at.getLine();
        fix = quoteFix(line, col - 1, sameLine ? index(line, begun.getColumn()) : -1, list);
      } else if (problem.startsWith("expected ',' or '")) {
        fix = "inside {...} or [...], quote a value that holds {, }, [, ], ',' or ': '";
      } else if (problem.startsWith("mapping values are not allowed")) {
        Matcher key = KEY.matcher(line);
        String above = previous(lines, at.getLine());
        Matcher prior = above == null ? null : KEY.matcher(above);
        if (key.lookingAt()
            && prior != null
            && prior.lookingAt()
            && key.start(1) > prior.start(1)) {
          what = "a key indented under a value";
          fix =
              "line it up with " + prior.group(1) + ": above (column " + (prior.start(1) + 1) + ")";
        } else if (key.lookingAt()) {
          what = "': ' inside a value";
          fix =
              "quote the value, " + key.group(1) + ": " + quoted(line.substring(key.end()).strip());
        }
      } else if (problem.contains("cannot start any token")) {
        what = "a value starting with " + here;
        Matcher key = KEY.matcher(line);
        fix =
            key.lookingAt()
                ? "quote it, " + key.group(1) + ": " + quoted(line.substring(key.end()).strip())
                : "quote it";
      } else if (problem.startsWith("expected <block end>") && (before == '\'' || before == '"')) {
        what = "text after a closing quote";
        fix =
            before == '\''
                ? "inside '...' write '' for ', or quote with \"...\""
                : "inside \"...\" write \\\" for \", or quote with '...'";
      } else if (problem.startsWith("expected <block end>")) {
        what = "a line out of line with those above";
        String above = previous(lines, at.getLine());
        Matcher prior = above == null ? null : KEY.matcher(above);
        int dash = line.stripLeading().startsWith("-") ? dashAbove(lines, at.getLine()) : -1;
        if (dash >= 0) {
          fix = "line its - up with the - of the list above (column " + (dash + 1) + ")";
        } else if (prior != null && prior.lookingAt()) {
          fix =
              "line it up with "
                  + prior.group(1)
                  + ": above (column "
                  + (prior.start(1) + 1)
                  + "), or begin it with - for a new item";
        } else {
          fix = "line it up with the key or the - it belongs with";
        }
      }
    }
    String shown = line(lines, at).replace("\t", "\\t").strip();
    if (shown.length() > EXCERPT) {
      shown = shown.substring(0, EXCERPT - 3) + "...";
    }
    return where
        + ":"
        + (at.getLine() + 1)
        + ":"
        + (at.getColumn() + 1 - back)
        + ": not valid YAML, "
        + what
        + " in \""
        + shown
        + "\""
        + (fix == null ? "" : ": " + fix);
  }

  /**
   * The fix for a {@code ${} at {@code dollar} inside a flow collection begun at {@code begun} (-1
   * if on another line): a body written as JSON quoted whole, else the one value or item that holds
   * the variable.
   */
  private static String quoteFix(String line, int dollar, int begun, boolean list) {
    Matcher owner = KEY.matcher(line);
    if (begun >= 0
        && owner.lookingAt()
        && owner.end() == begun
        && TEXT_KEYS.contains(owner.group(1))) {
      return "quote the whole value, "
          + owner.group(1)
          + ": "
          + quoted(line.substring(begun).strip());
    }
    int close = line.indexOf('}', dollar);
    if (close < 0) {
      return "quote the value that holds it";
    }
    // The value runs on to the collection's next ',' or its end; more variables may come first.
    int end = close + 1;
    while (end < line.length() && ",}]".indexOf(line.charAt(end)) < 0) {
      int next = line.startsWith("${", end) ? line.indexOf('}', end) : end;
      end = next < 0 ? line.length() : next + 1;
    }
    if (list) {
      int start = Math.max(line.lastIndexOf('[', dollar), line.lastIndexOf(',', dollar)) + 1;
      return "quote the item, " + quoted(line.substring(start, end).strip());
    }
    int colon = line.lastIndexOf(": ", dollar);
    int keyStart = Math.max(line.lastIndexOf(',', colon), line.lastIndexOf('{', colon)) + 1;
    if (colon < 0 || keyStart > colon) {
      return "quote the value that holds it";
    }
    return "quote the value, "
        + line.substring(keyStart, colon).strip()
        + ": "
        + quoted(line.substring(colon + 2, end).strip());
  }

  /** {@code value} in single quotes, or double quotes if it holds a single one. */
  private static String quoted(String value) {
    if (!value.contains("'")) {
      return "'" + value + "'";
    }
    return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  private static MarkedYAMLException marked(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof MarkedYAMLException m) {
        return m;
      }
    }
    return null;
  }

  private static String line(String[] lines, Mark mark) {
    return mark.getLine() < lines.length ? lines[mark.getLine()] : "";
  }

  /** The char index of code point {@code column} of {@code line}, at most its length. */
  private static int index(String line, int column) {
    int points = line.codePointCount(0, line.length());
    return line.offsetByCodePoints(0, Math.min(column, points));
  }

  /** The column of the nearest "-" that begins a line above {@code index}, or -1. */
  private static int dashAbove(String[] lines, int index) {
    for (int i = Math.min(index, lines.length) - 1; i >= 0; i--) {
      String stripped = lines[i].stripLeading();
      if (stripped.startsWith("- ") || stripped.equals("-")) {
        return lines[i].length() - stripped.length();
      }
    }
    return -1;
  }

  /** The nearest line above {@code index} with more than spaces, or null. */
  private static String previous(String[] lines, int index) {
    for (int i = Math.min(index, lines.length) - 1; i >= 0; i--) {
      if (!lines[i].isBlank()) {
        return lines[i];
      }
    }
    return null;
  }
}
