package io.phaseload.client.report;

import io.phaseload.client.capacity.Delivery;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.Summary;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The open model's arrivals in the text report: their sum over the run, the "Arrivals by phase"
 * section, and the verdict's line for each phase that did not deliver its load. Stateless.
 */
final class ArrivalsReport {

  private ArrivalsReport() {}

  /**
   * "Arrivals by phase": per phase, the intended and achieved rates, late arrivals and both latency
   * views.
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
  }

  /**
   * The verdict's lines for the phases that did not deliver the load asked, each naming whose limit
   * held it back and what to do ({@link Delivery#reason}); none when every phase did.
   */
  static void notDelivered(RunResult run, PrintStream out) {
    for (Delivery d : Delivery.of(run)) {
      if (!d.delivered()) {
        out.println("NOT DELIVERED: " + d.reason() + "; latencies count from intended times");
      }
    }
  }
}
