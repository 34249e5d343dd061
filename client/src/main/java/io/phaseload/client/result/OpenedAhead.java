package io.phaseload.client.result;

import io.phaseload.client.request.Outcome;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The connections an open-model run opened before its schedule's clock started, as wrk2 and
 * Hyperfoil open theirs before their first request: connected, and TLS-handshaken on https, in its
 * setup, so that opening thousands of them at once neither makes the first arrivals late nor counts
 * in any latency. A connection that did not open within its timeouts is counted here with its
 * reason, and its user opens one on its first request, as every user did before. Each one opened
 * leaves its connect's and handshake's times, the setup's own, as {@code --no-keepalive} leaves
 * every request's in {@link LatencyRecorder#connectNanos}.
 *
 * <p>Thread-safe: the engine's threads count into it while the run sets up; reports read it after
 * the run.
 */
public final class OpenedAhead {

  /** Each opened connection's connect and TLS handshake (0 on plain http), in the order done. */
  private final long[] connectNanos;

  private final long[] tlsNanos;
  private final AtomicInteger timed = new AtomicInteger();

  private final AtomicLong users = new AtomicLong();
  private final AtomicLong connections = new AtomicLong();
  private final AtomicLong opened = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final ConcurrentHashMap<Integer, LongAdder> byOutcome = new ConcurrentHashMap<>();
  private volatile long nanos;

  /**
   * @param capacity the connections whose times are kept: those the run expects to open ahead (more
   *     are counted, without their times)
   */
  public OpenedAhead(int capacity) {
    this.connectNanos = new long[capacity];
    this.tlsNanos = new long[capacity];
  }

  /** {@code n} more connections, of one more user, are being opened ahead. */
  public void begin(int n) {
    users.incrementAndGet();
    connections.addAndGet(n);
  }

  /**
   * One of them is open, after a connect of {@code connect} ns and, on https, a handshake of {@code
   * tls} ns (0 on plain http).
   */
  public void open(long connect, long tls) {
    int k = timed.getAndIncrement();
    if (k < connectNanos.length) {
      connectNanos[k] = connect;
      tlsNanos[k] = tls;
    }
    opened.incrementAndGet();
  }

  /** One of them did not open: {@code outcome} is the packed {@link Outcome} it failed with. */
  public void fail(int outcome) {
    failed.incrementAndGet();
    byOutcome.computeIfAbsent(outcome, o -> new LongAdder()).increment();
  }

  /** How long the opening took, from the first connect to the last one's end. */
  public void took(long openingNanos) {
    nanos = openingNanos;
  }

  /**
   * Collects the opening's garbage, once it is over and before the clock starts: a TLS handshake
   * leaves tens of KB (keys, buffers, the engine's state), and thousands of them would otherwise be
   * collected by a pause in the schedule's first seconds, which makes its arrivals late. Called by
   * the engine that opened them; a no-op under {@code -XX:+DisableExplicitGC}.
   */
  public static void collectGarbage() {
    System.gc();
  }

  /** The users whose connections were opened ahead. */
  public long users() {
    return users.get();
  }

  /** The connections asked for: one per user and origin of the scenario. */
  public long connections() {
    return connections.get();
  }

  public long opened() {
    return opened.get();
  }

  public long failed() {
    return failed.get();
  }

  public long nanos() {
    return nanos;
  }

  /** The connects of the connections opened, as many as were kept, in no order. */
  public long[] connectNanos() {
    return Arrays.copyOf(connectNanos, Math.min(timed.get(), connectNanos.length));
  }

  /** Their TLS handshakes; empty on plain http. */
  public long[] tlsNanos() {
    long[] all = Arrays.copyOf(tlsNanos, Math.min(timed.get(), tlsNanos.length));
    return Arrays.stream(all).filter(t -> t > 0).toArray();
  }

  /**
   * The failures by packed {@link Outcome} (kind and {@link io.phaseload.client.request.Reasons}
   * code), in outcome order; empty if none failed.
   */
  public Map<Integer, Long> failures() {
    Map<Integer, Long> out = new TreeMap<>();
    byOutcome.forEach((o, n) -> out.put(o, n.sum()));
    return out;
  }
}
