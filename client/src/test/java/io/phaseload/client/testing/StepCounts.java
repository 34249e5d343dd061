package io.phaseload.client.testing;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** What a test server counts of each step of a flow it serves. Thread-safe. */
public final class StepCounts {

  private final Map<String, AtomicInteger> steps = new ConcurrentHashMap<>();

  /** One more request of {@code step}. */
  public void count(String step) {
    steps.computeIfAbsent(step, s -> new AtomicInteger()).incrementAndGet();
  }

  /** Requests of {@code step} so far. */
  public long of(String step) {
    AtomicInteger n = steps.get(step);
    return n == null ? 0 : n.get();
  }
}
