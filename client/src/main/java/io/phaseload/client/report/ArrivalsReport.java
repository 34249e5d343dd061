package io.phaseload.client.report;

import io.phaseload.client.capacity.Lateness;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.Summary;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The open model's arrivals in the text report: their sum over the run, and the "Arrivals by phase"
 * section with the line for each phase that did not hold its rate. Stateless.
 */
final class ArrivalsReport {

  private ArrivalsReport() {}

  /** The arrivals of every phase that ran, summed. */
  static ArrivalStats total(RunResult run) {
    ArrivalStats sum = new ArrivalStats(0, 0, 0, 0, 0, 0);
    for (PhaseResult p : run.phases()) {
      if (p.arrivals() != null) {
        sum = sum.plus(p.arrivals());
      }
    }
    for (int p = run.phases().size(); p < run.plan().phases().size(); p++) {
      Phase missed = run.plan().phases().get(p);
      sum = sum.plus(new ArrivalStats(run.plan().arrivals(missed), 0, 0, 0, 0, 0));
    }
    return sum;
  }

  /**
   * "Arrivals by phase": per phase, the intended and achieved rates, late arrivals and both latency
   * views; then a line for each phase that did not hold its rate, saying whose fault its late
   * arrivals were and what to do.
   */
  static void byPhase(RunResult run, Summary corrected, Summary service, PrintStream out) {
    out.println();
    out.println("Arrivals by phase (latency from intended times | service time from actual send):");
    for (int p = 0; p < run.phases().size(); p++) {
      PhaseResult ran = run.phases().get(p);
      ArrivalStats a = ran.arrivals();
      LatencyStats c = corrected.phases().get(p).latency();
      LatencyStats st = service.phases().get(p).latency();
      out.printf(
          Locale.ROOT,
          "%-9s intended %.1f/s, achieved %.1f/s, %d of %d late (latest by %s ms);"
              + " p50 %s | %s ms, p99 %s | %s ms%n",
          ran.phase().name(),
          a.intendedRate(),
          a.achievedRate(),
          a.late(),
          a.started(),
          Millis.text(a.maxLateNanos()),
          Millis.text(c.p50()),
          Millis.text(st.p50()),
          Millis.text(c.p99()),
          Millis.text(st.p99()));
    }
    for (PhaseResult ran : run.phases()) {
      ArrivalStats a = ran.arrivals();
      double latePercent = a.started() == 0 ? 0 : 100.0 * a.late() / a.started();
      if (latePercent > 1 || a.achievedRate() < 0.95 * a.intendedRate()) {
        out.println(heldBack(run, ran, latePercent));
      }
    }
  }

  /**
   * The line for a phase that did not hold its rate, saying whose fault its late arrivals were: the
   * service's, when every thread was busy at their time (its latency filled THREADS), or the
   * generator's, when a thread was free and still began late.
   */
  private static String heldBack(RunResult run, PhaseResult ran, double latePercent) {
    ArrivalStats a = ran.arrivals();
    String head =
        String.format(
            Locale.ROOT,
            "%s did not hold %.0f/s (%,.0f/s, %.0f %% late",
            ran.phase().name(),
            a.intendedRate(),
            a.achievedRate(),
            latePercent);
    String tail = "; latencies count from intended times";
    Lateness late = Lateness.of(run, ran).orElse(null);
    if (late == null || late.late() == 0) {
      return head + "): raise THREADS or lower --rate" + tail;
    }
    double started = Math.max(1, a.started());
    String split =
        String.format(
            Locale.ROOT,
            ": %.0f %% with all %d threads in flight, %.0f %% while one was free)",
            100.0 * late.busy() / started,
            run.plan().threads(ran.phase()),
            100.0 * late.free() / started);
    return head
        + split
        + (late.busy() >= late.free()
            ? ": every thread was waiting for an answer; raise THREADS or lower --rate"
            : ": the generator began them late, not the service; give it more CPU (fewer threads"
                + " per generator, --shard across machines)")
        + tail;
  }
}
