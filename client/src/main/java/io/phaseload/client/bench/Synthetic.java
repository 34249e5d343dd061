package io.phaseload.client.bench;

import io.phaseload.client.request.Outcome;
import java.util.SplittableRandom;

/** Requests shaped like a real run's, for benchmarks that must not send any. Stateless. */
final class Synthetic {

  private Synthetic() {}

  /** A log-normal latency around 1 ms, in nanoseconds. */
  static long latency(SplittableRandom random) {
    return (long) (1_000_000 * Math.exp(random.nextGaussian() * 0.8));
  }

  /** OK, or one time in a hundred an HTTP 503. */
  static int outcome(SplittableRandom random) {
    return random.nextInt(100) == 0 ? Outcome.of(Outcome.HTTP, 503) : Outcome.of(Outcome.OK, 200);
  }
}
