package io.phaseload.lambda.local;

import io.phaseload.common.ServiceMain;
import org.kohsuke.args4j.Option;

/**
 * The command line of {@code lambda-local.jar}, as args4j fills it. Made and read by {@link
 * LocalGatewayMain} only; {@link #config} checks the values.
 */
final class LocalGatewayOptions implements ServiceMain.Options<LocalGatewayConfig> {

  @Option(name = "--host", metaVar = "HOST", usage = "address to bind (default 127.0.0.1)")
  String host = LocalGatewayConfig.DEFAULT_HOST;

  @Option(name = "--port", metaVar = "PORT", usage = "TCP port, 0 for any free port (default 3000)")
  int port = LocalGatewayConfig.DEFAULT_PORT;

  @Option(
      name = "--threads",
      metaVar = "N",
      usage = "requests handled at once, one warm handler call each (default 64)")
  int threads = LocalGatewayConfig.DEFAULT_THREADS;

  @Option(name = "--help", aliases = "-h", help = true, usage = "show this help")
  boolean help;

  /**
   * The configuration these options describe.
   *
   * @throws IllegalArgumentException with a one-line reason if a value is out of range
   */
  @Override
  public boolean help() {
    return help;
  }

  @Override
  public String address(LocalGatewayConfig config) {
    return config.host() + ":" + config.port();
  }

  @Override
  public LocalGatewayConfig config() {
    return new LocalGatewayConfig(host, port, threads);
  }
}
