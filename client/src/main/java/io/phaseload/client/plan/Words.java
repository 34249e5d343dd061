package io.phaseload.client.plan;

import java.time.Duration;
import java.util.List;
import java.util.StringJoiner;

/** How the load models put themselves in words: the pieces they share. Stateless. */
final class Words {

  private Words() {}

  /** "5s 0/s to 400/s; 10s at 400/s", or in users. */
  static String stages(List<Stage> stages, boolean rates) {
    StringJoiner out = new StringJoiner("; ");
    stages.forEach(s -> out.add(s.text(rates)));
    return out.toString();
  }

  /**
   * The stages in short, "3 stages over 15s up to 400/s": a title has room for a few words, and the
   * stages themselves are listed where the run's settings are.
   */
  static String stagesInShort(List<Stage> stages, boolean rates) {
    Duration length = Duration.ZERO;
    double peak = 0;
    for (Stage s : stages) {
      length = length.plus(s.length());
      peak = Math.max(peak, Math.max(s.from(), s.to()));
    }
    int n = stages.size();
    return n
        + (n == 1 ? " stage over " : " stages over ")
        + Durations.format(length)
        + " up to "
        + number(peak)
        + (rates ? "/s" : peak == 1 ? " user" : " users");
  }

  static String threads(int n) {
    return n + (n == 1 ? " thread" : " threads");
  }

  /** 80 for 80.0, 0.5 for 0.5. */
  static String number(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
