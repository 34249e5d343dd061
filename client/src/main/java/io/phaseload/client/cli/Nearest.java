package io.phaseload.client.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The known words nearest to a mistyped one (an option, a help topic), by edit distance
 * (Levenshtein: one insertion, deletion or substitution each) ignoring case and leading dashes, as
 * git's "did you mean" does. Stateless.
 */
final class Nearest {

  private Nearest() {}

  /**
   * The words of {@code known} nearest to {@code typed}, in their order, if any is near enough to
   * be a typo: within 1 edit for words of up to 6 letters, 2 for longer ones, and only a case for
   * one letter (-x for -X); empty otherwise.
   */
  static List<String> to(String typed, List<String> known) {
    String t = body(typed);
    int allowed = t.length() <= 1 ? 0 : t.length() <= 6 ? 1 : 2;
    int best = allowed + 1;
    List<String> out = new ArrayList<>();
    for (String k : known) {
      int d = distance(t, body(k));
      if (d < best) {
        best = d;
        out.clear();
      }
      if (d == best && !out.contains(k)) {
        out.add(k);
      }
    }
    return out;
  }

  /** "; did you mean A?" or "; did you mean A or B?"; "" when nothing is near. */
  static String hint(String typed, List<String> known) {
    List<String> near = to(typed, known);
    return near.isEmpty() ? "" : "; did you mean " + String.join(" or ", near) + "?";
  }

  private static String body(String word) {
    int i = 0;
    while (i < word.length() && word.charAt(i) == '-') {
      i++;
    }
    return word.substring(i).toLowerCase(Locale.ROOT);
  }

  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(substitute, Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
