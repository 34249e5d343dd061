package io.phaseload.server;

import io.phaseload.common.Contract;
import io.phaseload.common.StopSignal;
import io.phaseload.common.ThreadMode;
import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.ParserProperties;

/**
 * {@code java -jar server.jar [--host H] [--port P] [--workers N] ...}: runs the server until
 * SIGTERM or Ctrl-C, then stops it gracefully. Exit codes: 0 stopped, 1 cannot listen, 2 bad
 * command line. Only {@link #main} exits the JVM; tests call {@link #run}.
 */
public final class ServerMain {

  static final String USAGE =
      "Usage: java -jar server.jar [--host HOST] [--port PORT] [options]; --help for more";

  private ServerMain() {}

  public static void main(String[] args) {
    int code = run(args, System.out, System.err);
    if (code != 0) {
      // Not on 0: the server stopped because the JVM is shutting down, and exit would block.
      System.exit(code);
    }
  }

  /** Parses, starts, and serves until SIGTERM or Ctrl-C. Returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, out, err, new CountDownLatch(1));
  }

  /**
   * {@link #run(String[], PrintStream, PrintStream)}, also stopping when {@code stop} counts down.
   */
  static int run(String[] args, PrintStream out, PrintStream err, CountDownLatch stop) {
    ServerOptions options = new ServerOptions();
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
      config = options.config();
    } catch (CmdLineException | IllegalArgumentException e) {
      err.println("server: " + e.getMessage());
      err.println(USAGE);
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
    out.println(
        "phaseload server listening on "
            + server.baseUri().resolve(Contract.PATH)
            + " ("
            + (config.workerThreads().resolve() == ThreadMode.VIRTUAL
                ? "a virtual thread per request"
                : config.workers() + " worker threads")
            + ")");
    out.flush();
    StopSignal.awaitThenClose(
        stop,
        () -> {
          server.close();
          out.println("phaseload server stopped");
          out.flush();
        });
    return 0;
  }
}
