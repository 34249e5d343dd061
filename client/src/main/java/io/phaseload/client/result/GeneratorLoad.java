package io.phaseload.client.result;

import java.util.List;
import java.util.Locale;

/**
 * How hard the generator itself worked in one phase, to tell a slow service from a slow generator:
 * the process's CPU time as a share of the cores it has, its garbage collections, and how late a
 * watchdog thread's own timer woke (scheduling lag: the machine had no core for it). Immutable.
 *
 * @param phase the phase's name
 * @param nanos the phase's length
 * @param cores the cores the process could use
 * @param cpuNanos CPU time the process used in the phase, all threads
 * @param waitNanos time its threads were ready to run but waited for a core (the kernel's run-queue
 *     wait, {@code /proc/self/task/N/schedstat}; 0 where the platform does not tell)
 * @param gcCount garbage collections in the phase
 * @param gcNanos time the collectors reported for them
 * @param lagNanos how much later than asked the watchdog's timer woke, summed over the phase
 * @param maxLagNanos the latest single wake-up
 * @param maxGcNanos the longest single collection the collectors reported (0 if none, or where the
 *     JVM does not notify them)
 * @param gaps in the closed model, the sends that followed a response on the same user (0 in the
 *     open model, whose users wait for their arrival's time instead)
 * @param gapNanos the time from those responses to the sends, summed: the generator's own delay
 * @param maxGapNanos the longest of them
 */
public record GeneratorLoad(
    String phase,
    long nanos,
    int cores,
    long cpuNanos,
    long waitNanos,
    long gcCount,
    long gcNanos,
    long lagNanos,
    long maxLagNanos,
    long maxGcNanos,
    long gaps,
    long gapNanos,
    long maxGapNanos) {

  /**
   * Above this share of its cores used, or wanted (used plus waited for), the generator may have
   * been what limited the phase.
   */
  public static final double MAX_CPU_SHARE = 0.90;

  /** Above this share of the phase spent collecting or waiting for a core, likewise. */
  public static final double MAX_STALL_SHARE = 0.10;

  /**
   * Phases shorter than this are not judged: in the first milliseconds every thread is released at
   * once and waits for a core, so a phase of tens of milliseconds (a demo's warmup) would always
   * read as starved, and a warning on every short phase would teach users to ignore it.
   */
  public static final long MIN_JUDGED_NANOS = 1_000_000_000L;

  /** CPU used as a share of what the process's cores could give over the phase, 0 to 1. */
  public double cpuShare() {
    return nanos <= 0 ? 0 : cpuNanos / ((double) nanos * cores);
  }

  /**
   * CPU the process used or waited for, as a share of its cores: near 1, its threads could not all
   * run when they wanted, whether it used the cores itself or other processes held them.
   */
  public double demandShare() {
    return nanos <= 0 ? 0 : (cpuNanos + waitNanos) / ((double) nanos * cores);
  }

  /** Garbage collection and scheduling lag as a share of the phase. */
  public double stallShare() {
    return nanos <= 0 ? 0 : (gcNanos + lagNanos) / (double) nanos;
  }

  /** Whether the generator may have limited the phase. */
  public boolean limited() {
    return nanos >= MIN_JUDGED_NANOS
        && (demandShare() > MAX_CPU_SHARE || stallShare() > MAX_STALL_SHARE);
  }

  /** The mean time from a response to the user's next send, in nanoseconds; 0 if none. */
  public double meanGapNanos() {
    return gaps == 0 ? 0 : gapNanos / (double) gaps;
  }

  /**
   * The text report's line of the generator's own delay between a response and the next send on the
   * same user, phase by phase; null if no phase had any (the open model).
   */
  public static String gapLine(List<GeneratorLoad> phases) {
    if (phases.stream().allMatch(p -> p.gaps() == 0)) {
      return null;
    }
    StringBuilder line = new StringBuilder("Generator delay from a response to the next send:");
    String sep = " ";
    for (GeneratorLoad p : phases) {
      line.append(sep)
          .append(p.phase())
          .append(
              String.format(
                  Locale.ROOT,
                  " mean %.3f ms, max %.3f ms",
                  p.meanGapNanos() / 1e6,
                  p.maxGapNanos() / 1e6));
      sep = "; ";
    }
    return line.toString();
  }

  /** The report's warning line for a limited phase, naming what to do. */
  public String warning() {
    return String.format(
        Locale.ROOT,
        "WARNING: the generator itself may have limited %s: CPU %.0f %% of %d cores used, %.0f %%"
            + " wanted, GC %.3f s"
            + " (%d collections), scheduling lag %.3f s (longest %.1f ms) of %.3f s; use fewer"
            + " threads per generator, --shard across machines, or a bigger heap (-Xmx)",
        phase,
        100 * cpuShare(),
        cores,
        100 * demandShare(),
        gcNanos / 1e9,
        gcCount,
        lagNanos / 1e9,
        maxLagNanos / 1e6,
        nanos / 1e9);
  }
}
