package io.phaseload.client.request;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A short, printable, quoted excerpt of bytes for a failure reason: UTF-8 where it decodes, control
 * characters and quotes escaped as in JSON, cut with an ellipsis. Stateless.
 */
public final class Excerpt {

  private Excerpt() {}

  /** {@code bytes[0, length)} as a quoted excerpt of at most {@code max} characters of text. */
  public static String of(byte[] bytes, int length, int max) {
    return quoted(new String(bytes, 0, length, StandardCharsets.UTF_8), max);
  }

  /**
   * {@code bytes[0, length)} as a quoted excerpt of at most {@code max} characters of text, each
   * value {@code vars} captured hidden as {@code redaction} says, before the text is cut.
   */
  public static String of(byte[] bytes, int length, int max, Redaction redaction, Vars vars) {
    return quoted(
        redaction.captured(new String(bytes, 0, length, StandardCharsets.UTF_8), vars), max);
  }

  private static String quoted(String text, int max) {
    StringBuilder out = new StringBuilder(max + 8).append('"');
    int shown = 0;
    for (int i = 0; i < text.length() && shown < max; i++, shown++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
    if (shown < text.length()) {
      out.append("...");
    }
    return out.toString();
  }
}
