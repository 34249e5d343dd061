package io.phaseload.client.compare;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;

/**
 * A run cut into blocks of time (by each request's send), each block holding per request name a
 * latency histogram of its successful requests and its counts: what the block bootstrap resamples.
 * Latencies within a run are correlated in time (a slow second slows every request in it), so the
 * run's noise is estimated by resampling whole blocks, not single requests. The histogram's buckets
 * are {@value #GROWTH_PERCENT}% wide on a log scale, so a quantile read from it is within 0.5% of
 * the exact one; the point estimates themselves come from the exact summary. Immutable once built.
 */
public final class Blocks {

  /** Each bucket is this many percent wider than the one below. */
  public static final int GROWTH_PERCENT = 1;

  /** Buckets from 1 ns to about 100 s. */
  static final int BUCKETS = 2600;

  /** A block is a second of the run... */
  static final long BLOCK_NANOS = 1_000_000_000L;

  /** ...unless that leaves fewer blocks than this, too few to resample: then shorter ones... */
  static final int MIN_BLOCKS = 20;

  /** ...or more than this, which only costs time: then longer ones (more conservative). */
  static final int MAX_BLOCKS = 300;

  private static final double LOG_GROWTH = Math.log1p(GROWTH_PERCENT / 100.0);

  /** [block][row][bucket]: row 0 is every request, row 1 + r request r. */
  final int[][][] histograms;

  /** [block][row]: successful requests. */
  final long[][] ok;

  /** [block][row]: requests that failed or were not sent. */
  final long[][] errors;

  final long blockNanos;

  private Blocks(int blocks, int rows, long blockNanos) {
    histograms = new int[blocks][rows][];
    ok = new long[blocks][rows];
    errors = new long[blocks][rows];
    this.blockNanos = blockNanos;
  }

  /**
   * The blocks of a recording, from its first send: latency from intended times in the open model
   * (as its summary).
   */
  public static Blocks of(LatencyRecorder rec, int requestNames) {
    long[] span = {Long.MAX_VALUE, 0};
    rec.each(
        (r, k) -> {
          span[0] = Math.min(span[0], r.startNanos(k));
          span[1] = Math.max(span[1], r.startNanos(k));
        });
    if (span[0] == Long.MAX_VALUE) {
      return new Blocks(0, requestNames + 1, BLOCK_NANOS);
    }
    return of(rec, requestNames, -1, span[0], span[1] + 1);
  }

  /**
   * The blocks of the requests of phase {@code phase} (any phase if -1) sent in [{@code from},
   * {@code to}): a window of a run, as a drift compares two ({@link DriftNoise}).
   */
  public static Blocks of(LatencyRecorder rec, int requestNames, int phase, long from, long to) {
    long blockNanos = blockNanos(to - 1 - from);
    int count = (int) ((to - 1 - from) / blockNanos) + 1;
    Blocks b = new Blocks(count, requestNames + 1, blockNanos);
    rec.each(
        (r, k) -> {
          long sent = r.startNanos(k);
          if (sent < from || sent >= to || phase >= 0 && r.phase(k) != phase) {
            return;
          }
          int block = (int) ((sent - from) / blockNanos);
          int row = 1 + r.request(k);
          if (Outcome.ok(r.outcome(k))) {
            int bucket = bucket(r.hasIntendedStarts() ? r.correctedNanos(k) : r.latencyNanos(k));
            b.add(block, 0, bucket);
            b.add(block, row, bucket);
          } else {
            b.errors[block][0]++;
            b.errors[block][row]++;
          }
        });
    return b;
  }

  /** The block length for a run whose sends span {@code span}: 1 s, within the limits above. */
  static long blockNanos(long span) {
    long n = Math.min(BLOCK_NANOS, Math.max(1, span / MIN_BLOCKS));
    return Math.max(n, span / MAX_BLOCKS + 1);
  }

  private void add(int block, int row, int bucket) {
    int[] h = histograms[block][row];
    if (h == null) {
      h = new int[BUCKETS];
      histograms[block][row] = h;
    }
    h[bucket]++;
    ok[block][row]++;
  }

  public int count() {
    return ok.length;
  }

  static int bucket(long nanos) {
    if (nanos <= 1) {
      return 0;
    }
    return (int) Math.min(BUCKETS - 1, Math.round(Math.log(nanos) / LOG_GROWTH));
  }

  /** The latency a bucket stands for. */
  static double value(int bucket) {
    return Math.exp(bucket * LOG_GROWTH);
  }
}
