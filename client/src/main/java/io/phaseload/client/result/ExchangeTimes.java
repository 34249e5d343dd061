package io.phaseload.client.result;

/**
 * The times of an engine's last exchange besides its latency: how its connection was opened, where
 * the engine opens one per request ({@code --no-keepalive}), and how long it waited for an HTTP/2
 * stream: what {@link LatencyRecorder#recordExchange(int, ExchangeTimes)} records, of those the
 * recording holds. Each time is in nanoseconds, 0 if there was none or the engine does not measure
 * it. Read by the thread that made the exchange, once its answer is in.
 */
public interface ExchangeTimes {

  /** The last exchange's TCP connect. */
  default long connectNanos() {
    return 0;
  }

  /** The last exchange's TLS handshake. */
  default long tlsNanos() {
    return 0;
  }

  /** From the last exchange's start (before any connect) to its response's first byte. */
  default long firstByteNanos() {
    return 0;
  }

  /**
   * How long the last exchange waited for a free HTTP/2 stream: from its hand-over, on a ready
   * connection with every stream the limits allow open, to its stream's opening; 0 if it waited for
   * none (HTTP/1.1, or a stream was free).
   */
  default long streamWaitNanos() {
    return 0;
  }
}
