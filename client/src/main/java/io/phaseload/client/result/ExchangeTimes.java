package io.phaseload.client.result;

/**
 * How the connection of an engine's last exchange was opened, where the engine opens one per
 * request ({@code --no-keepalive}): what {@link LatencyRecorder#recordConnection(int,
 * ExchangeTimes)} records. Each time is in nanoseconds, 0 if there was none or the engine does not
 * measure it. Read by the thread that made the exchange, once its answer is in.
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
