package io.phaseload.client.stats;

import io.phaseload.client.request.Outcome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Counts and latency of one slice of a run: everything, one phase, one request of the iteration, or
 * one phase's request. Immutable.
 *
 * @param phase the phase name, or "ALL"
 * @param request the request's name ("GET", "POST"), or "ALL"
 * @param byKind requests per {@link Outcome} kind, indexed by kind
 * @param failures every failed outcome (kind with its status or reason code) and how often it
 *     occurred
 * @param latency latency of the successful requests
 * @param failedLatency latency of the failed requests that were sent (time to the error); {@link
 *     LatencyStats#EMPTY} when none failed
 * @param answers the http failures by request of the iteration and status, and how often each came:
 *     what finds each one's reason ({@link io.phaseload.client.request.Reasons#answer})
 */
public record Group(
    String phase,
    String request,
    long[] byKind,
    SortedMap<Integer, Long> failures,
    LatencyStats latency,
    LatencyStats failedLatency,
    SortedMap<Answer, Long> answers) {

  public static final String ALL = "ALL";

  /**
   * Answers of one status to one request of the iteration.
   *
   * @param request the request's index in the iteration
   */
  public record Answer(int request, int status) implements Comparable<Answer> {
    @Override
    public int compareTo(Answer o) {
      return request != o.request
          ? Integer.compare(request, o.request)
          : Integer.compare(status, o.status);
    }
  }

  public Group {
    byKind = byKind.clone();
    failures = Collections.unmodifiableSortedMap(new TreeMap<>(failures));
    answers = Collections.unmodifiableSortedMap(new TreeMap<>(answers));
  }

  /** A group that does not tell its http failures apart by request. */
  public Group(
      String phase,
      String request,
      long[] byKind,
      SortedMap<Integer, Long> failures,
      LatencyStats latency,
      LatencyStats failedLatency) {
    this(phase, request, byKind, failures, latency, failedLatency, Collections.emptySortedMap());
  }

  /** Requests that left the client (every recorded request but those not sent or skipped). */
  public long sent() {
    long n = 0;
    for (int kind = 1; kind < byKind.length; kind++) {
      n += Outcome.sentKind(kind) ? byKind[kind] : 0;
    }
    return n;
  }

  public long ok() {
    return byKind[Outcome.OK];
  }

  /** Requests sent that did not succeed. */
  public long failed() {
    return sent() - ok();
  }

  /**
   * Requests that never left the client: those that could not be sent, and those skipped for a
   * session variable they had no value for.
   */
  public long notSent() {
    return byKind[Outcome.NOT_SENT] + byKind[Outcome.SKIPPED];
  }

  /** Requests not sent because a session variable they use had no value (of {@link #notSent}). */
  public long skipped() {
    return byKind[Outcome.SKIPPED];
  }

  /** Every request recorded: sent, and not sent. */
  public long recorded() {
    return sent() + notSent();
  }

  /** Requests that did not succeed: failed, and not sent ({@link Figures#errorRate}). */
  public long errors() {
    return failed() + notSent();
  }

  /** Successful requests per second of {@code seconds} ({@link Figures#throughput}). */
  public double throughput(double seconds) {
    return Figures.throughput(ok(), seconds);
  }

  /** Failed and not sent over every request recorded, 0 to 1 ({@link Figures#errorRate}). */
  public double errorRate() {
    return Figures.errorRate(errors(), recorded());
  }

  /** Failed over sent, 0 to 1: not the error rate ({@link Figures#failedShare}). */
  public double failedShare() {
    return Figures.failedShare(failed(), sent());
  }

  public long count(int kind) {
    return byKind[kind];
  }

  @Override
  public long[] byKind() {
    return byKind.clone();
  }

  /** HTTP statuses of the requests that failed with kind http, and how often each came. */
  public SortedMap<Integer, Long> statuses() {
    SortedMap<Integer, Long> out = new TreeMap<>();
    failures.forEach(
        (outcome, n) -> {
          if (Outcome.kind(outcome) == Outcome.HTTP) {
            out.merge(Outcome.status(outcome), n, Long::sum);
          }
        });
    return out;
  }

  /**
   * The reason codes of one failure kind without a response (connect, timeout, io, not sent) with
   * their counts, most frequent first (ties by code).
   */
  public List<Map.Entry<Integer, Long>> reasons(int kind) {
    TreeMap<Integer, Long> byCode = new TreeMap<>();
    failures.forEach(
        (outcome, n) -> {
          if (Outcome.kind(outcome) == kind && Outcome.hasReason(kind)) {
            byCode.merge(Outcome.reason(outcome), n, Long::sum);
          }
        });
    List<Map.Entry<Integer, Long>> out = new ArrayList<>(byCode.entrySet());
    out.sort(
        Comparator.<Map.Entry<Integer, Long>>comparingLong(Map.Entry::getValue)
            .reversed()
            .thenComparing(Map.Entry::getKey));
    return out;
  }
}
