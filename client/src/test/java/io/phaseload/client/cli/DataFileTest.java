package io.phaseload.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.testing.ClientRun;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -d @FILE} sends FILE's content as one body, as curl does, whatever its lines: a JSON body
 * pretty-printed over several lines is one body, never more command-line arguments.
 */
@Timeout(60)
class DataFileTest {

  @TempDir Path dir;

  @Test
  void aBodyFileOfSeveralLinesIsOneBody() throws Exception {
    Path body = Files.writeString(dir.resolve("item.json"), "{\n  \"input\": \"abcd\"\n}\n");
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      ClientRun run =
          ClientRun.of(
              "3",
              "4",
              "--phases",
              "1.0",
              "-q",
              "--url",
              "http://127.0.0.1:" + server.port() + "/sayHello",
              "-H",
              "Content-Type: application/json",
              "-d",
              "@" + body,
              "--expect-status",
              "200");

      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(12, run.total().sent());
      assertEquals(12, run.total().ok());
      assertEquals(12, server.stats().endpoint("POST /sayHello"));
    }
  }
}
