package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.cli.Main;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real client as a child process under a lowered {@code ulimit -n}, against the real server in
 * this JVM (whose limit is not lowered): requests that cannot get a socket are "not sent", so
 * "sent" equals what the server received, and nothing prints a stack trace.
 */
@Timeout(120)
class FileLimitTest {

  /** Runs the client under {@code ulimit -n limit}; returns its exit code and output. */
  private static Result client(int limit, String... args) throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/limits")), "needs Linux /proc");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> command = new ArrayList<>();
    command.add("bash");
    command.add("-c");
    command.add("ulimit -n " + limit + " && exec \"$@\"");
    command.add("client");
    command.addAll(List.of(java, "-Xmx256m", "-cp", classpath, Main.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(90, TimeUnit.SECONDS), "client still running:\n" + out);
    return new Result(p.exitValue(), out);
  }

  private record Result(int code, String out) {}

  @Test
  void requestsThatGetNoSocketAreNotSentAndSentEqualsWhatTheServerReceived(@TempDir Path dir)
      throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      Path json = dir.resolve("run.json");
      // 600 threads each hold a socket for the 1 s of their slow GET, all at once after the start
      // gate: 256 files cannot hold them.
      Result r =
          client(
              256,
              "600",
              "1",
              "--url",
              "http://127.0.0.1:" + server.port() + "/work?ms=1000",
              "--phases",
              "1.0",
              "--ignore-file-limit",
              "--quiet",
              "--json",
              json.toString());
      assertFalse(r.out().contains("Exception"), r.out());
      assertFalse(r.out().contains("\tat "), r.out());
      assertEquals(1, r.code(), r.out());
      JsonNode total = new ObjectMapper().readTree(json.toFile()).get("total");
      long sent = total.get("sent").asLong();
      long notSent = total.get("notSent").asLong();
      assertEquals(600, sent + notSent, r.out());
      assertTrue(notSent > 0, "some requests found no file descriptor:\n" + r.out());
      assertEquals(server.stats().received(), sent, "sent is what the server received");
      assertEquals(notSent, total.get("errors").get("notSent").asLong());
      String reason = total.get("reasons").get("notSent").get(0).get("reason").asText();
      assertTrue(reason.startsWith("out of file descriptors: ulimit -n is 256"), reason);
    }
  }

  @Test
  void aRunThatCannotFitTheLimitIsRefusedBeforeItStarts() throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      Result r =
          client(
              256,
              "1000",
              "1",
              "--contract",
              "--url",
              "http://127.0.0.1:" + server.port() + "/sayHello");
      assertEquals(ExitCode.USAGE, r.code(), r.out());
      String[] lines = r.out().strip().split("\n");
      assertEquals(2, lines.length, r.out());
      assertTrue(lines[0].startsWith("phaseload: ulimit -n is 256, this run needs about"), r.out());
      assertTrue(lines[0].contains("--ignore-file-limit"), r.out());
      assertEquals(0, server.stats().received(), "nothing was sent");
    }
  }
}
