package io.phaseload.client.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kohsuke.args4j.ClassParser;
import org.kohsuke.args4j.CmdLineException;
import org.kohsuke.args4j.CmdLineParser;
import org.kohsuke.args4j.NamedOptionDef;
import org.kohsuke.args4j.ParserProperties;
import org.kohsuke.args4j.spi.OptionHandler;

/** What the run and sweep command lines share: the parser's setup and how a usage error reads. */
final class Cli {

  private static final Pattern NEGATIVE_NUMBER =
      Pattern.compile("\"(-[0-9][0-9.]*)\" is not a valid option");
  private static final Pattern UNKNOWN_OPTION = Pattern.compile("\"(-.+)\" is not a valid option");

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

  /**
   * The one line a parse error gets: args4j takes "-5" for an option where a number was meant, and
   * an unknown option is followed by the command's nearest ones ({@code --stage}: did you mean
   * {@code --stages}?).
   */
  static String message(CmdLineException e) {
    String message = String.valueOf(e.getMessage());
    Matcher negative = NEGATIVE_NUMBER.matcher(message);
    if (negative.matches()) {
      return "THREADS, ITERATIONS and PORT must be positive, got " + negative.group(1);
    }
    Matcher unknown = UNKNOWN_OPTION.matcher(message);
    if (unknown.matches() && e.getParser() != null) {
      String typed = unknown.group(1);
      int equals = typed.indexOf('=');
      return message + Nearest.hint(equals > 0 ? typed.substring(0, equals) : typed, names(e));
    }
    return message;
  }

  /** Every option name and alias of the parser that failed. */
  private static List<String> names(CmdLineException e) {
    List<String> names = new ArrayList<>();
    for (OptionHandler<?> h : e.getParser().getOptions()) {
      if (h.option instanceof NamedOptionDef named) {
        names.add(named.name());
        names.addAll(List.of(named.aliases()));
      }
    }
    return names;
  }

  /** Prints "phaseload: MESSAGE" and the usage hint; returns the usage exit code. */
  static int usageError(PrintStream err, String message, String usage) {
    err.println("phaseload: " + message);
    err.println(usage);
    return ExitCode.USAGE;
  }
}
