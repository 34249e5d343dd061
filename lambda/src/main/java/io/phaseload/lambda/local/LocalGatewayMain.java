package io.phaseload.lambda.local;

import io.phaseload.common.ServiceMain;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar lambda/target/lambda-local.jar [--port 3000] [--host 127.0.0.1]}: the local
 * gateway until Ctrl-C or SIGTERM. Exit codes: 0 stopped, 1 cannot listen, 2 bad command line. Only
 * {@link #main} exits the JVM; tests call {@link #run}.
 */
public final class LocalGatewayMain {

  static final String USAGE =
      "Usage: java -jar lambda-local.jar [--port PORT] [--host HOST] [options]; --help for more";

  private LocalGatewayMain() {}

  public static void main(String[] args) {
    int code = run(args, System.out, System.err);
    if (code != 0) {
      // Not on 0: the gateway stopped because the JVM is shutting down, and exit would block.
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
        "lambda-local",
        "lambda-local.jar",
        USAGE,
        new LocalGatewayOptions(),
        config -> {
          LocalGateway gateway = LocalGateway.start(config);
          return new ServiceMain.Running() {
            @Override
            public String listening() {
              return "phaseload local gateway listening on " + gateway.url();
            }

            @Override
            public void close() {
              gateway.close();
            }
          };
        },
        args,
        out,
        err,
        stop);
  }
}
