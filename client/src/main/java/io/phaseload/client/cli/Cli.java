package io.phaseload.client.cli;

import java.io.PrintStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kohsuke.args4j.ClassParser;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.ParserProperties;

/** What the run and sweep command lines share: the parser's setup and how a usage error reads. */
final class Cli {

  private static final Pattern NEGATIVE_NUMBER =
      Pattern.compile("\"(-[0-9][0-9.]*)\" is not a valid option");

  private Cli() {}

  /**
   * One parser filling every bean, listing options in --help in the beans' order and each bean's
   * declaration order, so that a group's options read together. args4j's own {@code @FILE}
   * expansion (a file's lines as more arguments) is off: {@code -d @FILE} is curl's body from a
   * file, and a JSON body over several lines must stay one body.
   */
  static CmdLineParser parser(Object... beans) {
    CmdLineParser parser =
        new CmdLineParser(
            beans[0],
            ParserProperties.defaults()
                .withUsageWidth(100)
                .withShowDefaults(false)
                .withOptionSorter(null)
                .withAtSyntax(false));
    for (int i = 1; i < beans.length; i++) {
      new ClassParser().parse(beans[i], parser);
    }
    return parser;
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
    return ExitCode.USAGE;
  }
}
