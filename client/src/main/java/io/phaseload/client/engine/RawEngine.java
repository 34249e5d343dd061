package io.phaseload.client.engine;

import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Operation;
import io.phaseload.client.request.Reasons;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLSocketFactory;

/**
 * A lean blocking HTTP/1.1 engine: each session owns one persistent connection (TLS through {@code
 * SSLSocket} for https), sends requests serialized once here, and reads responses into buffers it
 * reuses. See {@link RawSession} for how connections are kept and replaced.
 *
 * <p>Thread-safe: the engine holds only immutable state; sessions are per thread.
 */
public final class RawEngine implements Engine {

  /** The User-Agent both engines send. */
  static final String USER_AGENT = "phaseload";

  private static final Pattern IPV4 = Pattern.compile("[0-9]+(\\.[0-9]+){3}");

  final String host;
  final int port;
  final int connectTimeoutMillis;
  final int readTimeoutMillis;

  /** Null for plain http. */
  final SSLSocketFactory tlsFactory;

  final boolean verifyHostname;

  /** The SNI name to send; empty for IP literals, which SNI does not carry. */
  final List<SNIServerName> serverNames;

  private final byte[] get;
  private final byte[] post;

  /** Every connected socket, so that {@link #abort} can close them; touched on connect only. */
  private final Set<Socket> live = ConcurrentHashMap.newKeySet();

  private volatile boolean aborted;

  final Reasons reasons;

  public RawEngine(Engines.Settings settings) {
    Target target = settings.target();
    Tls tls = settings.tls();
    String h = target.host();
    this.host = h.startsWith("[") ? h.substring(1, h.length() - 1) : h;
    this.port = target.port();
    this.connectTimeoutMillis = millis(settings.connectTimeout());
    this.readTimeoutMillis = millis(settings.readTimeout());
    this.reasons = settings.reasons();
    this.tlsFactory = target.tls() ? tls.contextOrDefault().getSocketFactory() : null;
    this.verifyHostname = tls.verifyHostname();
    this.serverNames = sniNames(host);
    this.get = request(target, "GET", null);
    this.post = request(target, "POST", ContractCheck.POST_BODY);
  }

  @Override
  public String name() {
    return "raw";
  }

  @Override
  public Session open() {
    return new RawSession(this);
  }

  @Override
  public void prepare() {
    Engine.super.prepare();
    new ResponseReader();
  }

  @Override
  public void abort() {
    aborted = true;
    for (Socket s : live) {
      try {
        s.close();
      } catch (IOException e) {
        // closing is all we want; a failure to close leaves nothing more to do
      }
    }
  }

  @Override
  public void close() {}

  /** Registers a new connection; refuses it if the engine was aborted. */
  void connected(Socket s) throws IOException {
    live.add(s);
    if (aborted) {
      live.remove(s);
      throw new Failures.AbortedException();
    }
  }

  boolean aborted() {
    return aborted;
  }

  void disconnected(Socket s) {
    live.remove(s);
  }

  /** The bytes sent for {@code op}; shared, never modified. */
  byte[] requestBytes(Operation op) {
    return op == Operation.GET ? get : post;
  }

  /**
   * The request head and body. The Host header carries the port when the URL names one or it is not
   * the scheme's default, as browsers and Apache HttpClient send it.
   */
  static byte[] request(Target target, String method, String body) {
    int defaultPort = target.tls() ? 443 : 80;
    boolean showPort = target.uri().getPort() > 0 || target.port() != defaultPort;
    StringBuilder sb = new StringBuilder(256);
    sb.append(method).append(' ').append(target.pathAndQuery()).append(" HTTP/1.1\r\n");
    sb.append("Host: ").append(target.host());
    if (showPort) {
      sb.append(':').append(target.port());
    }
    sb.append("\r\n");
    sb.append("User-Agent: ").append(USER_AGENT).append("\r\n");
    sb.append("Accept: application/json\r\n");
    sb.append("Connection: keep-alive\r\n");
    byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    if (body != null) {
      sb.append("Content-Type: application/json\r\n");
      sb.append("Content-Length: ").append(content.length).append("\r\n");
    }
    sb.append("\r\n");
    byte[] head = sb.toString().getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[head.length + content.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(content, 0, all, head.length, content.length);
    return all;
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

  private static int millis(Duration d) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, d.toMillis()));
  }
}
