package io.phaseload.client.cli;

import java.io.PrintStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.ParserProperties;

/** What the run and sweep command lines share: the parser's setup and how a usage error reads. */
final class Cli {

  private static final Pattern NEGATIVE_NUMBER =
      Pattern.compile("\"(-[0-9][0-9.]*)\" is not a valid option");

  private Cli() {}

  static CmdLineParser parser(Object options) {
    return new CmdLineParser(
        options, ParserProperties.defaults().withUsageWidth(100).withShowDefaults(false));
  }

  /** The one line a parse error gets; args4j takes "-5" for an option where a number was meant. */
  static String message(CmdLineException e) {
    Matcher negative = NEGATIVE_NUMBER.matcher(String.valueOf(e.getMessage()));
    if (negative.matches()) {
      return "THREADS, ITERATIONS and PORT must be positive, got " + negative.group(1);
    }
    return e.getMessage();
  }

  /** Prints "phaseload: MESSAGE" and the usage hint; returns the usage exit code. */
  static int usageError(PrintStream err, String message, String usage) {
    err.println("phaseload: " + message);
    err.println(usage);
    return Main.USAGE;
  }
}
