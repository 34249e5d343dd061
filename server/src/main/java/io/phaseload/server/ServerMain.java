package io.phaseload.server;

import io.phaseload.common.Contract;
import io.phaseload.common.ServiceMain;
import io.phaseload.common.ThreadMode;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;

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
    return ServiceMain.run(
        "server",
        "server.jar",
        USAGE,
        new ServerOptions(),
        config -> {
          PhaseloadServer server = PhaseloadServer.start(config);
          return new ServiceMain.Running() {
            @Override
            public String listening() {
              return "phaseload server listening on "
                  + server.baseUri().resolve(Contract.PATH)
                  + " ("
                  + (config.workerThreads().resolve() == ThreadMode.VIRTUAL
                      ? "a virtual thread per request"
                      : config.workers() + " worker threads")
                  + ")";
            }

            @Override
            public void close() {
              server.close();
              out.println("phaseload server stopped");
              out.flush();
            }
          };
        },
        args,
        out,
        err,
        stop);
  }
}
