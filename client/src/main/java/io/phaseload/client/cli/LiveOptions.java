package io.phaseload.client.cli;

import io.phaseload.client.live.LiveConfig;
import io.phaseload.client.plan.Durations;
import io.phaseload.client.plan.Shard;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import org.kohsuke.args4j.Option;

/** Watching a run while it goes: the live page, its metrics, the pushes. Filled by args4j. */
final class LiveOptions {

  @Option(
      name = "--live",
      metaVar = "[ADDR:]PORT",
      usage =
          "serve a live page of the run, updated every second, at http://ADDR:PORT/ (127.0.0.1"
              + " unless ADDR is given), and its metrics for Prometheus at /metrics; after the run"
              + " the final report page, until Ctrl-C or --live-linger")
  String live;

  @Option(
      name = "--live-linger",
      metaVar = "D",
      usage = "after the run, serve the final page for D (e.g. 30s, 2m) instead of until Ctrl-C")
  String linger;

  @Option(
      name = "--push",
      metaVar = "URL",
      usage =
          "push the metrics to the Prometheus Pushgateway at URL every 5 s and once at the end"
              + " (job phaseload, and a shard label with --shard)")
  String push;

  /** The checked options; null when the run is not watched. */
  LiveConfig config(Shard shard) throws UsageException {
    if (live == null && push == null) {
      if (linger != null) {
        throw new UsageException("--live-linger needs --live");
      }
      return null;
    }
    if (linger != null && live == null) {
      throw new UsageException("--live-linger needs --live");
    }
    try {
      Duration d = linger == null ? null : Durations.parse("--live-linger", linger);
      return new LiveConfig(
          live == null ? null : LiveConfig.address(live),
          d,
          push == null ? null : uri(push),
          shard.whole() ? null : shard.toString());
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private static URI uri(String text) throws UsageException {
    try {
      return new URI(text);
    } catch (URISyntaxException e) {
      throw new UsageException("--push " + text + ": not a URL: " + e.getReason());
    }
  }
}
