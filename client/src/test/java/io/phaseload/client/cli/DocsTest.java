package io.phaseload.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.ClientRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the manual in docs/ stay true to the code: the help they quote is today's, every
 * command line they show is one today's options accept, and the README stays short.
 */
class DocsTest {

  private static final Path ROOT = Path.of("..");
  private static final Path DOCS = ROOT.resolve("docs");

  /** A client command: {@code java [jvm options] -jar .../client.jar ARGS}, ARGS captured. */
  private static final Pattern COMMAND =
      Pattern.compile("java (?:-\\S+ )*-jar \\S*client\\.jar((?: [^`]*)?)");

  /** Where a shell command line goes on past the client's own arguments. */
  private static final Pattern SHELL_TAIL =
      Pattern.compile("\\s+(?:#|\\||&&|;|&|2?>|\\(|\\$\\?).*$|\"?\\s*&$|;.*$");

  @Test
  void theHelpIsOneScreen() {
    ClientRun help = ClientRun.of("--help");
    assertEquals(0, help.code(), help.err());
    long lines = help.out().lines().count();
    assertTrue(lines <= 60, "--help is " + lines + " lines, more than 60:\n" + help.out());
  }

  @Test
  void theManualQuotesEveryHelpVerbatim() throws IOException {
    String cli = Files.readString(DOCS.resolve("cli.md"));
    for (String[] args :
        new String[][] {
          {"--help"},
          {"--help-all"},
          {"report", "--help"},
          {"compare", "--help"},
          {"capacity", "--help"},
          {"sweep", "--help"},
          {"help"}
        }) {
      ClientRun help = ClientRun.of(args);
      assertEquals(0, help.code(), help.err());
      assertTrue(
          cli.contains("```\n" + help.out() + "```\n"),
          "docs/cli.md must quote `"
              + String.join(" ", args)
              + "` verbatim (scripts/docs.sh cli writes it):\n"
              + help.out());
    }
  }

  @Test
  void everyPageOfTheManualIsAHelpTopicThatTheJarHoldsAsItIs() throws IOException {
    TreeSet<String> pages = new TreeSet<>();
    try (Stream<Path> files = Files.list(DOCS)) {
      files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".md"))
          .forEach(n -> pages.add(n.substring(0, n.length() - 3)));
    }
    assertEquals(pages, new TreeSet<>(Help.TOPICS));
    for (String topic : Help.TOPICS) {
      assertEquals(
          Files.readString(DOCS.resolve(topic + ".md")),
          Help.page(topic),
          "the jar holds docs/" + topic + ".md as it is");
    }
  }

  @Test
  void anUnknownTopicIsOneLineAndExitTwo() {
    ClientRun run = ClientRun.of("help", "nonsense");
    assertEquals(ExitCode.USAGE, run.code());
    assertEquals("", run.out());
    assertTrue(run.err().startsWith("phaseload: no help topic nonsense;"), run.err());
  }

  @Test
  void theReadmeIsShortAndLinksEveryPage() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    long lines = readme.lines().count();
    assertTrue(lines <= 300, "README.md is " + lines + " lines, more than 300");
    for (String topic : Help.TOPICS) {
      assertTrue(readme.contains("(docs/" + topic + ".md)"), "README.md links docs/" + topic);
    }
  }

  @Test
  void everyCommandLineShownIsAcceptedByTodaysOptions() throws IOException {
    List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.list(DOCS)) {
      // cli.md is the help itself, checked verbatim above; its synopses are not commands.
      docs.filter(p -> p.toString().endsWith(".md") && !p.endsWith("cli.md"))
          .sorted()
          .forEach(files::add);
    }
    List<String> checked = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    for (Path file : files) {
      for (String shown : commands(Files.readString(file))) {
        if (shown.contains("[") || shown.contains("...")) {
          continue; // a synopsis (THREADS ITERATIONS [HOST PORT]), not a command to run
        }
        String[] args = words(SHELL_TAIL.matcher(shown).replaceFirst("").trim());
        String error = Main.parseError(args);
        checked.add(shown);
        if (error != null) {
          refused.add(file.getFileName() + ": `" + shown.trim() + "`: " + error);
        }
      }
    }
    assertTrue(checked.size() >= 40, "found only " + checked.size() + " command lines");
    assertEquals(List.of(), refused);
  }

  @Test
  void theCommandCheckRefusesARenamedOption() {
    assertNull(Main.parseError("20", "100", "--url", "http://127.0.0.1:1/", "-q"));
    assertTrue(Main.parseError("20", "100", "--no-such-option").contains("--no-such-option"));
    assertTrue(Main.parseError("capacity", "--slo", "p99<1ms", "--steps", "3") != null);
    assertNull(Main.parseError("help", "scenarios"));
    assertTrue(Main.parseError("help", "nonsense") != null);
  }

  /** The client's arguments of every command in the text's code: fenced blocks and `spans`. */
  static List<String> commands(String markdown) {
    List<String> found = new ArrayList<>();
    StringBuilder prose = new StringBuilder();
    boolean fenced = false;
    String pending = "";
    for (String line : markdown.split("\n", -1)) {
      if (line.startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (!fenced) {
        prose.append(line).append(' ');
        continue;
      }
      if (line.endsWith("\\")) {
        pending += line.substring(0, line.length() - 1);
        continue;
      }
      Matcher m = COMMAND.matcher(pending + line);
      pending = "";
      if (m.find()) {
        found.add(m.group(1));
      }
    }
    Matcher span = Pattern.compile("`([^`]+)`").matcher(prose);
    while (span.find()) {
      Matcher m = COMMAND.matcher(span.group(1));
      if (m.find()) {
        found.add(m.group(1));
      }
    }
    return found;
  }

  /** Splits a command line into words as a POSIX shell would: quotes and backslashes. */
  static String[] words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else if (c == '\\' && quote == '"' && i + 1 < line.length()) {
          word.append(line.charAt(++i));
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (c == '\\' && i + 1 < line.length()) {
        word.append(line.charAt(++i));
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (quote != 0) {
      throw new IllegalArgumentException("an unclosed quote in: " + line);
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words.toArray(String[]::new);
  }
}
