package io.phaseload.client.stats;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.OpenedAhead;
import java.util.Arrays;

/**
 * Where the time of requests that opened their own connection went ({@code --no-keepalive}), in the
 * terms k6 reports: connecting ({@code http_req_connecting}), the TLS handshake ({@code
 * http_req_tls_handshaking}) and waiting for the first byte of the response once connected ({@code
 * http_req_waiting}, which here includes writing the request). Over successful requests, as the
 * latency is; percentiles by nearest rank. Also the connects and handshakes of the connections the
 * open model opened in its setup ({@link #ofOpenedAhead}), which no request's latency holds.
 * Immutable.
 *
 * @param connecting the TCP connects of the successful requests that made one
 * @param tls the TLS handshakes of those that made one (count 0 on plain http)
 * @param waiting the first byte's arrival after the connect and handshake, of those whose engine
 *     saw it
 */
public record ConnectionTimes(LatencyStats connecting, LatencyStats tls, LatencyStats waiting) {

  /**
   * The times {@code recorder} holds; null if it holds none (a run that kept its connections).
   * Reads the recording once per statistic; called after the run.
   */
  public static ConnectionTimes of(LatencyRecorder recorder) {
    if (!recorder.connections()) {
      return null;
    }
    ExactRanks.Values times = sink -> times(recorder, sink);
    ExactRanks counted = ExactRanks.count(3, times);
    long[][] ranks = new long[3][];
    for (int g = 0; g < 3; g++) {
      ranks[g] = counted.count(g) == 0 ? null : LatencyStats.ranks(counted.count(g));
    }
    long[][] at = counted.find(ranks, times).at();
    return new ConnectionTimes(
        LatencyStats.of(counted, 0, at[0]),
        LatencyStats.of(counted, 1, at[1]),
        LatencyStats.of(counted, 2, at[2]));
  }

  /** The successful requests' connects (group 0), handshakes (1) and waits (2) that were made. */
  private static void times(LatencyRecorder recorder, ExactRanks.Sink sink) {
    recorder.each(
        (rec, k) -> {
          if (Outcome.kind(rec.outcome(k)) != Outcome.OK) {
            return;
          }
          long connectNanos = rec.connectNanos(k);
          long tlsNanos = rec.tlsNanos(k);
          long firstByte = rec.firstByteNanos(k);
          if (connectNanos > 0) {
            sink.add(0, connectNanos);
          }
          if (tlsNanos > 0) {
            sink.add(1, tlsNanos);
          }
          if (firstByte > 0) {
            sink.add(2, Math.max(0, firstByte - connectNanos - tlsNanos));
          }
        });
  }

  /**
   * The connects and TLS handshakes of the connections opened ahead, in the setup; no waiting (no
   * request went with them).
   */
  public static ConnectionTimes ofOpenedAhead(OpenedAhead ahead) {
    long[] connect = ahead.connectNanos();
    long[] tls = ahead.tlsNanos();
    return new ConnectionTimes(
        sorted(connect, connect.length), sorted(tls, tls.length), LatencyStats.EMPTY);
  }

  private static LatencyStats sorted(long[] values, int n) {
    long[] v = Arrays.copyOf(values, n);
    Arrays.sort(v);
    return LatencyStats.ofSorted(v);
  }
}
