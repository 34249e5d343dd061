package io.phaseload.client.cli;

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
