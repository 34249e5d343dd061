package io.phaseload.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ContractMainTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return ContractMain.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void printsTheNamedValuesOneALineInOrder() {
    assertEquals(0, run("post-answer", "path", "get-answer", "post-body"));
    assertEquals(
        String.join(
                "\n", Contract.POST_ANSWER, Contract.PATH, Contract.GET_ANSWER, Contract.POST_BODY)
            + "\n",
        out.toString(StandardCharsets.UTF_8).replace("\r\n", "\n"));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void noNameOrAnUnknownOneIsExit2WithUsageAndNothingPrinted() {
    assertEquals(2, run());
    assertEquals(2, run("path", "get-body"));
    assertEquals("", out.toString(StandardCharsets.UTF_8));
    String[] lines = err.toString(StandardCharsets.UTF_8).split("\\R");
    assertEquals(4, lines.length);
    assertTrue(lines[2].contains("unknown value 'get-body'"), lines[2]);
    assertTrue(lines[3].startsWith("Usage: "), lines[3]);
  }

  /**
   * The bench harness's nginx (scripts/bench/common.sh, which scripts/bench.sh sources) answers
   * what {@link ContractMain} prints, not bodies typed into the script.
   */
  @Test
  void benchScriptTakesTheContractFromHere() throws IOException {
    String script = Files.readString(Path.of("..", "scripts", "bench", "common.sh"));
    assertTrue(script.contains(ContractMain.class.getName()), "the bench must call ContractMain");
    assertFalse(script.contains("\"response\""), "the bench types an answer body");
    assertFalse(script.contains("\"input\""), "the bench types a POST body");
  }
}
