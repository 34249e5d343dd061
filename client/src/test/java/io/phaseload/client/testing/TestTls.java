package io.phaseload.client.testing;

import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The test certificate, {@code tls/test-server.p12}: a self-signed EC key for {@code localhost} and
 * {@code 127.0.0.1}, valid until 2126, made once with
 *
 * <pre>
 * keytool -genkeypair -alias phaseload-test -keyalg EC -groupname secp256r1 \
 *   -sigalg SHA256withECDSA -validity 36500 -dname "CN=localhost, O=phaseload test" \
 *   -ext "SAN=dns:localhost,ip:127.0.0.1" -storetype PKCS12 \
 *   -keystore test-server.p12 -storepass phaseload -keypass phaseload
 * </pre>
 */
public final class TestTls {

  private static final char[] PASSWORD = "phaseload".toCharArray();

  private TestTls() {}

  /** A server context presenting the test certificate. */
  public static SSLContext server() throws IOException, GeneralSecurityException {
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(keyStore(), PASSWORD);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(kmf.getKeyManagers(), null, null);
    return context;
  }

  /** A client context that trusts the test certificate and nothing else. */
  public static SSLContext client() throws IOException, GeneralSecurityException {
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("phaseload-test", keyStore().getCertificate("phaseload-test"));
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, tmf.getTrustManagers(), null);
    return context;
  }

  /**
   * Writes the test certificate and its key as PEM files a server from Debian reads (nginx, h2o):
   * {@code dir/cert.pem} and {@code dir/key.pem} (PKCS#8).
   */
  public static void writePem(java.nio.file.Path dir) throws IOException, GeneralSecurityException {
    KeyStore ks = keyStore();
    java.util.Base64.Encoder mime =
        java.util.Base64.getMimeEncoder(
            64, "\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    byte[] cert = ks.getCertificate("phaseload-test").getEncoded();
    byte[] key = ks.getKey("phaseload-test", PASSWORD).getEncoded();
    java.nio.file.Files.writeString(
        dir.resolve("cert.pem"),
        "-----BEGIN CERTIFICATE-----\n"
            + mime.encodeToString(cert)
            + "\n-----END CERTIFICATE-----\n");
    java.nio.file.Files.writeString(
        dir.resolve("key.pem"),
        "-----BEGIN PRIVATE KEY-----\n"
            + mime.encodeToString(key)
            + "\n-----END PRIVATE KEY-----\n");
  }

  private static KeyStore keyStore() throws IOException, GeneralSecurityException {
    try (InputStream in = TestTls.class.getResourceAsStream("/tls/test-server.p12")) {
      if (in == null) {
        throw new IOException("tls/test-server.p12 is missing from the test resources");
      }
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(in, PASSWORD);
      return ks;
    }
  }
}
