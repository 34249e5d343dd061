package io.phaseload.client.engine;

import io.phaseload.client.plan.Target;
import java.io.IOException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * Asks an https target which protocol it speaks, before the run: one TLS handshake offering {@code
 * h2} and {@code http/1.1} by ALPN, as curl does, with the run's trust settings. The server's
 * choice is the run's, and every report names it.
 */
public final class Alpn {

  private Alpn() {}

  /** How long the probe may take to connect and handshake. */
  private static final int TIMEOUT_MILLIS = 5_000;

  /**
   * The protocol a run that asked for {@code asked} speaks to {@code target}: HTTP/1.1 where HTTP/2
   * was asked without insisting, on https, and the server chose HTTP/1.1 by ALPN; else as asked.
   */
  public static Protocol spoken(Protocol asked, Target target, Tls tls) {
    if (!asked.http2() || asked.insist() || !target.tls()) {
      return asked;
    }
    return choosesH2(new Origin(target, tls)) ? asked : Protocol.HTTP_1_1;
  }

  /**
   * Whether {@code origin} chooses {@code h2}. True if the probe fails (the server cannot be
   * reached, or its certificate is refused): the run then meets that failure on its own
   * connections, and counts it, as HTTP/2 was asked.
   */
  static boolean choosesH2(Origin origin) {
    if (origin.tlsContext == null) {
      return true;
    }
    try (SSLSocket s = (SSLSocket) origin.tlsFactory.createSocket()) {
      s.connect(new java.net.InetSocketAddress(origin.host, origin.port), TIMEOUT_MILLIS);
      s.setSoTimeout(TIMEOUT_MILLIS);
      SSLParameters p = s.getSSLParameters();
      p.setApplicationProtocols(new String[] {"h2", "http/1.1"});
      p.setEndpointIdentificationAlgorithm(origin.verifyHostname ? "HTTPS" : null);
      if (!origin.serverNames.isEmpty()) {
        p.setServerNames(origin.serverNames);
      }
      s.setSSLParameters(p);
      s.startHandshake();
      return "h2".equals(s.getApplicationProtocol());
    } catch (IOException | RuntimeException e) {
      return true;
    }
  }
}
