package io.phaseload.client.stats;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;

/**
 * The one definition of the HTTP/2 stream wait's figures ({@code --http2}): a request handed to a
 * connection whose every stream the limits allow was open waited for one to close, and its wait is
 * part of its latency. Which requests waited, out of those sent (a request not sent never reached a
 * stream), and how long the successful ones waited, as the latency is over successful requests;
 * percentiles by {@link Percentiles nearest rank}, exact ({@link ExactRanks}). Immutable.
 *
 * @param sent the requests sent: what the share is of
 * @param waited the requests sent that waited for a stream (a wait over 0), failed ones included
 * @param waits the waits of the successful requests that waited, in nanoseconds; count 0 and every
 *     figure 0 when none did
 */
public record StreamWait(long sent, long waited, LatencyStats waits) {

  public StreamWait {
    if (sent < 0 || waited < 0 || waited > sent || waits.count() > waited) {
      throw new IllegalArgumentException(
          "a stream wait of " + waited + " of " + sent + " requests, " + waits.count() + " timed");
    }
  }

  /** The share of the requests sent that waited for a stream, 0 to 1; 0 when none was sent. */
  public double share() {
    return sent == 0 ? 0 : (double) waited / sent;
  }

  /**
   * The stream waits {@code recorder} holds; null if it holds none (a run over HTTP/1.1). Reads the
   * recording in a pass to count, and in the passes {@link ExactRanks#find} takes for the ranks;
   * called after the run.
   */
  public static StreamWait of(LatencyRecorder recorder) {
    if (!recorder.streamWait()) {
      return null;
    }
    long[] counts = new long[2]; // sent, waited
    ExactRanks counted = ExactRanks.count(1, sink -> waits(recorder, sink, counts));
    LatencyStats waits = LatencyStats.EMPTY;
    if (counted.count(0) > 0) {
      long[][] ranks = {LatencyStats.ranks(counted.count(0))};
      long[][] at = counted.find(ranks, sink -> waits(recorder, sink, null)).at();
      waits = LatencyStats.of(counted, 0, at[0]);
    }
    return new StreamWait(counts[0], counts[1], waits);
  }

  /**
   * Hands the wait of every successful request that waited to {@code sink}, in group 0; with {@code
   * counts}, also counts the requests sent and those of them that waited.
   */
  private static void waits(LatencyRecorder recorder, ExactRanks.Sink sink, long[] counts) {
    recorder.each(
        (rec, k) -> {
          int outcome = rec.outcome(k);
          if (!Outcome.sent(outcome)) {
            return;
          }
          long wait = rec.streamWaitNanos(k);
          if (counts != null) {
            counts[0]++;
            counts[1] += wait > 0 ? 1 : 0;
          }
          if (wait > 0 && Outcome.ok(outcome)) {
            sink.add(0, wait);
          }
        });
  }
}
