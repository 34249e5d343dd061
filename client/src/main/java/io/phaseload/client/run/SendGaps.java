package io.phaseload.client.run;

/**
 * In the closed model, how long users took from a response to their next send: time the generator
 * itself adds to every iteration (recording, counting, rendering the next request, waiting for a
 * core), which a real client of the service would not have waited. Per user: the sum, the count and
 * the longest, kept by the user in its own variables while it runs and stored here once, when it
 * finishes, into its own slot: no lock, no allocation, no shared write on the hot path.
 *
 * <p>One table per phase. Thread-safety: the totals are for the run's thread, after the phase's
 * users have all left it (which happens-after their {@link #put}); {@link #put} and {@link
 * #addThink} for user {@code u} by it only, {@link #put} once.
 */
public final class SendGaps {

  private final long[] sum;
  private final long[] count;
  private final long[] max;
  private final long[] thinkSum;
  private final long[] thinks;

  /** Room for {@code users} users at once: the busiest phase's. */
  SendGaps(int users) {
    this.sum = new long[users];
    this.count = new long[users];
    this.max = new long[users];
    this.thinkSum = new long[users];
    this.thinks = new long[users];
  }

  /** User {@code user}'s gaps in this phase: their sum, how many, and the longest. */
  void put(int user, long gapSum, long gaps, long longest) {
    sum[user] = gapSum;
    count[user] = gaps;
    max[user] = longest;
  }

  /**
   * Adds to user {@code user}'s think time in this phase (the pauses its scenario asked for, which
   * are neither latency nor the generator's delay): once as a closed-model user leaves the phase,
   * and as an open-model user leaves each run of its arrivals.
   */
  void addThink(int user, long pauseSum, long pauses) {
    thinkSum[user] += pauseSum;
    thinks[user] += pauses;
  }

  /** The phase's think time, all users, in nanoseconds. */
  public long thinkNanos() {
    return total(thinkSum);
  }

  /** How many pauses the phase's users made. */
  public long thinks() {
    return total(thinks);
  }

  private static long total(long[] perUser) {
    long s = 0;
    for (long v : perUser) {
      s += v;
    }
    return s;
  }

  /** The phase's gaps, all users: their sum in nanoseconds. */
  public long sum() {
    return total(sum);
  }

  /** How many gaps the phase had: sends that followed a response on the same user. */
  public long count() {
    return total(count);
  }

  /** The longest gap of the phase, in nanoseconds. */
  public long max() {
    long m = 0;
    for (long v : max) {
      m = Math.max(m, v);
    }
    return m;
  }
}
