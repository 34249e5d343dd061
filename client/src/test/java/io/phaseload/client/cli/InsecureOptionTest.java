package io.phaseload.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.TestTls;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --insecure} end to end: an https server with a self-signed certificate. */
@Timeout(60)
class InsecureOptionTest {

  @ParameterizedTest
  @ValueSource(strings = {"raw", "jersey", "loop"})
  void selfSignedServerIsRefusedUnlessInsecure(String engine) throws Exception {
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.contract(r), TestTls.server())) {
      String[] args = {"2", "3", "--phases", "1.0", "--contract", "--url", server.url("/sayHello")};
      String[] engineArgs = {"--engine", engine};

      ClientRun refused = ClientRun.of(concat(args, engineArgs));
      assertEquals(ExitCode.FAILED, refused.code(), refused.out());
      assertEquals(12, refused.failed("io"));
      assertEquals(0, server.requests());
      List<Map.Entry<Integer, Long>> reasons = refused.total().reasons(Outcome.IO);
      assertEquals(1, reasons.size(), reasons.toString());
      String why = refused.result().reasons().message(reasons.get(0).getKey());
      assertEquals(
          "TLS: the server's certificate is not trusted (self-signed or unknown issuer);"
              + " for a self-signed test server, use --insecure",
          why);

      ClientRun trusted = ClientRun.of(concat(args, engineArgs, new String[] {"--insecure"}));
      assertEquals(ExitCode.OK, trusted.code(), trusted.out());
      assertEquals(12, server.requests());
    }
  }

  private static String[] concat(String[]... parts) {
    return Arrays.stream(parts).flatMap(Arrays::stream).toArray(String[]::new);
  }
}
