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
    int capacity = recorder.capacity();
    int most = (int) recorder.slotsAllocated();
    long[] connect = new long[most];
    long[] tls = new long[most];
    long[] waiting = new long[most];
    int c = 0;
    int t = 0;
    int w = 0;
    for (int k = recorder.next(0); k < capacity; k = recorder.next(k + 1)) {
      if (!recorder.reached(k) || Outcome.kind(recorder.outcome(k)) != Outcome.OK) {
        continue;
      }
      long connectNanos = recorder.connectNanos(k);
      long tlsNanos = recorder.tlsNanos(k);
      long firstByte = recorder.firstByteNanos(k);
      if (connectNanos > 0) {
        connect[c++] = connectNanos;
      }
      if (tlsNanos > 0) {
        tls[t++] = tlsNanos;
      }
      if (firstByte > 0) {
        waiting[w++] = Math.max(0, firstByte - connectNanos - tlsNanos);
      }
    }
    return new ConnectionTimes(sorted(connect, c), sorted(tls, t), sorted(waiting, w));
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
