package io.phaseload.lambda.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code java -jar lambda-local.jar}: arguments, exit codes and what is printed. */
class LocalGatewayMainTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** Runs the main; a gateway that starts is stopped at once. */
  private int run(String... args) {
    return LocalGatewayMain.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8),
        new CountDownLatch(0));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "--port abc",
        "--port 70000",
        "--port -1",
        "--port",
        "--threads 0",
        "--host",
        "--bogus",
        "extra"
      })
  void badArgumentsGetOneLineAndExit2(String args) {
    int code = run(args.split(" "));
    String text = err.toString(StandardCharsets.UTF_8);
    assertEquals(2, code, text);
    String[] lines = text.split("\\R");
    assertEquals(2, lines.length, text);
    assertTrue(lines[0].startsWith("lambda-local: "), text);
    assertTrue(lines[1].startsWith("Usage: "), text);
    assertFalse(text.contains("Exception"), text);
    assertEquals("", out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void helpListsEveryOption() {
    assertEquals(0, run("--help"));
    String help = out.toString(StandardCharsets.UTF_8);
    for (String option : new String[] {"--host", "--port", "--threads", "--help"}) {
      assertTrue(help.contains(option), option + " in " + help);
    }
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aPortInUseIsExit1InOneLine() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int code = run("--port", String.valueOf(taken.getLocalPort()));
      String text = err.toString(StandardCharsets.UTF_8);
      assertEquals(1, code, text);
      assertEquals(1, text.split("\\R").length, text);
      assertTrue(text.startsWith("lambda-local: cannot listen on 127.0.0.1:"), text);
    }
  }

  @Test
  void startsPrintsItsUrlAndStops() {
    assertEquals(0, run("--port", "0", "--threads", "2"));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.startsWith("phaseload local gateway listening on http://127.0.0.1:"), text);
    assertTrue(text.strip().endsWith("/sayHello"), text);
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }
}
