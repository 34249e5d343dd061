package io.phaseload.client.engine.loop;

import io.phaseload.client.engine.Origin;
import java.io.IOException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * Asks an https origin which protocol it speaks, before the run: one TLS handshake offering {@code
 * h2} and {@code http/1.1} by ALPN, as curl does, with the run's trust settings. The server's
 * choice is the run's for that origin.
 */
final class Alpn {

  private Alpn() {}

  /** How long the probe may take to connect and handshake. */
  private static final int TIMEOUT_MILLIS = 5_000;

  /**
   * Whether {@code origin} chooses {@code h2}. True if the probe fails (the server cannot be
   * reached, or its certificate is refused): the run then meets that failure on its own
   * connections, and counts it, as HTTP/2 was asked.
   */
  static boolean choosesH2(Origin origin) {
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
