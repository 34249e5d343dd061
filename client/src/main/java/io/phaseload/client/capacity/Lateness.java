package io.phaseload.client.capacity;

import io.phaseload.client.result.ArrivalStats;

/**
 * Whose fault an open-model phase's late arrivals were. An arrival that began over {@link
 * ArrivalStats#LATE_NANOS} after its time waited either because every thread was busy with an
 * earlier iteration (by Little's law, rate x latency reached THREADS in flight: the service's
 * queue, which its latency from intended times shows) or while a thread was free (the generator did
 * not wake in time: its CPU or scheduling, not the service). Computed after the run from the
 * recording: an iteration occupies a thread from its first request's send to its last request's
 * end. Immutable.
 *
 * @param late arrivals begun late
 * @param busy late arrivals whose time found every thread busy
 * @param free late arrivals whose time found a thread free: the generator's own lateness
 * @param peakInFlight the most iterations in flight at any arrival's begin
 * @param meanHoldNanos the mean time an iteration held its thread, from its first send to its last
 *     answer (0 when none began, or when the phase had no late arrival and was not read)
 */
public record Lateness(long late, long busy, long free, int peakInFlight, long meanHoldNanos) {

  /** No late arrival. */
  public static final Lateness NONE = new Lateness(0, 0, 0, 0, 0);

  /**
   * The most arrivals per second {@code threads} can carry when each iteration holds its thread for
   * {@link #meanHoldNanos} (Little's law: in flight = rate x time held); infinite when unknown.
   */
  public double ceilingRate(int threads) {
    return meanHoldNanos <= 0 ? Double.POSITIVE_INFINITY : threads * 1e9 / meanHoldNanos;
  }

  /**
   * The threads that would carry {@code rate} arrivals a second with room to spare, where {@code
   * threads} were too few: twice what Little's law needs at {@link #meanHoldNanos} (so that bursts
   * of a Poisson or jittered schedule find one free), and at least twice {@code threads}.
   */
  public int threadsFor(double rate, int threads) {
    double little = rate * meanHoldNanos / 1e9;
    return (int) Math.min(Integer.MAX_VALUE, Math.max(2L * threads, (long) Math.ceil(2 * little)));
  }

  /**
   * Whether the late arrivals were the cap on iterations in flight's: more of them found every
   * thread busy than found one free, and more than a few ({@code share} of {@code started}).
   */
  public boolean threadsFull(long started, double share) {
    return busy >= free && busy > share * started;
  }
}
