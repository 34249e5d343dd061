package io.phaseload.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.TestTls;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --insecure} end to end: an https server with a self-signed certificate. */
@Timeout(60)
class InsecureOptionTest {

  @ParameterizedTest
  @ValueSource(strings = {"raw", "jersey"})
  void selfSignedServerIsRefusedUnlessInsecure(String engine) throws Exception {
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.contract(r), TestTls.server())) {
      String[] args = {"2", "3", "--phases", "1.0", "--url", server.url("/sayHello")};
      String[] engineArgs = {"--engine", engine};

      ByteArrayOutputStream refused = new ByteArrayOutputStream();
      assertEquals(Main.FAILED, run(refused, concat(args, engineArgs)));
      assertTrue(refused.toString(StandardCharsets.UTF_8).contains("io 12"), refused::toString);
      assertEquals(0, server.requests());

      ByteArrayOutputStream trusted = new ByteArrayOutputStream();
      assertEquals(Main.OK, run(trusted, concat(args, engineArgs, new String[] {"--insecure"})));
      assertEquals(12, server.requests());
    }
  }

  private static int run(ByteArrayOutputStream out, String... args) {
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    return new Main(print, print).run(args);
  }

  private static String[] concat(String[]... parts) {
    return java.util.Arrays.stream(parts).flatMap(java.util.Arrays::stream).toArray(String[]::new);
  }
}
