package io.phaseload.client.live;

import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;

/**
 * What a run shows while it goes: the live page and {@code /metrics} on {@code address} ({@code
 * --live}), how long the final page stays up after the run ({@code --live-linger}), and the
 * Pushgateway pushed to ({@code --push}). Checked once, here.
 *
 * @param address where to serve the page and the metrics; null for none
 * @param linger how long to serve the final page after the run; null for until Ctrl-C
 * @param push the Pushgateway's base URL (http or https); null for none
 * @param shard the shard label every metric carries ("0/3"); null for a whole plan
 */
public record LiveConfig(InetSocketAddress address, Duration linger, URI push, String shard) {

  public LiveConfig {
    if (address == null && push == null) {
      throw new IllegalArgumentException("a live config serves a page or pushes, or both");
    }
    if (address != null && address.isUnresolved()) {
      throw new IllegalArgumentException(
          "--live " + address.getHostString() + ": not an address of this machine");
    }
    if (linger != null && linger.isNegative()) {
      throw new IllegalArgumentException("--live-linger must not be negative, got " + linger);
    }
    if (push != null
        && (push.getHost() == null
            || !("http".equals(push.getScheme()) || "https".equals(push.getScheme())))) {
      throw new IllegalArgumentException(
          "--push must be an http or https URL of a Pushgateway, got " + push);
    }
    if (push != null && push.getRawPath() != null && !push.getRawPath().matches("/?")) {
      // The client library's pusher takes the gateway's address and builds the path itself.
      throw new IllegalArgumentException(
          "--push takes the Pushgateway's base URL, http://HOST:PORT, got " + push);
    }
  }

  /**
   * {@code [ADDR:]PORT} as {@code --live} takes it: 127.0.0.1 unless an address is given; an IPv6
   * address in brackets ({@code [::1]:9090}); port 0 picks a free port.
   *
   * @throws IllegalArgumentException with the line a person reads, if it is no such thing
   */
  public static InetSocketAddress address(String spec) {
    int colon = spec.lastIndexOf(':');
    String host = colon < 0 ? "127.0.0.1" : spec.substring(0, colon);
    String port = spec.substring(colon + 1);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int p;
    try {
      p = Integer.parseInt(port);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--live takes [ADDR:]PORT, got \"" + spec + "\": the port is not a number");
    }
    if (p < 0 || p > 65535 || host.isEmpty()) {
      throw new IllegalArgumentException(
          "--live takes [ADDR:]PORT with a port from 0 to 65535, got \"" + spec + "\"");
    }
    InetSocketAddress a = new InetSocketAddress(host, p);
    if (a.isUnresolved()) {
      throw new IllegalArgumentException(
          "--live " + spec + ": " + host + " is not an address of this machine");
    }
    return a;
  }
}
