package io.phaseload.client.result;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;

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
 * @param othersNanos CPU time every other process of the machine used in the phase ({@code
 *     /proc/stat}'s busy time less this process's; 0 where the platform does not tell)
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
 * @param thinks the pauses the scenario's {@code think} made users take (not the generator's)
 * @param thinkNanos their time, summed: neither latency nor the generator's delay
 * @param medianNanos the phase's median latency from the actual sends, once the run's statistics
 *     are computed ({@link #withMedian}); 0 while it runs
 */
public record GeneratorLoad(
    String phase,
    long nanos,
    int cores,
    long cpuNanos,
    long waitNanos,
    long othersNanos,
    long gcCount,
    long gcNanos,
    long lagNanos,
    long maxLagNanos,
    long maxGcNanos,
    long gaps,
    long gapNanos,
    long maxGapNanos,
    long thinks,
    long thinkNanos,
    long medianNanos) {

  /** Above this share of its cores used, the generator was its own limit. */
  public static final double MAX_CPU_SHARE = 0.90;

  /**
   * Above this share of the phase spent collecting garbage or waking late (the watchdog's lag:
   * every thread of the generator waited as long), the generator's delays moved the figures.
   * Waiting briefly for a core is normal on a machine the service shares: on 2 cores, 10 users
   * against server.jar wanted 98 % of the cores with 8 ms of lag in 1.4 s, and their figures were
   * not moved by it.
   */
  public static final double MAX_STALL_SHARE = 0.05;

  /** A single stall (a late wake-up or a collection) this long moves a percentile by itself. */
  public static final long MAX_STALL_NANOS = 100_000_000L;

  /**
   * Above this share of the cores used by other processes while the generator stalled, the stall
   * was theirs: a shared machine.
   */
  public static final double OTHERS_SHARE = 0.50;

  /**
   * Phases shorter than this are not judged: in the first milliseconds every thread is released at
   * once and waits for a core, so a phase of tens of milliseconds (a demo's warmup) would always
   * read as starved, and a warning on every short phase would teach users to ignore it.
   */
  public static final long MIN_JUDGED_NANOS = 1_000_000_000L;

  /** CPU used as a share of what the process's cores could give over the phase, 0 to 1. */
  public double cpuShare() {
    return share(cpuNanos);
  }

  /**
   * CPU the process used or waited for, as a share of its cores: near 1, its threads could not all
   * run when they wanted, whether it used the cores itself or other processes held them. Reported,
   * not judged: brief waits are the ordinary cost of sharing cores.
   */
  public double demandShare() {
    return share(cpuNanos + waitNanos);
  }

  /** CPU the machine's other processes used, as a share of the cores this process has. */
  public double othersShare() {
    return share(othersNanos);
  }

  /** Garbage collection and scheduling lag as a share of the phase. */
  public double stallShare() {
    return nanos <= 0 ? 0 : (gcNanos + lagNanos) / (double) nanos;
  }

  private double share(long cpu) {
    return nanos <= 0 ? 0 : cpu / ((double) nanos * cores);
  }

  /** Whether the generator used its cores to the full: its own limit. */
  public boolean saturated() {
    return cpuShare() > MAX_CPU_SHARE;
  }

  /** Whether it stalled long enough, in all or at once, to move the phase's figures. */
  public boolean stalled() {
    return stallShare() > MAX_STALL_SHARE
        || maxLagNanos >= MAX_STALL_NANOS
        || maxGcNanos >= MAX_STALL_NANOS;
  }

  /**
   * Whether its threads were kept from the cores: they waited for one longer than they ran (they
   * wanted over twice the CPU they got), and one wake-up came later than the phase's median
   * latency, so that a single delay of the generator is as large as what it measures.
   */
  public boolean starved() {
    return waitNanos > cpuNanos && medianNanos > 0 && maxLagNanos > medianNanos;
  }

  /**
   * Whether the generator may have limited the phase: its own CPU, stalls that moved it, or threads
   * kept from the cores by more than the latency it measures.
   */
  public boolean limited() {
    return nanos >= MIN_JUDGED_NANOS && (saturated() || stalled() || starved());
  }

  /** This phase's load judged against its median latency from the actual sends. */
  public GeneratorLoad withMedian(long median) {
    return new GeneratorLoad(
        phase,
        this.nanos,
        cores,
        cpuNanos,
        waitNanos,
        othersNanos,
        gcCount,
        gcNanos,
        lagNanos,
        maxLagNanos,
        maxGcNanos,
        gaps,
        gapNanos,
        maxGapNanos,
        thinks,
        thinkNanos,
        median);
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
    return line(
        phases,
        p -> p.gaps() > 0,
        "Generator delay from a response to the next send:",
        p ->
            String.format(
                Locale.ROOT,
                " mean %.3f ms, max %.3f ms",
                p.meanGapNanos() / 1e6,
                p.maxGapNanos() / 1e6));
  }

  /** "TITLE PHASE figures; PHASE figures", or null if no phase {@code has} any. */
  private static String line(
      List<GeneratorLoad> phases,
      Predicate<GeneratorLoad> has,
      String title,
      Function<GeneratorLoad, String> figures) {
    if (phases.stream().noneMatch(has)) {
      return null;
    }
    StringBuilder line = new StringBuilder(title);
    String sep = " ";
    for (GeneratorLoad p : phases) {
      line.append(sep).append(p.phase()).append(figures.apply(p));
      sep = "; ";
    }
    return line.toString();
  }

  /**
   * The report's warning line for a limited phase: whose CPU it was, what was measured, and what to
   * do. The generator's own cores full: fewer users per generator, or shards. Stalls while other
   * processes held the cores: a shared machine. Stalls in collections: a bigger heap.
   */
  public String warning() {
    String measured =
        String.format(
            Locale.ROOT,
            "CPU %.0f %% of %d cores used by the generator, %.0f %% by other processes; GC %.3f s"
                + " (%d collections, longest %.1f ms), scheduling lag %.3f s (longest %.1f ms) of"
                + " %.3f s",
            100 * cpuShare(),
            cores,
            100 * othersShare(),
            gcNanos / 1e9,
            gcCount,
            maxGcNanos / 1e6,
            lagNanos / 1e9,
            maxLagNanos / 1e6,
            nanos / 1e9);
    if (saturated()) {
      return "WARNING: the generator itself may have limited "
          + phase
          + ", its own CPU full: "
          + measured
          + "; use fewer users per generator, or --shard across machines";
    }
    if (othersShare() > OTHERS_SHARE || starved()) {
      return "WARNING: this machine may have limited "
          + phase
          + ", "
          + (starved()
              ? String.format(
                  Locale.ROOT,
                  "the generator's threads kept from its cores (they wanted %.0f %% of them and got"
                      + " %.0f %%; a wake-up %.1f ms late, over the phase's median latency of %.1f"
                      + " ms)",
                  100 * demandShare(),
                  100 * cpuShare(),
                  maxLagNanos / 1e6,
                  medianNanos / 1e6)
              : "other processes holding its cores")
          + ": "
          + measured
          + "; measure from a machine the generator does not share";
    }
    return "WARNING: the generator itself may have limited "
        + phase
        + ", by its stalls: "
        + measured
        + "; give it a bigger heap (-Xmx) if GC is most of it, or a machine of its own";
  }
}
