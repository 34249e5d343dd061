package io.phaseload.client.report;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.stats.Group;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reasons behind one failure kind of a group, as every report lists them: the most frequent
 * first, at most {@value #TOP} per kind, the rest folded into one "and N others" entry. Stateless.
 */
public final class ReasonList {

  /** Reasons listed per kind before the rest are folded. */
  public static final int TOP = 5;

  /**
   * One listed reason.
   *
   * @param message what happened, or "and N others" for the folded rest
   */
  public record Entry(String message, long count) {}

  private ReasonList() {}

  /**
   * The listed reasons of {@code kind} in {@code g}; empty for kinds that carry a status (ok,
   * http).
   */
  public static List<Entry> of(Group g, int kind, Reasons reasons) {
    List<Entry> out = new ArrayList<>();
    if (!Outcome.hasReason(kind)) {
      return out;
    }
    List<Map.Entry<Integer, Long>> all = g.reasons(kind);
    long rest = 0;
    for (int i = 0; i < all.size(); i++) {
      if (i < TOP) {
        out.add(new Entry(reasons.message(all.get(i).getKey()), all.get(i).getValue()));
      } else {
        rest += all.get(i).getValue();
      }
    }
    if (all.size() > TOP) {
      out.add(new Entry("and " + (all.size() - TOP) + " others", rest));
    }
    return out;
  }
}
