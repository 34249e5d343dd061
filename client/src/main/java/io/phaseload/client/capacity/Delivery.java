package io.phaseload.client.capacity;

import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Whether an open-model phase delivered the load it was asked for and, when it did not, whose limit
 * held it back: the one definition that the text report, the JSON, the HTML page and the live
 * page's final page all show. A phase delivered when it kept its schedule ({@link
 * ArrivalStats#keptSchedule}: it held its rate, and few of its arrivals began late). Immutable.
 *
 * @param phase the phase's name
 * @param intendedRate arrivals per second asked, on average over the phase
 * @param peakRate the most arrivals per second the phase asks at any moment (a stage's end)
 * @param achievedRate arrivals begun per second ({@link ArrivalStats#achievedRate})
 * @param scheduled arrivals in the phase's schedule
 * @param started arrivals begun
 * @param late arrivals begun late
 * @param threads the phase's cap on iterations in flight
 * @param lateness the late arrivals by cause, and the time each iteration held its thread; null for
 *     a merge of generators' records
 * @param baselineHoldNanos the shortest mean time an iteration held its thread in any phase of the
 *     run: the service's time at the lightest load the run measured
 * @param cause whose limit held the phase back, {@link Cause#NONE} when it delivered
 */
public record Delivery(
    String phase,
    double intendedRate,
    double peakRate,
    double achievedRate,
    long scheduled,
    long started,
    long late,
    int threads,
    Lateness lateness,
    long baselineHoldNanos,
    Cause cause) {

  /**
   * A phase whose iterations held their threads over this multiple of the run's lightest phase's
   * time (and over it by {@link #GROWTH_SLACK_NANOS}) found the service slower under its load: the
   * service queued it. A run of one phase has nothing lighter to compare with: its time is its own
   * baseline, and every thread busy is read as the cap's, whose remedy (more THREADS) shows the
   * service's queue if there is one.
   */
  static final double GROWTH = 1.5;

  /** The growth under which a service's time is called flat whatever the ratio (1 ms). */
  static final long GROWTH_SLACK_NANOS = 1_000_000;

  /** Whose limit held a phase back. */
  public enum Cause {
    /** The phase delivered its rate on time. */
    NONE,
    /**
     * Every thread was busy at the late arrivals' times while the service's time stayed flat (or
     * the run had no lighter phase to compare it with): the client's cap on iterations in flight
     * (THREADS) was reached, not the service's limit.
     */
    THREADS,
    /**
     * Every thread was busy and the service's time grew as the phase went on: the service queued
     * the load.
     */
    SERVICE,
    /** A thread was free and still began late: the generator's CPU or scheduling. */
    GENERATOR,
    /** Arrivals did not begin, few of them late: the run stopped before their time. */
    NOT_BEGUN,
    /** Merged generators' records: their threads were not one pool, so the split is unknown. */
    UNKNOWN
  }

  /** Whether the phase delivered its rate on time. */
  public boolean delivered() {
    return cause == Cause.NONE;
  }

  /** Late arrivals as a share of those begun, 0 to 1. */
  public double lateShare() {
    return started == 0 ? 0 : late / (double) started;
  }

  /**
   * The sentence that names the cause, what was measured and what to do: "STAGE2 asked 2500/s and
   * began 1980/s, 21 % late: every one of THREADS' 40 threads was waiting while the service time
   * held (20.4 ms an iteration: at most 1961/s); raise THREADS to at least 245". Empty when
   * delivered.
   */
  public String reason() {
    if (delivered()) {
      return "";
    }
    String head =
        achievedRate >= ArrivalStats.HELD_SHARE * intendedRate
            ? String.format(
                Locale.ROOT,
                "%s held %.0f/s (%.0f/s), but %.0f %% of its arrivals began over 1 ms late",
                phase,
                intendedRate,
                achievedRate,
                100 * lateShare())
            : String.format(
                Locale.ROOT,
                "%s did not hold %.0f/s (%.0f/s, %.0f %% of its arrivals late)",
                phase,
                intendedRate,
                achievedRate,
                100 * lateShare());
    return head
        + switch (cause) {
          case THREADS ->
              String.format(
                  Locale.ROOT,
                  ": the client's limit, not the service's: all %d threads (THREADS) were busy while"
                      + " the service time held (%s ms an iteration: %d threads carry at most"
                      + " %.0f/s); raise THREADS to at least %d",
                  threads,
                  millis(lateness.meanHoldNanos()),
                  threads,
                  lateness.ceilingRate(threads),
                  threadsNeeded());
          case SERVICE ->
              String.format(
                  Locale.ROOT,
                  ": the service's limit: all %d threads were busy while its time grew from %s to"
                      + " %s ms an iteration (its queue); lower --rate, or raise THREADS to see how"
                      + " far it queues",
                  threads,
                  millis(baselineHoldNanos),
                  millis(lateness.meanHoldNanos()));
          case GENERATOR ->
              ": the generator's limit: a thread was free and still began late (its CPU or"
                  + " scheduling); give it more CPU, fewer threads per generator, or --shard"
                  + " across machines";
          case NOT_BEGUN ->
              String.format(
                  Locale.ROOT,
                  ": %d of its %d arrivals never began (the run stopped before their time)",
                  scheduled - started,
                  scheduled);
          case UNKNOWN -> ": merged generators' records do not tell whose limit it was";
          case NONE -> "";
        };
  }

  /** The threads that would carry the phase's peak rate with room ({@link Lateness#threadsFor}). */
  public int threadsNeeded() {
    return lateness == null ? 2 * threads : lateness.threadsFor(peakRate, threads);
  }

  /**
   * The delivery of every open-model phase that ran and was asked for arrivals; empty if closed.
   */
  public static List<Delivery> of(RunResult run) {
    // The text report and the JSON ask for one run's one after the other: its lateness is two
    // passes over a record that may be a day's, read once.
    Last last = Last.latest;
    if (last != null && last.run.get() == run) {
      return last.deliveries;
    }
    List<Delivery> all = List.copyOf(read(run));
    Last.latest = new Last(new WeakReference<>(run), all);
    return all;
  }

  /** The run whose deliveries were read last, held weakly, and its deliveries. */
  private record Last(WeakReference<RunResult> run, List<Delivery> deliveries) {
    private static volatile Last latest;
  }

  private static List<Delivery> read(RunResult run) {
    List<PhaseResult> asked = new ArrayList<>();
    List<LatenessSweep.Window> windows = new ArrayList<>();
    for (PhaseResult ran : run.phases()) {
      ArrivalStats a = ran.arrivals();
      if (a == null || a.intendedRate() <= 0 || a.scheduled() == 0) {
        continue;
      }
      asked.add(ran);
      windows.add(LatenessSweep.Window.of(ran.phase().index(), run.plan().threads(ran.phase())));
    }
    List<Lateness> lateness =
        run.merged() || asked.isEmpty()
            ? Collections.nCopies(asked.size(), null)
            : LatenessSweep.of(run.recording(), windows);
    long baseline = Long.MAX_VALUE;
    for (Lateness late : lateness) {
      if (late != null && late.meanHoldNanos() > 0) {
        baseline = Math.min(baseline, late.meanHoldNanos());
      }
    }
    List<Delivery> all = new ArrayList<>();
    for (int i = 0; i < asked.size(); i++) {
      all.add(of(run, asked.get(i), lateness.get(i), baseline == Long.MAX_VALUE ? 0 : baseline));
    }
    return all;
  }

  private static Delivery of(RunResult run, PhaseResult ran, Lateness late, long baseline) {
    ArrivalStats a = ran.arrivals();
    boolean onTime = a.latePercent() <= ArrivalStats.LATE_PERCENT;
    boolean kept = a.keptSchedule();
    return new Delivery(
        ran.phase().name(),
        a.intendedRate(),
        Math.max(run.plan().rateAt(ran.phase(), 0), run.plan().rateAt(ran.phase(), Long.MAX_VALUE)),
        a.achievedRate(),
        a.scheduled(),
        a.started(),
        a.late(),
        run.plan().threads(ran.phase()),
        late,
        baseline,
        kept ? Cause.NONE : onTime ? Cause.NOT_BEGUN : cause(late, baseline));
  }

  /** Whose limit held back a phase of this lateness, against the run's {@code baseline} hold. */
  static Cause cause(Lateness late, long baseline) {
    if (late == null) {
      return Cause.UNKNOWN;
    }
    if (late.free() > late.busy()) {
      return Cause.GENERATOR;
    }
    long hold = late.meanHoldNanos();
    boolean grew = hold > GROWTH * baseline && hold - baseline > GROWTH_SLACK_NANOS;
    return grew ? Cause.SERVICE : Cause.THREADS;
  }

  private static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
  }

  /** Whether every phase of {@code phases} delivered. */
  public static boolean all(List<Delivery> phases) {
    return phases.stream().allMatch(Delivery::delivered);
  }
}
