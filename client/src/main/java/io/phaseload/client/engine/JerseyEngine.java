package io.phaseload.client.engine;

import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Operation;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.HttpsSupport;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;
import org.glassfish.jersey.apache5.connector.Apache5ClientProperties;
import org.glassfish.jersey.apache5.connector.Apache5ConnectorProvider;
import org.glassfish.jersey.apache5.connector.Apache5HttpClientBuilderConfigurator;
import org.glassfish.jersey.client.ClientConfig;
import org.glassfish.jersey.client.ClientProperties;
import org.glassfish.jersey.client.RequestEntityProcessing;

/**
 * The Jersey client on Apache HttpClient 5: one shared client whose pool holds a connection for
 * every thread of the busiest phase, so that the pool is never what limits the run (its default of
 * 5 per route is why home-grown clients stall). Automatic retries are off: every request the client
 * counts is exactly one request the server sees.
 */
public final class JerseyEngine implements Engine {

  private final Client client;
  private final PoolingHttpClientConnectionManager pool;
  private final WebTarget target;

  private final Reasons reasons;
  private volatile boolean aborted;

  public JerseyEngine(Engines.Settings settings) {
    Target target = settings.target();
    int maxConnections = settings.maxConnections();
    Duration connectTimeout = settings.connectTimeout();
    Duration readTimeout = settings.readTimeout();
    Tls tls = settings.tls();
    this.reasons = settings.reasons();
    Timeout connect = Timeout.ofMilliseconds(connectTimeout.toMillis());
    Timeout read = Timeout.ofMilliseconds(readTimeout.toMillis());
    this.pool =
        PoolingHttpClientConnectionManagerBuilder.create()
            .setMaxConnTotal(maxConnections)
            .setMaxConnPerRoute(maxConnections)
            .setDefaultSocketConfig(
                SocketConfig.custom().setSoTimeout(read).setTcpNoDelay(true).build())
            .setTlsSocketStrategy(
                new DefaultClientTlsStrategy(
                    tls.contextOrDefault(),
                    tls.verifyHostname()
                        ? HttpsSupport.getDefaultHostnameVerifier()
                        : NoopHostnameVerifier.INSTANCE))
            .setDefaultConnectionConfig(
                ConnectionConfig.custom().setConnectTimeout(connect).setSocketTimeout(read).build())
            .build();
    ClientConfig config =
        new ClientConfig()
            .connectorProvider(new Apache5ConnectorProvider())
            .property(Apache5ClientProperties.CONNECTION_MANAGER, pool)
            .property(Apache5ClientProperties.CONNECTION_MANAGER_SHARED, false)
            .property(ClientProperties.CONNECT_TIMEOUT, (int) connectTimeout.toMillis())
            .property(ClientProperties.READ_TIMEOUT, (int) readTimeout.toMillis())
            .property(ClientProperties.FOLLOW_REDIRECTS, false)
            // Buffered entities carry Content-Length, as the raw engine sends them, not chunks.
            .property(ClientProperties.REQUEST_ENTITY_PROCESSING, RequestEntityProcessing.BUFFERED)
            .register(
                (Apache5HttpClientBuilderConfigurator)
                    builder -> builder.disableAutomaticRetries().disableContentCompression());
    this.client = ClientBuilder.newClient(config);
    this.target = client.target(target.uri());
  }

  @Override
  public String name() {
    return "jersey";
  }

  @Override
  public Session open() {
    Invocation get =
        target
            .request(MediaType.APPLICATION_JSON_TYPE)
            .header(HttpHeaders.USER_AGENT, RawEngine.USER_AGENT)
            .buildGet();
    Invocation post =
        target
            .request(MediaType.APPLICATION_JSON_TYPE)
            .header(HttpHeaders.USER_AGENT, RawEngine.USER_AGENT)
            .buildPost(Entity.entity(ContractCheck.POST_BODY, MediaType.APPLICATION_JSON_TYPE));
    return new Session() {
      @Override
      public int execute(Operation op) {
        try (Response response = (op == Operation.GET ? get : post).invoke()) {
          int status = response.getStatus();
          byte[] body = response.readEntity(byte[].class);
          return Outcome.ofResponse(
              status, body != null && ContractCheck.matches(op, body, 0, body.length));
        } catch (ProcessingException | IllegalStateException e) {
          return Failures.outcomeOf(e, reasons, true, aborted);
        }
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public void abort() {
    aborted = true;
    // IMMEDIATE closes leased connections too, which unblocks their threads' reads.
    pool.close(CloseMode.IMMEDIATE);
  }

  @Override
  public void close() {
    client.close();
    pool.close();
  }
}
