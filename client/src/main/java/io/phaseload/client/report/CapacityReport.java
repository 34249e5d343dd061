package io.phaseload.client.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.capacity.CapacitySearch;
import io.phaseload.client.capacity.RateUnit;
import io.phaseload.client.capacity.Step;
import io.phaseload.client.slo.SloResult;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A capacity search's answer: the headline, a table of every step and their JSON form. Latencies in
 * milliseconds as every report prints them ({@link Millis}). Stateless.
 */
public final class CapacityReport {

  private static final String ROW = "%-5s %9s %9s %8s %9s %9s %6s %9s %9s %9s %9s %9s %7s  %s%n";

  public static final String SCHEMA = "phaseload-capacity/1";

  private CapacityReport() {}

  /** The headline: the capacity, the SLOs, where they held and where they broke. */
  public static String headline(CapacitySearch.Result r, String unit) {
    Step held = r.held();
    Step broke = r.broke();
    String slos =
        (held != null ? held : broke)
            .slos().stream().map(s -> s.slo().expr()).collect(Collectors.joining(", "));
    if (broke != null && broke.verdict() == Step.Verdict.GENERATOR) {
      return String.format(
          Locale.ROOT,
          "Capacity: at least %s %s (SLO %s held at %s); not measured above: at %s the generator"
              + " fell behind (%d of %d arrivals late while a thread was free): give it more CPU,"
              + " or run more generators (--shard)",
          rate(r.rate()),
          unit,
          slos,
          rate(r.rate()),
          rate(broke.offered()),
          broke.lateness().free(),
          broke.started());
    }
    if (broke != null && broke.verdict() == Step.Verdict.THREADS) {
      return threadsHeadline(r, unit, slos);
    }
    if (held == null) {
      return String.format(
          Locale.ROOT,
          "Capacity: none found (SLO %s broke at every rate tried, down to %s %s: %s)",
          slos,
          rate(broke.offered()),
          unit,
          failures(broke));
    }
    if (broke == null) {
      return String.format(
          Locale.ROOT,
          "Capacity: at least %s %s (SLO %s held at every rate tried; %s)",
          rate(held.offered()),
          unit,
          slos,
          r.stop().text);
    }
    return String.format(
        Locale.ROOT,
        "Capacity: %s %s (SLO %s held at %s, broke at %s: %s)",
        rate(held.offered()),
        unit,
        slos,
        rate(held.offered()),
        rate(broke.offered()),
        failures(broke));
  }

  /**
   * The headline of a search that the client's cap on iterations in flight ended: the rate it held
   * is a lower bound, and the service was not measured above it.
   */
  private static String threadsHeadline(CapacitySearch.Result r, String unit, String slos) {
    Step broke = r.broke();
    String lowerBound =
        r.held() == null
            ? "Capacity: none measured (SLO " + slos + ")"
            : String.format(
                Locale.ROOT,
                "Capacity: at least %s %s (SLO %s held at %s)",
                rate(r.rate()),
                unit,
                slos,
                rate(r.rate()));
    return String.format(
        Locale.ROOT,
        "%s; not measured above: at %s the client's limit on requests in flight was reached,"
            + " not the service's (--threads %d, each iteration holding one %s ms: at most %s"
            + " %s; service time p99 %s ms held the SLOs): raise --threads, or --max-threads, or"
            + " the open-files limit (ulimit -n)",
        lowerBound,
        rate(broke.offered()),
        broke.threads(),
        Millis.text(broke.lateness().meanHoldNanos()),
        rate(broke.lateness().ceilingRate(broke.threads())),
        unit,
        Millis.text(broke.service().p99()));
  }

  /** The headline and a table of every step, in the order they ran. */
  public static void print(CapacitySearch.Result r, String unit, PrintStream out) {
    out.println(headline(r, unit));
    out.println();
    out.println(
        "Steps ("
            + Millis.seconds(r.settings().step().toNanos()).stripTrailingZeros().toPlainString()
            + " s each; latency ms from intended times, SERVICE from the actual send; LATE arrivals"
            + " as BUSY (every thread busy: the service's queue, or the THR cap's when the service"
            + " time held) / FREE (a thread was free: the generator)):");
    out.printf(
        Locale.ROOT,
        ROW,
        "STEP",
        "OFFERED/s",
        "ACHIEVED",
        "LATE",
        "BUSY/FREE",
        "IN FLIGHT",
        "THR",
        "P50",
        "P95",
        "P99",
        "SERV P50",
        "SERV P99",
        "ERRORS",
        "VERDICT");
    int i = 1;
    for (Step s : r.steps()) {
      out.printf(
          Locale.ROOT,
          ROW,
          i++,
          rate(s.offered()),
          rate(s.achieved()),
          s.lateness().late(),
          s.lateness().busy() + "/" + s.lateness().free(),
          s.lateness().peakInFlight(),
          s.threads(),
          Millis.text(s.latency().p50()),
          Millis.text(s.latency().p95()),
          Millis.text(s.latency().p99()),
          Millis.text(s.service().p50()),
          Millis.text(s.service().p99()),
          s.errors(),
          verdict(s));
    }
    out.println(
        "IN FLIGHT: the most iterations in flight at once; when it reaches THR every thread waits"
            + " on the service and later arrivals queue (Little's law: rate x latency).");
    out.println("Stopped: " + r.stop().text);
  }

  /** Writes {@code --json}: schema, target and the {@code capacity} object. */
  public static void writeJson(CapacitySearch.Result r, RateUnit unit, String target, Writer out)
      throws IOException {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("schema", SCHEMA);
    doc.put("target", target);
    doc.put("rateOf", unit.label());
    doc.put("requestsEach", unit.requestsEach());
    doc.put("capacity", json(r));
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out, doc);
  }

  /** The {@code capacity} object of the JSON: rate, brokeAt and every step. */
  public static Map<String, Object> json(CapacitySearch.Result r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("rate", r.held() == null ? null : r.rate());
    m.put("brokeAt", r.broke() == null ? null : r.broke().offered());
    m.put("generatorLimited", r.broke() != null && r.broke().verdict() == Step.Verdict.GENERATOR);
    m.put("threadsLimited", r.broke() != null && r.broke().verdict() == Step.Verdict.THREADS);
    m.put("stop", r.stop().name().toLowerCase(Locale.ROOT));
    m.put("stepSeconds", Millis.seconds(r.settings().step().toNanos()));
    m.put(
        "steps",
        r.steps().stream()
            .map(
                s -> {
                  Map<String, Object> j = new LinkedHashMap<>();
                  j.put("offeredRate", s.offered());
                  j.put(
                      "achievedRate",
                      BigDecimal.valueOf(s.achieved()).setScale(1, RoundingMode.HALF_UP));
                  j.put("scheduled", s.scheduled());
                  j.put("started", s.started());
                  j.put("late", s.lateness().late());
                  j.put("lateThreadsBusy", s.lateness().busy());
                  j.put("lateThreadFree", s.lateness().free());
                  j.put("peakInFlight", s.lateness().peakInFlight());
                  j.put("meanHoldMs", Millis.of(s.lateness().meanHoldNanos()));
                  j.put("threads", s.threads());
                  j.put("latencyMs", JsonReport.latency(s.latency()));
                  j.put("serviceTimeMs", JsonReport.latency(s.service()));
                  j.put("errors", s.errors());
                  j.put("requests", s.requests());
                  j.put("slo", SloTable.json(s.slos()));
                  j.put("verdict", s.verdict().name().toLowerCase(Locale.ROOT));
                  return j;
                })
            .toList());
    return m;
  }

  private static String verdict(Step s) {
    return switch (s.verdict()) {
      case HELD -> "held";
      case BROKE -> "BROKE" + (s.failed().isEmpty() ? " (did not finish)" : "");
      case GENERATOR -> "GENERATOR behind";
      case THREADS -> "THR full";
    };
  }

  private static String failures(Step s) {
    List<SloResult> failed = s.failed();
    if (failed.isEmpty()) {
      return "the step did not finish: " + s.started() + " of " + s.scheduled() + " arrivals";
    }
    return failed.stream()
        .map(f -> f.slo().expr().replaceAll("[<>=].*", "") + " " + SloTable.measured(f))
        .collect(Collectors.joining(", "));
  }

  /** A rate as the report prints it: whole from 20 up, one decimal below. */
  public static String rate(double r) {
    return r >= 20 || r == Math.rint(r)
        ? String.valueOf(Math.round(r))
        : BigDecimal.valueOf(r).setScale(1, RoundingMode.HALF_UP).toPlainString();
  }
}
