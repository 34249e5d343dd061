package io.phaseload.client.engine;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * How an engine trusts https targets. Immutable.
 *
 * @param context the TLS context connections are made with; null for the JDK's default (its trust
 *     store, {@code javax.net.ssl.*} properties honoured)
 * @param verifyHostname whether the certificate must name the host of the URL
 */
public record Tls(SSLContext context, boolean verifyHostname) {

  /** The JDK's default trust and host-name verification: what a run uses unless told otherwise. */
  public static Tls system() {
    return new Tls(null, true);
  }

  /** Trusts what {@code context} trusts, and verifies host names. For tests with their own CA. */
  public static Tls trusting(SSLContext context) {
    return new Tls(context, true);
  }

  /**
   * Trusts every certificate and every host name ({@code --insecure}): only for self-signed test
   * servers, since it gives up all protection against a man in the middle.
   */
  public static Tls insecure() {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {new TrustAll()}, new SecureRandom());
      return new Tls(context, false);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot make a TLS context: " + e.getMessage(), e);
    }
  }

  /** {@link #context}, or the JDK's default. */
  public SSLContext contextOrDefault() {
    if (context != null) {
      return context;
    }
    try {
      return SSLContext.getDefault();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no default TLS context: " + e.getMessage(), e);
    }
  }

  /** Accepts any server certificate. */
  private static final class TrustAll extends X509ExtendedTrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {}

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
