package io.phaseload.common;

import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.ParserProperties;

/**
 * The life of a {@code java -jar} service (the server, the local gateway): parse the command line,
 * start listening, print where, serve until SIGTERM or Ctrl-C (or a test's latch), stop. Exit
 * codes: 0 stopped, 1 cannot listen, 2 bad command line. Stateless.
 */
public final class ServiceMain {

  /** A service's command line, as args4j fills it. */
  public interface Options<C> {
    /** Whether --help was asked for. */
    boolean help();

    /**
     * The checked configuration.
     *
     * @throws IllegalArgumentException with a message for a person
     */
    C config();

    /** Where the configuration asks to listen, for the message when it cannot. */
    String address(C config);
  }

  /** A started service: the line it prints once listening, and how it stops. */
  public interface Running {
    String listening();

    void close();
  }

  /** Starts a service from its configuration. */
  public interface Starter<C> {
    Running start(C config) throws IOException;
  }

  private ServiceMain() {}

  /**
   * Runs a service until {@code stop} counts down or the JVM shuts down; returns the exit code.
   *
   * @param name the prefix of its error lines ("server")
   * @param jar the jar's name in usage lines ("server.jar")
   * @param usage what to type, printed after a bad command line
   */
  public static <C> int run(
      String name,
      String jar,
      String usage,
      Options<C> options,
      Starter<C> starter,
      String[] args,
      PrintStream out,
      PrintStream err,
      CountDownLatch stop) {
    CmdLineParser parser =
        new CmdLineParser(
            options, ParserProperties.defaults().withUsageWidth(100).withShowDefaults(false));
    C config;
    try {
      parser.parseArgument(args);
      if (options.help()) {
        out.println("Usage: java -jar " + jar + " [options]");
        parser.printUsage(out);
        return 0;
      }
      config = options.config();
    } catch (CmdLineException | IllegalArgumentException e) {
      err.println(name + ": " + e.getMessage());
      err.println(usage);
      return 2;
    }
    Running running;
    try {
      running = starter.start(config);
    } catch (IOException e) {
      err.println(name + ": cannot listen on " + options.address(config) + ": " + e.getMessage());
      return 1;
    }
    out.println(running.listening());
    out.flush();
    StopSignal.awaitThenClose(stop, running::close);
    return 0;
  }
}
