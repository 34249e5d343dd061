package io.phaseload.client.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page of the manual (docs/*.md, GitHub Markdown) as plain text for a terminal, which {@code help
 * TOPIC} prints: HTML comments (the docs' sample markers) dropped; headings underlined; emphasis,
 * backticks and fences dropped, code indented by four spaces; a link as its text with where it
 * points in brackets (another page as its {@code help TOPIC}); a table as aligned columns, or, too
 * wide for a terminal, a row per entry with its cells indented below. No ANSI codes: the text reads
 * the same in a pipe. Stateless.
 */
final class ManualText {

  /** The widest a table is drawn as columns, and the width its entries are wrapped to. */
  static final int WIDTH = 100;

  private static final Pattern HEADING = Pattern.compile("(#{1,6})\\s+(.*?)\\s*#*\\s*");
  private static final Pattern LINK = Pattern.compile("(!?)\\[([^\\]]*)\\]\\(([^)\\s]*)\\)");
  private static final Pattern STRONG = Pattern.compile("(?s)(\\*\\*|__)(\\S(?:.*?\\S)?)\\1");
  private static final Pattern EMPHASIS =
      Pattern.compile(
          "(?<![\\w*])\\*(\\S(?:[^*]*?\\S)?)\\*(?![\\w*])|(?<!\\w)_(\\S(?:[^_]*?\\S)?)_(?!\\w)");
  private static final String ESCAPABLE = "\\`*_{}[]()#+-.!|<>";
  private static final Pattern RULE = Pattern.compile(":?-{3,}:?");

  /** Marks a span kept as written; none of the manual's text holds this character. */
  private static final char KEPT = '\u0000';

  private ManualText() {}

  /** {@code markdown} as a terminal shows it; lines end with "\n". */
  static String render(String markdown) {
    List<String> out = new ArrayList<>();
    List<String> table = new ArrayList<>();
    List<String> paragraph = new ArrayList<>(); // read whole: a link or a code span may wrap
    boolean fenced = false;
    boolean comment = false;
    for (String line : markdown.split("\r?\n", -1)) {
      if (fenced) {
        if (line.strip().startsWith("```")) {
          fenced = false;
        } else {
          out.add(line.isEmpty() ? "" : "    " + line);
        }
        continue;
      }
      String text = line;
      if (comment || text.contains("<!--")) {
        StringBuilder kept = new StringBuilder();
        comment = dropComments(text, comment, kept);
        if (kept.toString().isBlank()) {
          continue; // a line that was only a comment leaves no blank behind
        }
        text = kept.toString();
      }
      Matcher heading = HEADING.matcher(text);
      boolean row = text.strip().startsWith("|");
      boolean fence = text.strip().startsWith("```");
      if (row || fence || heading.matches() || text.isBlank()) {
        paragraph(paragraph, out);
      }
      if (row) {
        table.add(text.strip());
        continue;
      }
      if (!table.isEmpty()) {
        table(table, out);
        table.clear();
      }
      if (fence) {
        fenced = true;
        continue;
      }
      if (heading.matches()) {
        String title = inline(heading.group(2));
        int level = heading.group(1).length();
        out.add(title);
        if (level <= 2) {
          out.add((level == 1 ? "=" : "-").repeat(title.length()));
        }
        continue;
      }
      paragraph.add(text);
    }
    paragraph(paragraph, out);
    if (!table.isEmpty()) {
      table(table, out);
    }
    while (!out.isEmpty() && out.get(out.size() - 1).isBlank()) {
      out.remove(out.size() - 1);
    }
    StringBuilder sb = new StringBuilder();
    boolean blank = true; // no blank lines at the top, and never two in a row
    for (String l : out) {
      String stripped = l.stripTrailing();
      if (stripped.isEmpty() && blank) {
        continue;
      }
      blank = stripped.isEmpty();
      sb.append(stripped).append('\n');
    }
    return sb.toString();
  }

  /** Appends the lines of {@code paragraph}, without their markup, to {@code out}; clears it. */
  private static void paragraph(List<String> paragraph, List<String> out) {
    if (!paragraph.isEmpty()) {
      out.addAll(List.of(inline(String.join("\n", paragraph)).split("\n", -1)));
      paragraph.clear();
    }
  }

  /** Appends what {@code line} holds outside comments; returns whether a comment is still open. */
  private static boolean dropComments(String line, boolean open, StringBuilder kept) {
    int at = 0;
    while (at < line.length()) {
      if (open) {
        int end = line.indexOf("-->", at);
        if (end < 0) {
          return true;
        }
        at = end + 3;
        open = false;
      } else {
        int start = line.indexOf("<!--", at);
        while (start >= 0 && ticks(line, start) % 2 == 1) {
          start = line.indexOf("<!--", start + 4); // in a code span: text, not a comment
        }
        if (start < 0) {
          kept.append(line, at, line.length());
          return false;
        }
        kept.append(line, at, start);
        at = start + 4;
        open = true;
      }
    }
    return open;
  }

  private static int ticks(String line, int end) {
    int n = 0;
    for (int i = 0; i < end; i++) {
      n += line.charAt(i) == '`' ? 1 : 0;
    }
    return n;
  }

  /** Text without its markup: code spans as written, links as their text (where they point). */
  static String inline(String text) {
    List<String> kept = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    int at = 0;
    while (at < text.length()) {
      char c = text.charAt(at);
      if (c == '\\' && at + 1 < text.length() && ESCAPABLE.indexOf(text.charAt(at + 1)) >= 0) {
        sb.append(keep(kept, String.valueOf(text.charAt(at + 1))));
        at += 2;
      } else if (c == '`') {
        int run = at;
        while (run < text.length() && text.charAt(run) == '`') {
          run++;
        }
        String ticks = text.substring(at, run);
        int close = text.indexOf(ticks, run);
        if (close < 0) {
          sb.append(ticks);
          at = run;
        } else {
          String code = text.substring(run, close);
          if (code.length() > 1 && code.startsWith(" ") && code.endsWith(" ")) {
            code = code.substring(1, code.length() - 1);
          }
          sb.append(keep(kept, code));
          at = close + ticks.length();
        }
      } else {
        sb.append(c);
        at++;
      }
    }
    String s = sb.toString();
    Matcher link = LINK.matcher(s);
    StringBuilder linked = new StringBuilder();
    while (link.find()) {
      String shown = link.group(2);
      String where = where(link.group(3));
      String replacement;
      if (!link.group(1).isEmpty()) {
        replacement = "[picture: " + shown + (where == null ? "" : ", " + where) + "]";
      } else {
        replacement =
            where == null || where.equals(shown)
                ? shown
                : shown.equals(link.group(3))
                    ? keep(kept, where) // [load-shapes.md](load-shapes.md): help load-shapes
                    : shown + " (" + keep(kept, where) + ")";
      }
      link.appendReplacement(linked, Matcher.quoteReplacement(replacement));
    }
    link.appendTail(linked);
    s = STRONG.matcher(linked).replaceAll(m -> Matcher.quoteReplacement(m.group(2)));
    s =
        EMPHASIS
            .matcher(s)
            .replaceAll(
                m -> Matcher.quoteReplacement(m.group(1) != null ? m.group(1) : m.group(2)));
    return restore(s, kept);
  }

  /**
   * Where a link points, as a reader of this text finds it: another page as {@code help TOPIC}, a
   * file of the repository by its path, a web address as it is; null for a place on this page.
   */
  private static String where(String url) {
    if (url.isEmpty() || url.startsWith("#")) {
      return null;
    }
    if (url.contains("://")) {
      return url;
    }
    String path = url.contains("#") ? url.substring(0, url.indexOf('#')) : url;
    if (!path.contains("/") && path.endsWith(".md")) {
      return "help " + path.substring(0, path.length() - 3);
    }
    return path.startsWith("../") ? path.substring(3) : "docs/" + path;
  }

  private static String keep(List<String> kept, String text) {
    kept.add(text);
    return KEPT + String.valueOf(kept.size() - 1) + KEPT;
  }

  private static String restore(String s, List<String> kept) {
    StringBuilder out = new StringBuilder();
    int at = 0;
    while (at < s.length()) {
      int open = s.indexOf(KEPT, at);
      if (open < 0) {
        out.append(s, at, s.length());
        break;
      }
      int close = s.indexOf(KEPT, open + 1);
      out.append(s, at, open);
      out.append(kept.get(Integer.parseInt(s.substring(open + 1, close))));
      at = close + 1;
    }
    return out.toString();
  }

  /** A table: columns if they fit {@link #WIDTH}, else each row's first cell, the rest below. */
  private static void table(List<String> rows, List<String> out) {
    List<List<String>> cells = new ArrayList<>();
    for (String row : rows) {
      List<String> r = cells(row);
      if (!r.stream().allMatch(c -> RULE.matcher(c).matches())) {
        cells.add(r);
      }
    }
    int columns = cells.stream().mapToInt(List::size).max().orElse(0);
    int[] widths = new int[columns];
    for (List<String> r : cells) {
      for (int i = 0; i < r.size(); i++) {
        widths[i] = Math.max(widths[i], r.get(i).length());
      }
    }
    int total = 2 * (columns - 1);
    for (int w : widths) {
      total += w;
    }
    if (total <= WIDTH) {
      for (int r = 0; r < cells.size(); r++) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.get(r).size(); i++) {
          line.append(i == 0 ? "" : "  ")
              .append(String.format("%-" + Math.max(1, widths[i]) + "s", cells.get(r).get(i)));
        }
        out.add(line.toString());
        if (r == 0) {
          StringBuilder rule = new StringBuilder();
          for (int i = 0; i < columns; i++) {
            rule.append(i == 0 ? "" : "  ").append("-".repeat(Math.max(1, widths[i])));
          }
          out.add(rule.toString());
        }
      }
      return;
    }
    List<String> header = cells.get(0);
    for (List<String> r : cells.subList(1, cells.size())) {
      out.add(r.isEmpty() ? "" : r.get(0));
      for (int i = 1; i < r.size(); i++) {
        String cell = columns > 2 && i < header.size() ? header.get(i) + ": " + r.get(i) : r.get(i);
        out.addAll(wrap(cell, "    "));
      }
    }
  }

  /** A table row's cells, without markup, split at pipes that are not escaped. */
  private static List<String> cells(String row) {
    String s = row.strip();
    s = s.startsWith("|") ? s.substring(1) : s;
    s = s.endsWith("|") && !s.endsWith("\\|") ? s.substring(0, s.length() - 1) : s;
    List<String> out = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '|') {
        cell.append('|');
        i++;
      } else if (c == '|') {
        out.add(inline(cell.toString().strip()));
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    out.add(inline(cell.toString().strip()));
    return out;
  }

  /** {@code text} in lines of at most {@link #WIDTH}, each after {@code indent}. */
  private static List<String> wrap(String text, String indent) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split(" ")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
        lines.add(line.toString());
        line = new StringBuilder(indent);
      }
      line.append(line.length() > indent.length() ? " " : "").append(word);
    }
    lines.add(line.toString());
    return lines;
  }
}
