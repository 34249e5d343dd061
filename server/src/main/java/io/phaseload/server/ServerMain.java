package io.phaseload.server;

import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.Option;
import org.kohsuke.args4j.ParserProperties;

/**
 * {@code java -jar server.jar [--host H] [--port P] [--workers N]}: runs the server until SIGTERM
 * or Ctrl-C, then stops it gracefully.
 */
public final class ServerMain {

  @Option(
      name = "--host",
      metaVar = "HOST",
      usage = "address to bind (default 127.0.0.1; use 0.0.0.0 on EC2)")
  private String host = ServerConfig.DEFAULT_HOST;

  @Option(name = "--port", metaVar = "PORT", usage = "TCP port, 0 for any free port (default 8080)")
  private int port = ServerConfig.DEFAULT_PORT;

  @Option(
      name = "--workers",
      metaVar = "N",
      usage = "platform worker threads (default 4 x cores, min 8)")
  private int workers = ServerConfig.defaultWorkers();

  @Option(
      name = "--max-body",
      metaVar = "BYTES",
      usage = "largest POST body accepted, else 413 (default 1048576)")
  private int maxBody = ServerConfig.DEFAULT_MAX_BODY_BYTES;

  @Option(
      name = "--idle-timeout",
      metaVar = "SECONDS",
      usage = "close keep-alive connections idle this long (default 30)")
  private int idleTimeout = ServerConfig.DEFAULT_IDLE_TIMEOUT_SECONDS;

  @Option(
      name = "--worker-threads",
      metaVar = "MODE",
      usage = "auto (virtual on JDK 21+), platform (a pool of --workers) or virtual (default auto)")
  private String workerThreads = "auto";

  @Option(
      name = "--no-inline",
      usage =
          "run every request on a worker thread (default: a request that arrived whole runs on the"
              + " I/O thread that read it; the workers take bodies still arriving)")
  private boolean noInline;

  @Option(name = "--help", aliases = "-h", help = true, usage = "show this help")
  private boolean help;

  public static void main(String[] args) {
    int code = run(args, System.out, System.err, new CountDownLatch(1));
    if (code != 0) {
      System.exit(code);
    }
  }

  /**
   * Parses, starts, and blocks until {@code stop} counts down (the shutdown hook does it on
   * SIGTERM). Returns the exit code.
   */
  static int run(String[] args, PrintStream out, PrintStream err, CountDownLatch stop) {
    ServerMain options = new ServerMain();
    CmdLineParser parser =
        new CmdLineParser(
            options, ParserProperties.defaults().withUsageWidth(100).withShowDefaults(false));
    ServerConfig config;
    try {
      parser.parseArgument(args);
      if (options.help) {
        out.println("Usage: java -jar server.jar [options]");
        parser.printUsage(out);
        return 0;
      }
      config =
          new ServerConfig(
              options.host,
              options.port,
              options.workers,
              options.maxBody,
              options.idleTimeout,
              WorkerThreads.parse(options.workerThreads),
              !options.noInline);
      config.workerThreads().resolve();
    } catch (CmdLineException | IllegalArgumentException e) {
      err.println("server: " + e.getMessage());
      err.println(
          "Usage: java -jar server.jar [--host HOST] [--port PORT] [options]; --help for more");
      return 2;
    }
    PhaseloadServer server;
    try {
      server = PhaseloadServer.start(config);
    } catch (IOException e) {
      err.println(
          "server: cannot listen on "
              + config.host()
              + ":"
              + config.port()
              + ": "
              + e.getMessage());
      return 1;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              stop.countDown();
              try {
                stopped.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "phaseload-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    out.println(
        "phaseload server listening on "
            + server.baseUri()
            + "sayHello ("
            + (config.workerThreads().resolve() == WorkerThreads.VIRTUAL
                ? "a virtual thread per request"
                : config.workers() + " worker threads")
            + ")");
    out.flush();
    try {
      stop.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      try {
        server.close();
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // the hook is running: it waits on stopped below
        }
        out.println("phaseload server stopped");
        out.flush();
      } finally {
        // Always release the shutdown hook, or a failed close would hang SIGTERM forever.
        stopped.countDown();
      }
    }
    return 0;
  }
}
