package io.phaseload.client.plan;

/**
 * One kind of user: its name, how many of them run, and the plan's requests it sends, as a run of
 * consecutive indices into the plan's request names. A user of it sends its {@code setup} requests
 * once, then ITERATIONS x its {@code iteration} requests in the closed model (one iteration per
 * arrival in the open model), then its {@code teardown} requests once. Immutable.
 *
 * @param name what reports put before its requests' names ({@code lookup:get}); null for a plan's
 *     only population, whose requests keep their own names
 * @param share how many of its users run: a share of THREADS or of the arrivals, or a number of its
 *     own
 * @param first the index of its first request (its first setup request, if any)
 * @param setup how many requests it sends once, before its first iteration
 * @param iteration how many requests each of its iterations sends; at least 1
 * @param teardown how many requests it sends once, after its last iteration
 */
public record Population(
    String name, Share share, int first, int setup, int iteration, int teardown) {

  /** How many users of a population run. */
  public sealed interface Share {
    /** As reports say it: "weight 80", "2 threads in every phase", "5/s, at most 4 in flight". */
    String text();
  }

  /**
   * A share of THREADS in the closed model, or of the arrivals (and of THREADS, their cap) in the
   * open model, in proportion to the weights of the plan's weighted populations.
   */
  public record Weight(double weight) implements Share {
    public Weight {
      if (!(weight > 0) || Double.isInfinite(weight)) {
        throw new IllegalArgumentException("weight must be a positive number, got " + weight);
      }
    }

    @Override
    public String text() {
      return "weight " + number(weight);
    }
  }

  /** {@code threads: N}: N users in every phase of a closed-model run, whatever its fraction. */
  public record Users(int users) implements Share {
    public Users {
      if (users < 1) {
        throw new IllegalArgumentException("threads must be at least 1, got " + users);
      }
    }

    @Override
    public String text() {
      return users + (users == 1 ? " thread" : " threads") + " in every phase";
    }
  }

  /**
   * {@code rate: R/s}: arrivals at R per second in every phase of an open-model run, whatever its
   * fraction, with at most {@code cap} of them in flight.
   */
  public record Rate(double perSecond, int cap) implements Share {
    public Rate {
      if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
        throw new IllegalArgumentException("rate must be a positive number, got " + perSecond);
      }
      if (cap < 1) {
        throw new IllegalArgumentException("threads (the cap) must be at least 1, got " + cap);
      }
    }

    @Override
    public String text() {
      return number(perSecond) + "/s in every phase, at most " + cap + " in flight";
    }
  }

  /** 80 for 80.0, 0.5 for 0.5. */
  private static String number(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  /** The share of a plan's only population: all of it. */
  public static final Share ALL = new Weight(1);

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
    if (share == null) {
      throw new IllegalArgumentException("a population needs a share");
    }
  }

  /** A plan's only population, of {@code requests} requests, all of them its iteration. */
  public static Population iterationOf(int requests) {
    return new Population(null, ALL, 0, 0, requests, 0);
  }

  /** A plan's only population, with a setup and a teardown. */
  public static Population flow(int setup, int iteration, int teardown) {
    return new Population(null, ALL, 0, setup, iteration, teardown);
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

  /** This population with its requests from index {@code first} of the plan's. */
  public Population at(int first) {
    return new Population(name, share, first, setup, iteration, teardown);
  }
}
