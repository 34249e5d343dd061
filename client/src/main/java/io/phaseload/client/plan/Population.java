package io.phaseload.client.plan;

/**
 * One kind of user: the plan's requests it sends, as a run of consecutive indices into the plan's
 * request names. A user of it sends its {@code setup} requests once, then ITERATIONS x its {@code
 * iteration} requests in the closed model (one iteration per arrival in the open model), then its
 * {@code teardown} requests once. Immutable.
 *
 * @param first the index of its first request (its first setup request, if any)
 * @param setup how many requests it sends once, before its first iteration
 * @param iteration how many requests each of its iterations sends; at least 1
 * @param teardown how many requests it sends once, after its last iteration
 */
public record Population(int first, int setup, int iteration, int teardown) {

  public Population {
    if (first < 0 || setup < 0 || teardown < 0 || iteration < 1) {
      throw new IllegalArgumentException(
          "a population needs an iteration of at least one request, got "
              + first
              + "/"
              + setup
              + "/"
              + iteration
              + "/"
              + teardown);
    }
  }

  /** A population of {@code requests} requests, all of them its iteration: today's every run. */
  public static Population iterationOf(int requests) {
    return new Population(0, 0, requests, 0);
  }

  /** Its requests, setup and teardown included. */
  public int size() {
    return setup + iteration + teardown;
  }

  /** The index of its first iteration request. */
  public int iterationStart() {
    return first + setup;
  }

  /** The index just after its last iteration request: its first teardown request, if any. */
  public int iterationEnd() {
    return first + setup + iteration;
  }

  /** The index just after its last request. */
  public int end() {
    return first + size();
  }

  /** Whether it has a setup or a teardown: each user then runs a flow, not bare iterations. */
  public boolean flow() {
    return setup > 0 || teardown > 0;
  }

  /** Requests one closed-model user of it sends over {@code iterations} iterations. */
  public long requestsPerUser(int iterations) {
    return setup + (long) iterations * iteration + teardown;
  }
}
