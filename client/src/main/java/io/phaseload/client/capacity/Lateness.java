package io.phaseload.client.capacity;

import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.UnitTimes;
import java.util.Arrays;
import java.util.Optional;

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

  /**
   * The lateness of {@code ran}, an open-model phase of {@code run}, from its recording; {@link
   * #NONE} without reading it when the phase had no late arrival. Empty for a merge of generators'
   * records: their threads were not one pool, so "every thread busy" has no meaning there.
   */
  public static Optional<Lateness> of(RunResult run, PhaseResult ran) {
    if (run.merged()) {
      return Optional.empty();
    }
    if (ran.arrivals() == null || ran.arrivals().late() == 0) {
      return Optional.of(NONE);
    }
    return Optional.of(
        of(UnitTimes.of(run.recording()), ran.phase().index(), run.plan().threads(ran.phase())));
  }

  /** The lateness of phase {@code phase} of an open-model recording run with {@code threads}. */
  public static Lateness of(UnitTimes units, int phase, int threads) {
    return of(units, phase, threads, Long.MIN_VALUE, Long.MAX_VALUE);
  }

  /**
   * The lateness of the arrivals of phase {@code phase} due from {@code fromNanos} until {@code
   * toNanos} (on the recording's time axis): a window of a ramp.
   */
  public static Lateness of(UnitTimes units, int phase, int threads, long fromNanos, long toNanos) {
    return of(units, phase, threads, fromNanos, toNanos, InFlight.of(units));
  }

  /**
   * The same, with the iterations in flight read once for every phase of the recording: the run's
   * arrivals are one schedule through its phases, taken by the same users, so an iteration of an
   * earlier phase still running holds a thread the phase's arrivals wait for.
   */
  static Lateness of(
      UnitTimes units, int phase, int threads, long fromNanos, long toNanos, InFlight all) {
    LatencyRecorder rec = units.layout();
    long late = 0;
    long busy = 0;
    int peak = 0;
    long held = 0;
    long counted = 0;
    for (int q = 0; q < rec.populations(); q++) {
      for (int a = 0; a < rec.units(phase, q); a++) {
        int u = units.unit(phase, q, a);
        if (!units.reached(u)) {
          continue;
        }
        long intended = units.due(u);
        if (intended < fromNanos || intended >= toNanos) {
          continue;
        }
        long begin = units.begin(u);
        long end = units.end(u);
        if (end > begin) {
          held += end - begin;
          counted++;
        }
        peak = Math.max(peak, all.at(begin));
        if (begin - intended > ArrivalStats.LATE_NANOS) {
          late++;
          if (all.at(intended) >= threads) {
            busy++;
          }
        }
      }
    }
    return new Lateness(late, busy, late - busy, peak, counted == 0 ? 0 : held / counted);
  }

  /**
   * Every iteration of a recording, every phase's, as their begins and ends in order: how many were
   * in flight at a moment. Immutable once read.
   */
  static final class InFlight {
    private final long[] begins;
    private final long[] ends;

    private InFlight(long[] begins, long[] ends) {
      this.begins = begins;
      this.ends = ends;
    }

    static InFlight of(UnitTimes units) {
      LatencyRecorder rec = units.layout();
      int arrivals = 0;
      for (int p = 0; p < rec.phaseCount(); p++) {
        for (int q = 0; q < rec.populations(); q++) {
          arrivals += rec.units(p, q);
        }
      }
      long[] begins = new long[arrivals];
      long[] ends = new long[arrivals];
      int n = 0;
      for (int p = 0; p < rec.phaseCount(); p++) {
        for (int q = 0; q < rec.populations(); q++) {
          for (int a = 0; a < rec.units(p, q); a++) {
            int u = units.unit(p, q, a);
            if (units.reached(u)) {
              begins[n] = units.begin(u);
              ends[n] = units.end(u);
              n++;
            }
          }
        }
      }
      begins = Arrays.copyOf(begins, n);
      ends = Arrays.copyOf(ends, n);
      Arrays.sort(begins);
      Arrays.sort(ends);
      return new InFlight(begins, ends);
    }

    /** Iterations begun at or before {@code t} and not yet ended at {@code t}. */
    int at(long t) {
      return inFlight(begins, ends, t);
    }
  }

  /** Iterations begun at or before {@code t} and not yet ended at {@code t}. */
  static int inFlight(long[] sortedBegins, long[] sortedEnds, long t) {
    return upTo(sortedBegins, t) - upTo(sortedEnds, t);
  }

  /** How many of the ascending {@code values} are at most {@code t}. */
  private static int upTo(long[] values, long t) {
    int lo = 0;
    int hi = values.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (values[mid] <= t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
