package io.phaseload.client.capacity;

import io.phaseload.client.plan.LoadPlan;
import java.util.Locale;

/**
 * What a capacity search's rates count: an open-model arrival sends one request, one iteration of
 * several, or, when the scenario has a setup or a teardown, a whole user's flow (setup, one
 * iteration, teardown), so that the answer is in users arriving per second. Immutable.
 *
 * @param counts what one arrival is
 * @param requestsEach the requests one arrival sends; null when arrivals are of several
 *     populations, which send different numbers
 */
public record RateUnit(Counts counts, Integer requestsEach) {

  /** What one arrival is. */
  public enum Counts {
    REQUESTS,
    ITERATIONS,
    USERS
  }

  /** The unit of {@code plan}'s rates. */
  public static RateUnit of(LoadPlan plan) {
    if (plan.populations().size() > 1) {
      return new RateUnit(Counts.USERS, null);
    }
    int each = plan.requestNames().size();
    Counts counts =
        plan.population().flow() ? Counts.USERS : each == 1 ? Counts.REQUESTS : Counts.ITERATIONS;
    return new RateUnit(counts, each);
  }

  /** {@code requests}, {@code iterations} or {@code users}: the JSON's {@code rateOf}. */
  public String label() {
    return counts.name().toLowerCase(Locale.ROOT);
  }

  /** As the report's headline says it: "requests/s", "iterations/s (2 requests each)". */
  public String text() {
    return switch (counts) {
      case REQUESTS -> "requests/s";
      case ITERATIONS -> "iterations/s (" + requestsEach + " requests each)";
      case USERS ->
          requestsEach == null
              ? "users/s (arrivals of every population together)"
              : "users/s (each a flow of "
                  + requestsEach
                  + " requests: setup, one iteration, teardown)";
    };
  }
}
