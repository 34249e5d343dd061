package io.phaseload.client.capacity;

import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.slo.Slo;
import io.phaseload.client.slo.SloCheck;
import io.phaseload.client.slo.SloResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.Summary;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One step of a capacity search: a run at one offered rate, its figures and its verdict. Latencies
 * in nanoseconds. Immutable.
 *
 * @param offered the step's rate, arrivals per second
 * @param achieved arrivals begun per second ({@link ArrivalStats#achievedRate})
 * @param latency from intended times (what the SLOs judge)
 * @param service from the actual sends
 * @param errors requests that failed or were not sent
 * @param requests every request the step recorded
 * @param threads the cap on iterations in flight
 */
public record Step(
    double offered,
    double achieved,
    long scheduled,
    long started,
    Lateness lateness,
    LatencyStats latency,
    LatencyStats service,
    long errors,
    long requests,
    int threads,
    List<SloResult> slos,
    Verdict verdict) {

  /** What a step says about the service. */
  public enum Verdict {
    /** Every SLO held (latency from intended times, the generator's lateness included). */
    HELD,
    /** An SLO failed (or the step did not finish): the service did not hold this rate. */
    BROKE,
    /**
     * An SLO failed with arrivals late while threads were free, and held from the actual sends: the
     * generator, not the service, fell behind.
     */
    GENERATOR,
    /**
     * An SLO failed with arrivals late while every thread was busy, and held from the actual sends:
     * the cap on iterations in flight (THREADS) was reached while the service still answered in
     * time, so the queue the late arrivals waited in was the generator's, not the service's.
     */
    THREADS
  }

  /**
   * The share of a step's arrivals that may begin late with a thread free before a broken step is
   * put down to the generator: a few wake-ups late by over 1 ms on a busy machine are noise. (A
   * step that held despite them held: their lateness counted against the SLOs.)
   */
  public static final double GENERATOR_LATE_SHARE = 0.01;

  public Step {
    slos = List.copyOf(slos);
  }

  /** The step that the one-phase open-model run {@code run} at {@code offered} was. */
  public static Step of(double offered, Analysis run, List<Slo> slos) {
    RunResult result = run.result();
    int threads = result.plan().threads(result.plan().phases().get(0));
    PhaseResult phase = result.phases().isEmpty() ? null : result.phases().get(0);
    ArrivalStats arrivals = phase == null ? null : phase.arrivals();
    Lateness late =
        phase == null ? Lateness.NONE : LatenessSweep.of(result.recording(), 0, threads);
    Group total = run.summary().total();
    List<SloResult> verdicts = SloCheck.evaluate(slos, run);
    long scheduled = result.plan().arrivals(result.plan().phases().get(0));
    long started = arrivals == null ? 0 : arrivals.started();
    Summary service = run.serviceTime() == null ? run.summary() : run.serviceTime();
    Verdict verdict =
        verdict(
            SloCheck.allPass(verdicts) && !result.partial() && started == scheduled,
            late,
            started,
            () -> SloCheck.allPass(SloCheck.evaluate(slos, service, result.wallNanos())));
    return new Step(
        offered,
        arrivals == null ? 0 : arrivals.achievedRate(),
        scheduled,
        started,
        late,
        total.latency(),
        run.serviceTime() == null ? total.latency() : run.serviceTime().total().latency(),
        total.errors(),
        total.recorded(),
        threads,
        verdicts,
        verdict);
  }

  /**
   * A step's verdict: held when its SLOs held and every arrival began. Otherwise, when more than a
   * few arrivals ({@link #GENERATOR_LATE_SHARE}) were late and the SLOs hold on the latency from
   * the actual sends (the service answered in time once asked), the lateness was the client's: the
   * generator's when more of them were late with a thread free, the cap on iterations in flight's
   * ({@link Verdict#THREADS}) when more found every thread busy. Else broke: a service that queues
   * inside itself fails the SLOs on the latency from the sends too.
   */
  static Verdict verdict(boolean held, Lateness late, long started, BooleanSupplier heldFromSends) {
    if (held) {
      return Verdict.HELD;
    }
    boolean generator = late.free() > late.busy() && late.free() > GENERATOR_LATE_SHARE * started;
    boolean threads = late.threadsFull(started, GENERATOR_LATE_SHARE);
    if ((generator || threads) && heldFromSends.getAsBoolean()) {
      return generator ? Verdict.GENERATOR : Verdict.THREADS;
    }
    return Verdict.BROKE;
  }

  /** Whether the client, not the service, held this step back: its CPU or its THREADS. */
  public boolean clientLimited() {
    return verdict == Verdict.GENERATOR || verdict == Verdict.THREADS;
  }

  /**
   * The threads that would carry this step's rate with room to spare ({@link Lateness#threadsFor}).
   */
  public int threadsNeeded() {
    return lateness.threadsFor(offered, threads);
  }

  /** The SLOs that failed. */
  public List<SloResult> failed() {
    return slos.stream().filter(r -> !r.pass()).toList();
  }
}
