package io.phaseload.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.TestTls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
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

  /**
   * A run that trusts any certificate says so: one line on the terminal, {@code settings.insecure}
   * in the JSON, the page's document and the record's (read back by {@code report}); a run that
   * checks certificates has neither.
   */
  @Test
  void insecureIsSaidOnTheTerminalAndInEveryReport(@TempDir Path dir) throws Exception {
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.contract(r), TestTls.server())) {
      ObjectMapper json = new ObjectMapper();
      for (boolean insecure : new boolean[] {true, false}) {
        Path out = dir.resolve(insecure ? "insecure" : "checked");
        Files.createDirectories(out);
        String[] args = {
          "1",
          "2",
          "--phases",
          "1.0",
          "--contract",
          "--url",
          server.url("/sayHello"),
          "--json",
          out.resolve("run.json").toString(),
          "--html",
          out.resolve("run.html").toString(),
          "--record",
          out.resolve("run.rec").toString()
        };
        ClientRun run = ClientRun.of(insecure ? concat(args, new String[] {"--insecure"}) : args);
        assertEquals(insecure ? ExitCode.OK : ExitCode.FAILED, run.code(), run.out());
        assertEquals(
            insecure ? 1 : 0,
            run.out().lines().filter(Main.INSECURE_LINE::equals).count(),
            run.out());
        JsonNode settings = json.readTree(out.resolve("run.json").toFile()).get("settings");
        assertEquals(insecure, settings.path("insecure").asBoolean(false), settings.toString());
        String page = Files.readString(out.resolve("run.html"));
        assertEquals(insecure, page.contains("\"insecure\":true"), "the page's settings");
        ClientRun report =
            ClientRun.of(
                "report",
                out.resolve("run.rec").toString(),
                "--json",
                out.resolve("report.json").toString());
        JsonNode reported = json.readTree(out.resolve("report.json").toFile()).get("settings");
        assertEquals(insecure, reported.path("insecure").asBoolean(false), report.out());
      }
      assertTrue(server.requests() > 0);
    }
  }

  private static String[] concat(String[]... parts) {
    return Arrays.stream(parts).flatMap(Arrays::stream).toArray(String[]::new);
  }
}
