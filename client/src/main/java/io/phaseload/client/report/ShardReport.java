package io.phaseload.client.report;

import io.phaseload.client.plan.Shard;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.ShardRun;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The {@code Shards:} block of a merged report: per shard its host, its start after the first
 * shard's (the skew), what it sent and when it ran each phase, on the merged time axis. Stateless.
 */
public final class ShardReport {

  /** Shards starting further apart than this were likely not started together. */
  static final long SUSPECT_SKEW_NANOS = 60_000_000_000L;

  private ShardReport() {}

  /**
   * Prints the block for a merged run.
   *
   * @param missing shards no record was given for
   */
  public static void print(RunResult run, List<Shard> missing, PrintStream out) {
    int count = run.plan().phases().size();
    out.println();
    out.println(
        "Shards: "
            + run.shards().size()
            + " of "
            + (run.shards().size() + missing.size())
            + " (seconds from the first shard's start, as far as the machines' clocks agree;"
            + " phase windows start-end)");
    StringBuilder head = new StringBuilder();
    head.append(
        String.format(
            Locale.ROOT,
            "%-7s %-20s %8s %9s %9s %7s %8s",
            "SHARD",
            "HOST",
            "START s",
            "WALL s",
            "SENT",
            "FAILED",
            "NOT SENT"));
    for (int p = 0; p < count; p++) {
      head.append(String.format(Locale.ROOT, " %-17s", run.plan().phases().get(p).name()));
    }
    out.println(head.toString().stripTrailing());
    for (ShardRun s : run.shards()) {
      StringBuilder row = new StringBuilder();
      row.append(
          String.format(
              Locale.ROOT,
              "%-7s %-20s %8s %9s %9d %7d %8d",
              s.shard(),
              s.host().length() > 20 ? s.host().substring(0, 20) : s.host(),
              Millis.seconds(s.offsetNanos()),
              Millis.seconds(s.wallNanos()),
              s.sent(),
              s.failed(),
              s.notSent()));
      for (int p = 0; p < count; p++) {
        String window = "-";
        if (!s.hadThreads(run.plan().phases().get(p))) {
          window = "no threads";
        } else if (p < s.phases().size()) {
          PhaseResult r = s.phases().get(p);
          window =
              Millis.seconds(r.startNanos())
                  + "-"
                  + Millis.seconds(r.startNanos() + r.durationNanos());
        }
        row.append(String.format(Locale.ROOT, " %-17s", window));
      }
      out.println(row.toString().stripTrailing());
      if (s.stopReason() != null) {
        out.println("        stopped early: " + s.stopReason());
      }
    }
    for (Shard m : missing) {
      out.println(String.format(Locale.ROOT, "%-7s no record file given", m));
    }
    long skew = run.shards().stream().mapToLong(ShardRun::offsetNanos).max().orElse(0);
    if (skew > SUSPECT_SKEW_NANOS) {
      out.println(
          "Note: the shards started "
              + Millis.seconds(skew)
              + " s apart: records of different runs, or clocks out of step? (--start-at lines"
              + " shards up; NTP or chrony keeps clocks together)");
    }
  }
}
