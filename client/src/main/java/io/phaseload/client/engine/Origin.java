package io.phaseload.client.engine;

import io.phaseload.client.plan.Target;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;

/** Where a session connects: one per distinct scheme, host and port of the scenario. */
public final class Origin {
  private static final Pattern IPV4 = Pattern.compile("[0-9]+(\\.[0-9]+){3}");

  public final String host;
  public final int port;

  /** Null for plain http. */
  public final SSLContext tlsContext;

  /** {@link #tlsContext}'s sockets; null for plain http. */
  public final SSLSocketFactory tlsFactory;

  public final boolean verifyHostname;

  /** The SNI name to send; empty for IP literals, which SNI does not carry. */
  public final List<SNIServerName> serverNames;

  /** The Host header's value. */
  public final byte[] hostHeader;

  public Origin(Target target, Tls tls) {
    String h = target.host();
    this.host = h.startsWith("[") ? h.substring(1, h.length() - 1) : h;
    this.port = target.port();
    this.tlsContext = target.tls() ? tls.contextOrDefault() : null;
    this.tlsFactory = tlsContext == null ? null : tlsContext.getSocketFactory();
    this.verifyHostname = tls.verifyHostname();
    this.serverNames = sniNames(host);
    // The Host header carries the port when the URL names one or it is not the scheme's
    // default, as browsers and Apache HttpClient send it.
    int defaultPort = target.tls() ? 443 : 80;
    boolean showPort = target.uri().getPort() > 0 || target.port() != defaultPort;
    this.hostHeader =
        (target.host() + (showPort ? ":" + target.port() : "")).getBytes(StandardCharsets.UTF_8);
  }

  private static List<SNIServerName> sniNames(String host) {
    if (host.indexOf(':') >= 0 || IPV4.matcher(host).matches()) {
      return List.of();
    }
    try {
      return List.of(new SNIHostName(host));
    } catch (IllegalArgumentException e) {
      return List.of(); // not a name SNI can carry (e.g. an underscore); the handshake goes on
    }
  }
}
