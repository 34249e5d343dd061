package io.phaseload.client.stats;

import io.phaseload.client.engine.Outcome;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Counts and latency of one slice of a run: everything, one phase, one operation, or one phase's
 * operation. Immutable.
 *
 * @param phase the phase name, or "ALL"
 * @param operation "GET", "POST", or "ALL"
 * @param sent requests sent
 * @param byKind requests per {@link Outcome} kind, indexed by kind
 * @param statuses non-200 HTTP statuses and how often each was answered
 * @param latency latency of the successful requests
 * @param failedLatency latency of the failed requests (time to the error)
 */
public record Group(
    String phase,
    String operation,
    long sent,
    long[] byKind,
    SortedMap<Integer, Long> statuses,
    LatencyStats latency,
    LatencyStats failedLatency) {

  public static final String ALL = "ALL";

  public Group {
    byKind = byKind.clone();
    statuses = Collections.unmodifiableSortedMap(new TreeMap<>(statuses));
  }

  public long ok() {
    return byKind[Outcome.OK];
  }

  public long failed() {
    return sent - ok();
  }

  public long count(int kind) {
    return byKind[kind];
  }

  @Override
  public long[] byKind() {
    return byKind.clone();
  }
}
