package io.phaseload.client.cli;

import io.phaseload.client.engine.Protocol;
import io.phaseload.client.plan.Target;
import java.time.Duration;
import java.util.List;
import org.kohsuke.args4j.Option;

/**
 * Where requests go and how long they may take: the options a run and a sweep share. Filled by
 * args4j; not thread-safe.
 */
final class TargetOptions {

  static final String DEFAULT_PATH = "/sayHello";

  @Option(
      name = "--url",
      metaVar = "URL",
      usage = "target URL instead of HOST PORT (http or https); alone, one GET per iteration")
  String url;

  @Option(name = "--path", metaVar = "PATH", usage = "path on HOST PORT (default /sayHello)")
  String path;

  @Option(
      name = "--connect-timeout",
      metaVar = "MS",
      usage = "connect timeout in milliseconds (default 5000)")
  int connectTimeoutMs = 5000;

  @Option(
      name = "--read-timeout",
      metaVar = "MS",
      usage = "longest a response may take, body included, in ms (default 30000)")
  int readTimeoutMs = 30000;

  @Option(
      name = "--insecure",
      usage = "https: trust any certificate and host name (self-signed test servers only)")
  boolean insecure;

  @Option(
      name = "--http2",
      forbids = {"--http1.1", "--http2-prior-knowledge"},
      usage =
          "speak HTTP/2: h2c with prior knowledge on http, ALPN on https (the server's choice is"
              + " used); on the loop engine")
  boolean http2;

  @Option(
      name = "--http2-prior-knowledge",
      forbids = {"--http1.1", "--http2"},
      usage = "speak HTTP/2 with no fall back: h2c on http, only h2 offered by ALPN on https")
  boolean http2PriorKnowledge;

  @Option(
      name = "--http1.1",
      forbids = {"--http2", "--http2-prior-knowledge"},
      usage = "speak HTTP/1.1 (the default)")
  boolean http11;

  @Option(
      name = "--connections",
      metaVar = "C",
      usage =
          "HTTP/2: the users share C connections (h2load's -c; default one per user), spread"
              + " over the loops")
  Integer connections;

  @Option(
      name = "--streams",
      metaVar = "M",
      usage =
          "HTTP/2: at most M streams open at once on each connection (h2load's -m; default the"
              + " server's SETTINGS_MAX_CONCURRENT_STREAMS, which caps M); a request that finds"
              + " them all open waits, and the wait is counted")
  Integer streams;

  /** The protocol these options ask for. */
  Protocol protocol() {
    boolean h2 = http2 || http2PriorKnowledge;
    if (!h2 && (connections != null || streams != null)) {
      throw new IllegalArgumentException(
          "--connections and --streams share HTTP/2 connections: add --http2");
    }
    if (connections != null && connections < 1) {
      throw new IllegalArgumentException("--connections must be at least 1, got " + connections);
    }
    if (streams != null && streams < 1) {
      throw new IllegalArgumentException("--streams must be at least 1, got " + streams);
    }
    return h2
        ? new Protocol(
            true,
            http2PriorKnowledge,
            connections == null ? 0 : connections,
            streams == null ? 0 : streams)
        : Protocol.HTTP_1_1;
  }

  @Option(
      name = "--no-keepalive",
      usage =
          "a new connection for every request, closed after its response (Connection: close);"
              + " its connect and TLS times are reported apart")
  boolean noKeepAlive;

  /** The path on HOST PORT or the embedded server. */
  String path() {
    return path == null ? DEFAULT_PATH : path;
  }

  /**
   * The target HOST PORT or --url names; null for the embedded server.
   *
   * @param hostPort empty, or HOST and PORT
   */
  Target target(List<String> hostPort) throws UsageException {
    if (url != null && path != null) {
      throw new UsageException("--path is for HOST PORT; with --url, put the path in the URL");
    }
    try {
      if (hostPort.size() == 2) {
        if (url != null) {
          throw new UsageException("give either HOST PORT or --url, not both");
        }
        return Target.of(hostPort.get(0), Args.port(hostPort.get(1)), path());
      }
      if (url == null) {
        return null;
      }
      String meant = Target.withScheme(url);
      if (meant != null) {
        throw new UsageException("--url needs a scheme: did you mean " + meant + "?");
      }
      return Target.parse(url);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  Duration connectTimeout() throws UsageException {
    if (connectTimeoutMs < 1) {
      throw new UsageException("--connect-timeout must be at least 1 ms, got " + connectTimeoutMs);
    }
    return Duration.ofMillis(connectTimeoutMs);
  }

  Duration readTimeout() throws UsageException {
    if (readTimeoutMs < 1) {
      throw new UsageException("--read-timeout must be at least 1 ms, got " + readTimeoutMs);
    }
    return Duration.ofMillis(readTimeoutMs);
  }
}
