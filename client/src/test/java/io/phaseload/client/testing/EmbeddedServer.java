package io.phaseload.client.testing;

import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.RequestStats;
import io.phaseload.server.ServerConfig;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * server.jar's embedded server on an ephemeral loopback port, shared by a test class's tests:
 * started before the class's first test (before its own {@code @BeforeAll} methods), closed after
 * its last. Counts such as {@link #stats} therefore run on across the class's tests.
 *
 * <pre>
 * &#64;RegisterExtension static final EmbeddedServer server = new EmbeddedServer();
 * </pre>
 *
 * <p>Only in a static field: one server per class, read from the tests' threads.
 */
public final class EmbeddedServer implements BeforeAllCallback, AfterAllCallback {

  private volatile PhaseloadServer server;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    server = PhaseloadServer.start(ServerConfig.ephemeral());
  }

  @Override
  public void afterAll(ExtensionContext context) {
    PhaseloadServer s = server;
    server = null;
    if (s != null) {
      s.close();
    }
  }

  private PhaseloadServer running() {
    PhaseloadServer s = server;
    if (s == null) {
      throw new IllegalStateException(
          "the embedded server runs only while its class's tests do: register it in a static field");
    }
    return s;
  }

  public int port() {
    return running().port();
  }

  /** {@code http://127.0.0.1:PORT} and {@code path}. */
  public String url(String path) {
    return "http://127.0.0.1:" + port() + path;
  }

  /** What the server has answered since it started, by endpoint. */
  public RequestStats stats() {
    return running().stats();
  }
}
