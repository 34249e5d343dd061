package io.phaseload.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.ClientRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code help TOPIC} prints a page of the manual for a terminal, not its Markdown: no comments, no
 * fences, no link syntax; the topic in any case; a mistyped topic names the nearest.
 */
class HelpTopicTest {

  @Test
  void markdownBecomesPlainText() {
    String page =
        """
        # Watching a run

        A **run** of *minutes* is `--live 9464`, after a `<!-- sample -->` line (see [the shapes](load-shapes.md), \
        [setup](scenarios.md#setup-and-teardown), [below](#options), [results](../results/bench.md) \
        and [Pushgateway](https://github.com/prometheus/pushgateway)); snake_case stays, \\*too\\*.

        <!-- sample keep="^(SLO)" -->
        ```
        $ java -jar client/target/client.jar 1 1

        Total 1
        ```

        ## Options

        | option | what it does |
        | --- | --- |
        | `--live PORT` | serves the page |
        | `a\\|b` | either |

        ![The live page](img/live-page.png)
        """;
    assertEquals(
        """
        Watching a run
        ==============

        A run of minutes is --live 9464, after a <!-- sample --> line (see the shapes (help load-shapes), setup (help scenarios), \
        below, results (results/bench.md) and Pushgateway \
        (https://github.com/prometheus/pushgateway)); snake_case stays, *too*.

            $ java -jar client/target/client.jar 1 1

            Total 1

        Options
        -------

        option       what it does
        -----------  ---------------
        --live PORT  serves the page
        a|b          either

        [picture: The live page, docs/img/live-page.png]
        """,
        ManualText.render(page));
  }

  @Test
  void aTableTooWideForColumnsIsARowPerEntry() {
    String cell = "word ".repeat(30).strip();
    assertEquals(
        "key\n-\nname\n    "
            + "word ".repeat(19).strip()
            + "\n    "
            + "word ".repeat(11).strip()
            + "\n",
        ManualText.render("key\n-\n\n| key | meaning |\n| --- | --- |\n| `name` | " + cell + " |\n")
            .replace("\n\n", "\n"));
  }

  @Test
  void everyTopicPrintsWithoutMarkup() {
    for (String topic : Help.TOPICS) {
      ClientRun run = ClientRun.of("help", topic);
      assertEquals(ExitCode.OK, run.code(), run.err());
      // Code is shown as written, four spaces in; the prose around it has no markup left.
      List<String> prose = run.out().lines().filter(l -> !l.startsWith("    ")).toList();
      for (String markup : List.of("```", "](", "**")) {
        assertFalse(
            prose.stream().anyMatch(l -> l.contains(markup)), "help " + topic + " shows " + markup);
      }
      assertFalse(prose.stream().anyMatch(l -> l.startsWith("<!--")), "help " + topic + ": <!--");
      assertFalse(prose.stream().anyMatch(l -> l.startsWith("#")), "help " + topic + ": # heading");
      assertTrue(prose.size() > 10, "help " + topic);
    }
  }

  @Test
  void topicsAreCaseInsensitive() {
    ClientRun upper = ClientRun.of("help", "Scenarios");
    assertEquals(ExitCode.OK, upper.code(), upper.err());
    assertEquals(ClientRun.of("help", "scenarios").out(), upper.out());
    assertEquals(ExitCode.OK, ClientRun.of("help", "LOAD-SHAPES.md").code());
  }

  @Test
  void aMistypedTopicNamesTheNearest() {
    ClientRun run = ClientRun.of("help", "scenario");
    assertEquals(ExitCode.USAGE, run.code());
    assertEquals("", run.out());
    assertEquals(
        "phaseload: no help topic scenario; did you mean scenarios?",
        run.err().lines().findFirst().orElse(""));
  }
}
