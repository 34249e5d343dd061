package io.phaseload.client.stats;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordLayout;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The run cut into equal time buckets, computed once after the run from the recording: requests
 * started in each bucket, how many of them succeeded, and the exact (nearest-rank) p50, p95 and p99
 * of the successful ones' latencies. Immutable.
 *
 * <p>The latencies are the headline's: in the open model from each request's intended start
 * (corrected for coordinated omission), so that a queue growing behind an overloaded service shows
 * over time as it does in the run's p99; the service time (from the actual send) is then kept
 * beside them in {@link #serviceTime}. A request counts in the bucket it was sent in, in both.
 *
 * <p>Every bucket is {@code bucketNanos} long except the last, which also takes the remainder of
 * the run (less than one bucket), so no bucket is a sliver whose rate would be meaningless: see
 * {@link #durationNanos}.
 *
 * @param bucketNanos the length of a bucket
 * @param spanNanos the time the buckets cover, from the run's start
 * @param sent requests started in each bucket
 * @param ok successful requests among them
 * @param p50 nanoseconds, 0 for a bucket with no successful request; likewise p95 and p99: from the
 *     intended start in the open model, service time in the closed model
 * @param serviceTime the same percentiles of the service time, in the open model; null in the
 *     closed model, where they are {@code p50}, {@code p95} and {@code p99}
 */
public record TimeSeries(
    long bucketNanos,
    long spanNanos,
    long[] sent,
    long[] ok,
    long[] p50,
    long[] p95,
    long[] p99,
    Quantiles serviceTime) {

  /**
   * Each bucket's p50, p95 and p99 of one kind of latency, in nanoseconds, 0 for a bucket with no
   * successful request.
   */
  public record Quantiles(long[] p50, long[] p95, long[] p99) {}

  /** Buckets of the closed model, or of a run with no service time apart. */
  public TimeSeries(
      long bucketNanos,
      long spanNanos,
      long[] sent,
      long[] ok,
      long[] p50,
      long[] p95,
      long[] p99) {
    this(bucketNanos, spanNanos, sent, ok, p50, p95, p99, null);
  }

  /** No buckets: a document without per-second rows. */
  public static final TimeSeries EMPTY =
      new TimeSeries(1, 0, new long[0], new long[0], new long[0], new long[0], new long[0]);

  private static final long MS = 1_000_000L;
  private static final long SECOND = 1_000 * MS;

  /**
   * The bucket lengths a chart may use: round numbers a reader can say aloud, from 10 ms (finer
   * buckets hold too few requests for a rate or a percentile) up to an hour.
   */
  static final List<Long> BUCKETS =
      List.of(
          10 * MS,
          20 * MS,
          50 * MS,
          100 * MS,
          200 * MS,
          500 * MS,
          SECOND,
          2 * SECOND,
          5 * SECOND,
          10 * SECOND,
          20 * SECOND,
          30 * SECOND,
          60 * SECOND,
          120 * SECOND,
          300 * SECOND,
          600 * SECOND,
          1200 * SECOND,
          1800 * SECOND,
          3600 * SECOND);

  /** A chart line has at most this many points, so neighbours stay a few pixels apart. */
  static final int MAX_POINTS = 200;

  /**
   * The shortest bucket of {@link #BUCKETS} that cuts a run of {@code runNanos} into at most
   * {@value #MAX_POINTS} buckets: 10 ms for runs up to 2 s, 500 ms for a minute, 20 s for an hour.
   */
  public static long bucketFor(long runNanos) {
    for (long bucket : BUCKETS) {
      if (runNanos / bucket <= MAX_POINTS) {
        return bucket;
      }
    }
    return BUCKETS.get(BUCKETS.size() - 1);
  }

  /** A bucket length for a title: "10 ms", "2 s", "5 min", "1 h". */
  public static String label(long bucketNanos) {
    if (bucketNanos % (3600 * SECOND) == 0) {
      return bucketNanos / (3600 * SECOND) + " h";
    }
    if (bucketNanos % (60 * SECOND) == 0) {
      return bucketNanos / (60 * SECOND) + " min";
    }
    if (bucketNanos % SECOND == 0) {
      return bucketNanos / SECOND + " s";
    }
    return bucketNanos / MS + " ms";
  }

  /**
   * One bucket per second, from the run's start to the second in which the last request started:
   * the rows of the JSON report's {@code perSecond}.
   */
  public static TimeSeries of(LatencyRecorder recorder) {
    long span = (Math.max(lastStart(recorder), 0) / SECOND + 1) * SECOND;
    return of(recorder, SECOND, span);
  }

  /**
   * Buckets of {@link #bucketFor} the run's length, covering the whole run: what charts draw. A
   * request that started after {@code runNanos} (none should) widens the span to include it.
   */
  public static TimeSeries of(LatencyRecorder recorder, long runNanos) {
    long span = Math.max(runNanos, lastStart(recorder) + 1);
    return of(recorder, bucketFor(span), span);
  }

  /** Buckets of {@code bucketNanos} over the first {@code spanNanos} of the run. */
  public static TimeSeries of(LatencyRecorder recorder, long bucketNanos, long spanNanos) {
    int buckets = spanNanos <= 0 ? 0 : (int) Math.max(1, spanNanos / bucketNanos);
    long[] sent = new long[buckets];
    long[] ok = new long[buckets];
    int n = buckets == 0 ? 0 : recorder.capacity();
    for (int k = recorder.next(0); k < n; k = recorder.next(k + 1)) {
      if (recorder.reached(k) && Outcome.sent(recorder.outcome(k))) {
        int b = bucket(recorder.startNanos(k), bucketNanos, buckets);
        sent[b]++;
        if (Outcome.ok(recorder.outcome(k))) {
          ok[b]++;
        }
      }
    }
    int[] offset = new int[buckets + 1];
    for (int b = 0; b < buckets; b++) {
      offset[b + 1] = offset[b] + (int) ok[b];
    }
    long[] latencies = new long[offset[buckets]];
    Quantiles service = null;
    if (recorder.hasIntendedStarts()) {
      service = quantiles(recorder, bucketNanos, ok, offset, latencies, false);
    }
    Quantiles latency =
        quantiles(recorder, bucketNanos, ok, offset, latencies, recorder.hasIntendedStarts());
    return new TimeSeries(
        bucketNanos, spanNanos, sent, ok, latency.p50(), latency.p95(), latency.p99(), service);
  }

  /**
   * Each bucket's percentiles of its successful requests' latencies: from the intended start if
   * {@code corrected}, else service times.
   *
   * @param offset where each bucket's latencies begin in {@code latencies}, and where they end
   * @param latencies room for every successful latency; overwritten
   */
  private static Quantiles quantiles(
      LatencyRecorder recorder,
      long bucketNanos,
      long[] ok,
      int[] offset,
      long[] latencies,
      boolean corrected) {
    int buckets = ok.length;
    int n = buckets == 0 ? 0 : recorder.capacity();
    // Successful latencies grouped by bucket (a counting sort), then each bucket selected alone.
    int[] fill = Arrays.copyOf(offset, buckets);
    for (int k = recorder.next(0); k < n; k = recorder.next(k + 1)) {
      if (recorder.reached(k) && Outcome.ok(recorder.outcome(k))) {
        latencies[fill[bucket(recorder.startNanos(k), bucketNanos, buckets)]++] =
            corrected
                ? RecordLayout.latency(recorder.correctedTimeWord(k))
                : recorder.latencyNanos(k);
      }
    }
    long[] p50 = new long[buckets];
    long[] p95 = new long[buckets];
    long[] p99 = new long[buckets];
    // Three order statistics by selection, each in the part the previous one left above it: the
    // values sorting would give, without sorting every bucket. Buckets are apart, so they are
    // selected in parallel: after the run, the cores are the report's.
    IntStream.range(0, buckets)
        .parallel()
        .filter(b -> ok[b] > 0)
        .forEach(
            b -> {
              int from = offset[b];
              int to = offset[b + 1];
              long r50 = Percentiles.rank(0.50, ok[b]);
              long r95 = Percentiles.rank(0.95, ok[b]);
              long r99 = Percentiles.rank(0.99, ok[b]);
              p50[b] = Percentiles.select(latencies, from, to, r50);
              p95[b] = Percentiles.select(latencies, from + (int) r50 - 1, to, r95 - r50 + 1);
              p99[b] = Percentiles.select(latencies, from + (int) r95 - 1, to, r99 - r95 + 1);
            });
    return new Quantiles(p50, p95, p99);
  }

  /** The number of buckets; 0 for a run of no length. */
  public int buckets() {
    return sent.length;
  }

  /** When bucket {@code b} begins, in nanoseconds since the run began. */
  public long startNanos(int b) {
    return b * bucketNanos;
  }

  /** How long bucket {@code b} is: {@link #bucketNanos}, except the last, which ends the span. */
  public long durationNanos(int b) {
    return b == buckets() - 1 ? spanNanos - startNanos(b) : bucketNanos;
  }

  private static int bucket(long startNanos, long bucketNanos, int buckets) {
    return (int) Math.min(Math.max(startNanos, 0) / bucketNanos, buckets - 1);
  }

  /** When the last request started; -1 if none was sent. */
  private static long lastStart(LatencyRecorder recorder) {
    long last = -1;
    for (int k = recorder.next(0); k < recorder.capacity(); k = recorder.next(k + 1)) {
      if (recorder.reached(k) && Outcome.sent(recorder.outcome(k))) {
        last = Math.max(last, recorder.startNanos(k));
      }
    }
    return last;
  }
}
