package io.phaseload.client.stats;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.RecordLayout;
import java.util.List;

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
   * The most rows a series of whole seconds has: a run of up to 2.8 hours keeps a row per second; a
   * longer one takes the shortest bucket of {@link #BUCKETS} that keeps its rows within it (10 s
   * for a day), so that what its percentiles hold while found, and the JSON and the page that show
   * them, do not grow with the run.
   */
  public static final long MAX_ROWS = 10_000;

  /** A second, or for a run of over {@link #MAX_ROWS} seconds the bucket that keeps to them. */
  public static long rowBucketFor(long spanNanos) {
    for (long bucket : BUCKETS) {
      if (bucket >= SECOND && (spanNanos + bucket - 1) / bucket <= MAX_ROWS) {
        return bucket;
      }
    }
    return BUCKETS.get(BUCKETS.size() - 1);
  }

  /**
   * One bucket per second ({@link #rowBucketFor} the run's length), from the run's start to the
   * bucket in which the last request started: the rows of the JSON report's {@code perSecond}.
   */
  public static TimeSeries of(LatencyRecorder recorder) {
    long last = Math.max(recorder.lastSentStart(), 0);
    long bucket = rowBucketFor(last + 1);
    return of(recorder, bucket, (last / bucket + 1) * bucket);
  }

  /**
   * Buckets of {@link #bucketFor} the run's length, covering the whole run: what charts draw. A
   * request that started after {@code runNanos} (none should) widens the span to include it.
   */
  public static TimeSeries of(LatencyRecorder recorder, long runNanos) {
    long span = Math.max(runNanos, recorder.lastSentStart() + 1);
    return of(recorder, bucketFor(span), span);
  }

  /** Buckets of {@code bucketNanos} over the first {@code spanNanos} of the run. */
  public static TimeSeries of(LatencyRecorder recorder, long bucketNanos, long spanNanos) {
    int buckets = spanNanos <= 0 ? 0 : (int) Math.max(1, spanNanos / bucketNanos);
    long[] sent = new long[buckets];
    long[] ok = new long[buckets];
    boolean open = recorder.hasIntendedStarts();
    if (buckets == 0) {
      Quantiles none = new Quantiles(sent, sent, sent);
      return new TimeSeries(bucketNanos, spanNanos, sent, ok, sent, sent, sent, open ? none : null);
    }
    // Groups 0 to buckets - 1: the headline latency; from buckets on, the service time apart.
    int groups = open ? 2 * buckets : buckets;
    ExactRanks counted =
        ExactRanks.count(groups, sink -> latencies(recorder, bucketNanos, buckets, sink, sent, ok));
    long[][] ranks = new long[groups][];
    for (int g = 0; g < groups; g++) {
      long n = counted.count(g);
      ranks[g] =
          n == 0
              ? null
              : new long[] {
                Percentiles.rank(0.50, n), Percentiles.rank(0.95, n), Percentiles.rank(0.99, n)
              };
    }
    long[][] at =
        counted
            .find(ranks, sink -> latencies(recorder, bucketNanos, buckets, sink, null, null))
            .at();
    Quantiles latency = quantiles(at, 0, buckets);
    Quantiles service = open ? quantiles(at, buckets, buckets) : null;
    return new TimeSeries(
        bucketNanos, spanNanos, sent, ok, latency.p50(), latency.p95(), latency.p99(), service);
  }

  /**
   * Hands each successful request's latency to {@code sink} in the group of the bucket it was sent
   * in (and its service time in that group {@code buckets} on, in the open model); with {@code
   * sent} and {@code ok}, counts the requests sent and the successful ones in each bucket.
   */
  private static void latencies(
      LatencyRecorder recorder,
      long bucketNanos,
      int buckets,
      ExactRanks.Sink sink,
      long[] sent,
      long[] ok) {
    boolean open = recorder.hasIntendedStarts();
    recorder.each(
        (rec, k) -> {
          int outcome = rec.outcome(k);
          if (!Outcome.sent(outcome)) {
            return;
          }
          int b = bucket(rec.startNanos(k), bucketNanos, buckets);
          boolean success = Outcome.ok(outcome);
          if (sent != null) {
            sent[b]++;
            ok[b] += success ? 1 : 0;
          }
          if (success) {
            if (open) {
              sink.add(b, RecordLayout.latency(rec.correctedTimeWord(k)));
              sink.add(buckets + b, rec.latencyNanos(k));
            } else {
              sink.add(b, rec.latencyNanos(k));
            }
          }
        });
  }

  /** The p50, p95 and p99 of groups {@code from} to {@code from + buckets}; 0 where none. */
  private static Quantiles quantiles(long[][] at, int from, int buckets) {
    long[] p50 = new long[buckets];
    long[] p95 = new long[buckets];
    long[] p99 = new long[buckets];
    for (int b = 0; b < buckets; b++) {
      if (at[from + b].length > 0) {
        p50[b] = at[from + b][0];
        p95[b] = at[from + b][1];
        p99[b] = at[from + b][2];
      }
    }
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
}
