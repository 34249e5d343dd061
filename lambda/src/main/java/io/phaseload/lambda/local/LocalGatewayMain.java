package io.phaseload.lambda.local;

import io.phaseload.common.StopSignal;
import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.ParserProperties;

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
    LocalGatewayOptions options = new LocalGatewayOptions();
    CmdLineParser parser =
        new CmdLineParser(
            options, ParserProperties.defaults().withUsageWidth(100).withShowDefaults(false));
    LocalGatewayConfig config;
    try {
      parser.parseArgument(args);
      if (options.help) {
        out.println("Usage: java -jar lambda-local.jar [options]");
        parser.printUsage(out);
        return 0;
      }
      config = options.config();
    } catch (CmdLineException | IllegalArgumentException e) {
      err.println("lambda-local: " + e.getMessage());
      err.println(USAGE);
      return 2;
    }
    LocalGateway gateway;
    try {
      gateway = LocalGateway.start(config);
    } catch (IOException e) {
      err.println(
          "lambda-local: cannot listen on "
              + config.host()
              + ":"
              + config.port()
              + ": "
              + e.getMessage());
      return 1;
    }
    out.println("phaseload local gateway listening on " + gateway.url());
    out.flush();
    StopSignal.awaitThenClose(stop, gateway::close);
    return 0;
  }
}
