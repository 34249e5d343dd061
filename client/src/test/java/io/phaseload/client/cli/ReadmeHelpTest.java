package io.phaseload.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.ClientRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README quotes {@code --help} and {@code report --help} verbatim. */
class ReadmeHelpTest {

  private static final Path README = Path.of("..", "README.md");

  @Test
  void theReadmeQuotesBothHelpsVerbatim() throws IOException {
    String readme = Files.readString(README);
    for (String[] args : new String[][] {{"--help"}, {"report", "--help"}}) {
      ClientRun help = ClientRun.of(args);
      assertEquals(0, help.code(), help.err());
      assertTrue(
          readme.contains("```\n" + help.out() + "```\n"),
          "README.md must quote `" + String.join(" ", args) + "` verbatim:\n" + help.out());
    }
  }
}
