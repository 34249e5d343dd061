package io.phaseload.server;

import io.phaseload.common.ServiceMain;
import io.phaseload.common.ThreadMode;
import org.kohsuke.args4j.Option;

/**
 * The command line of {@code server.jar}, as args4j fills it. Made and read by {@link ServerMain}
 * only; {@link #config} checks the values.
 */
final class ServerOptions implements ServiceMain.Options<ServerConfig> {

  @Option(
      name = "--host",
      metaVar = "HOST",
      usage = "address to bind (default 127.0.0.1; use 0.0.0.0 on EC2)")
  String host = ServerConfig.DEFAULT_HOST;

  @Option(name = "--port", metaVar = "PORT", usage = "TCP port, 0 for any free port (default 8080)")
  int port = ServerConfig.DEFAULT_PORT;

  @Option(
      name = "--workers",
      metaVar = "N",
      usage = "platform worker threads (default 4 x cores, min 8)")
  int workers = ServerConfig.defaultWorkers();

  @Option(
      name = "--max-body",
      metaVar = "BYTES",
      usage = "largest POST body accepted, else 413 (default 1048576)")
  int maxBody = ServerConfig.DEFAULT_MAX_BODY_BYTES;

  @Option(
      name = "--idle-timeout",
      metaVar = "SECONDS",
      usage = "close keep-alive connections idle this long (default 30)")
  int idleTimeout = ServerConfig.DEFAULT_IDLE_TIMEOUT_SECONDS;

  @Option(
      name = "--worker-threads",
      metaVar = "MODE",
      usage = "auto (virtual on JDK 21+), platform (a pool of --workers) or virtual (default auto)")
  String workerThreads = "auto";

  @Option(
      name = "--no-inline",
      usage =
          "run every request on a worker thread (default: a request that arrived whole runs on the"
              + " I/O thread that read it; the workers take bodies still arriving)")
  boolean noInline;

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
  public String address(ServerConfig config) {
    return config.host() + ":" + config.port();
  }

  @Override
  public ServerConfig config() {
    ServerConfig config =
        new ServerConfig(
            host, port, workers, maxBody, idleTimeout, ThreadMode.parse(workerThreads), !noInline);
    config.workerThreads().resolve();
    return config;
  }
}
