package io.phaseload.client.report;

import io.phaseload.client.stats.LatencyStats;
import io.phaseload.client.stats.StreamWait;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The HTTP/2 stream wait ({@link StreamWait}) as the text report gives it: how many of the requests
 * sent waited for a free stream, and how long the successful ones waited. Only a run over HTTP/2
 * has one. Stateless.
 */
final class StreamWaitReport {

  private StreamWaitReport() {}

  /**
   * The text report's "Stream wait" block: the requests that waited, then, if any successful one
   * did, their waits' mean, median, p90, p99 and max.
   */
  static void print(StreamWait w, PrintStream out) {
    out.println(
        String.format(
            Locale.ROOT,
            "Stream wait (HTTP/2, for a free stream, in the latency): %d of %d requests sent"
                + " waited (%.1f%%)",
            w.waited(),
            w.sent(),
            100 * w.share()));
    LatencyStats l = w.waits();
    if (l.count() == 0) {
      return;
    }
    out.println(
        "  Waits of the successful: mean "
            + Millis.text(l.mean())
            + " ms, median "
            + Millis.text(l.p50())
            + " ms, p90 "
            + Millis.text(l.p90())
            + " ms, p99 "
            + Millis.text(l.p99())
            + " ms, max "
            + Millis.text(l.max())
            + " ms ("
            + l.count()
            + " requests)");
  }
}
