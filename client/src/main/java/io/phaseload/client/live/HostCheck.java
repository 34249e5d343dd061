package io.phaseload.client.live;

import com.sun.net.httpserver.Authenticator;
import com.sun.net.httpserver.HttpExchange;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The live port answers only requests whose {@code Host} names it: the address it is bound to (as
 * given, or as its IP literal) or {@code localhost}, each with or without its port. Anything else,
 * a missing {@code Host} too, gets 421 Misdirected Request, so that a web page whose name was
 * rebound to 127.0.0.1 (DNS rebinding) cannot read the live page or the metrics through the user's
 * browser. Bound to the wildcard address, any IP literal is its host: rebinding needs a name.
 *
 * <p>Thread-safe: the port is set once the server has it, before a page can know it.
 */
final class HostCheck extends Authenticator {

  private final InetAddress address;
  private final Set<String> names;
  private volatile String port = "";

  HostCheck(InetSocketAddress bound) {
    this.address = bound.getAddress();
    this.names =
        Set.copyOf(
            List.of(
                address.getHostAddress().toLowerCase(Locale.ROOT),
                bound.getHostString().toLowerCase(Locale.ROOT),
                "localhost"));
  }

  /** The port the server was given: a Host with another port is refused. */
  void port(int bound) {
    port = String.valueOf(bound);
  }

  @Override
  public Result authenticate(HttpExchange exchange) {
    String host = exchange.getRequestHeaders().getFirst("Host");
    return host != null && allowed(host.trim().toLowerCase(Locale.ROOT))
        ? new Success(null)
        : new Failure(421);
  }

  /** Whether {@code host} ({@code NAME[:PORT]}, lower case) names this server. */
  boolean allowed(String host) {
    int colon = host.lastIndexOf(':');
    String name = host;
    if (colon > host.lastIndexOf(']')) {
      if (!host.substring(colon + 1).equals(port)) {
        return false;
      }
      name = host.substring(0, colon);
    }
    if (names.contains(name)) {
      return true;
    }
    if (name.startsWith("[") && name.endsWith("]")) {
      try {
        // A bracketed literal is parsed, never looked up: [::1] is 0:0:0:0:0:0:0:1.
        InetAddress a = InetAddress.getByName(name);
        return address.isAnyLocalAddress() || a.equals(address);
      } catch (UnknownHostException e) {
        return false;
      }
    }
    return address.isAnyLocalAddress() && name.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
  }
}
