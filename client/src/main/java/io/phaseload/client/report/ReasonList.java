package io.phaseload.client.report;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.stats.Group;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The reasons behind one failure kind of a group, as every report lists them: the most frequent
 * first, at most {@value #TOP} per kind, the rest folded into one "and N others" entry. An http
 * failure's reason is its status and an excerpt of the first answer with it, per request.
 * Stateless.
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

  /** The listed reasons of {@code kind} in {@code g}, with no request named; empty for ok. */
  public static List<Entry> of(Group g, int kind, Reasons reasons) {
    return of(g, kind, reasons, List.of());
  }

  /**
   * The listed reasons of {@code kind} in {@code g}; empty for ok. When {@code g} spans the
   * iteration's requests and they are several ({@code requestNames}), an http reason names its
   * request.
   */
  public static List<Entry> of(Group g, int kind, Reasons reasons, List<String> requestNames) {
    List<Entry> all = new ArrayList<>();
    if (kind == Outcome.HTTP) {
      boolean named = g.request().equals(Group.ALL) && requestNames.size() > 1;
      g.answers()
          .forEach(
              (a, n) -> {
                String why = reasons.answer(a.request(), a.status());
                String message = why == null ? "status " + a.status() : why;
                all.add(
                    new Entry(named ? requestNames.get(a.request()) + ": " + message : message, n));
              });
      // Stable: ties keep the order of request, then status.
      all.sort(Comparator.comparingLong(Entry::count).reversed());
    } else if (Outcome.hasReason(kind)) {
      for (Map.Entry<Integer, Long> e : g.reasons(kind)) {
        all.add(new Entry(reasons.message(e.getKey()), e.getValue()));
      }
    }
    if (all.size() <= TOP) {
      return all;
    }
    List<Entry> out = new ArrayList<>(all.subList(0, TOP));
    long rest = 0;
    for (Entry e : all.subList(TOP, all.size())) {
      rest += e.count();
    }
    out.add(new Entry("and " + (all.size() - TOP) + " others", rest));
    return out;
  }
}
