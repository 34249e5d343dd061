package io.phaseload.client.run;

import io.phaseload.client.request.DataFile;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.request.RequestSpec;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.request.Think;
import io.phaseload.client.request.Vars;
import java.util.List;

/**
 * A scenario as its users step through it: what each request needs of the user's session before it
 * may be sent (the slots of the session variables it uses, and, for each, the outcome it is skipped
 * with when that variable has no value, its reason interned before the run), the pause after it,
 * and which row of the data file a user takes. Immutable and thread-safe.
 */
final class Flow {

  /** For every request, the slots of the session variables it uses. */
  private final int[][] slots;

  /** For every request and each of its slots, the {@link Outcome#SKIPPED} outcome it gets. */
  private final int[][] skips;

  /** For every request, the user's pause after it. */
  private final Think[] thinks;

  /** How many session variables each user holds. */
  final int sessionSize;

  /** The scenario's data file, or null. */
  final DataFile data;

  private Flow(int[][] slots, int[][] skips, Think[] thinks, int sessionSize, DataFile data) {
    this.slots = slots;
    this.skips = skips;
    this.thinks = thinks;
    this.sessionSize = sessionSize;
    this.data = data;
  }

  /**
   * The data row for number {@code n} of what takes rows (a user, an iteration or an arrival,
   * numbered over the whole run): in order, wrapping around; with {@code pick: random}, a uniform
   * one from {@code vars}' generator.
   */
  int row(long n, Vars vars) {
    return data.pick() == DataFile.Pick.RANDOM
        ? vars.randomIndex(data.rows())
        : (int) (n % data.rows());
  }

  /** Whether users take a data row at every iteration (not once each). */
  boolean rowPerIteration() {
    return data != null && data.per() == DataFile.Per.ITERATION;
  }

  /** The needs of {@code scenario}'s requests, their skip reasons interned in {@code reasons}. */
  static Flow of(Scenario scenario, Reasons reasons) {
    List<String> names = scenario.slotNames();
    int n = scenario.size();
    int[][] slots = new int[n][];
    int[][] skips = new int[n][];
    Think[] thinks = new Think[n];
    for (int r = 0; r < n; r++) {
      RequestSpec spec = scenario.get(r);
      thinks[r] = spec.think();
      List<String> used = spec.sessionNames();
      slots[r] = new int[used.size()];
      skips[r] = new int[used.size()];
      for (int k = 0; k < used.size(); k++) {
        String name = used.get(k);
        slots[r][k] = names.indexOf(name);
        skips[r][k] =
            Outcome.failure(
                Outcome.SKIPPED,
                reasons.intern(
                    "not sent: request '"
                        + spec.name()
                        + "' uses ${"
                        + name
                        + "}, which this user has no value for (its capture failed or was not"
                        + " reached)"));
      }
    }
    return new Flow(slots, skips, thinks, names.size(), scenario.data());
  }

  /** The user's pause after request {@code request}. */
  Think think(int request) {
    return thinks[request];
  }

  /**
   * 0 if request {@code request} may be sent with {@code vars}; else the {@link Outcome#SKIPPED}
   * outcome it is recorded with, naming the first variable it lacks.
   */
  int skipped(int request, Vars vars) {
    int[] mine = slots[request];
    for (int k = 0; k < mine.length; k++) {
      if (!vars.has(mine[k])) {
        return skips[request][k];
      }
    }
    return 0;
  }
}
