package io.phaseload.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what the server received and answered on its load endpoints (not {@code /health} or {@code
 * /stats}), so that a client's totals can be checked against them. Thread-safe: every method may be
 * called from any worker thread at any time.
 */
public final class RequestStats {

  private final LongAdder received = new LongAdder();
  private final LongAdder answered = new LongAdder();
  private final LongAdder accepted = new LongAdder();
  private final ConcurrentHashMap<String, LongAdder> byEndpoint = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Integer, LongAdder> byStatus = new ConcurrentHashMap<>();

  /** Called once for every counted request that reaches Jersey, before it is matched. */
  void onReceived() {
    received.increment();
  }

  /** Called once for every counted response, with its endpoint key ("GET /sayHello") and status. */
  void onAnswered(String endpoint, int status) {
    answered.increment();
    byEndpoint.computeIfAbsent(endpoint, k -> new LongAdder()).increment();
    byStatus.computeIfAbsent(status, k -> new LongAdder()).increment();
  }

  /** Called once for every TCP connection the listener accepts. */
  void onAccepted() {
    accepted.increment();
  }

  /**
   * Connections the server accepted, on any endpoint: a client that reuses its connections opens
   * few, one that closes each after its response ({@code --no-keepalive}) one per request.
   */
  public long connections() {
    return accepted.sum();
  }

  public long received() {
    return received.sum();
  }

  public long answered() {
    return answered.sum();
  }

  /** How many requests the endpoint answered (any status); 0 if none. */
  public long endpoint(String endpoint) {
    LongAdder adder = byEndpoint.get(endpoint);
    return adder == null ? 0 : adder.sum();
  }

  /** How many responses carried the status; 0 if none. */
  public long status(int status) {
    LongAdder adder = byStatus.get(status);
    return adder == null ? 0 : adder.sum();
  }

  /** A consistent-enough snapshot for JSON: sorted maps of endpoint and status counts. */
  public Map<String, Object> snapshot() {
    Map<String, Long> endpoints = new TreeMap<>();
    byEndpoint.forEach((k, v) -> endpoints.put(k, v.sum()));
    Map<String, Long> statuses = new TreeMap<>();
    byStatus.forEach((k, v) -> statuses.put(String.valueOf(k), v.sum()));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("received", received());
    out.put("answered", answered());
    out.put("endpoints", endpoints);
    out.put("statuses", statuses);
    return out;
  }
}
