package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.Main;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Ctrl-C on the real client process: the report for what ran, marked partial, and exit 130. */
@Timeout(60)
class InterruptTest {

  @ParameterizedTest(name = "{0} engine")
  @ValueSource(strings = {"raw", "loop"})
  void sigintStopsTheRunPrintsAPartialReportAndExits130(String engine) throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      String url = "http://127.0.0.1:" + server.port() + "/work?ms=50";
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process client =
          new ProcessBuilder(
                  java,
                  "-cp",
                  System.getProperty("java.class.path"),
                  Main.class.getName(),
                  "8",
                  "30",
                  "--url",
                  url,
                  "--engine",
                  engine)
              .redirectErrorStream(true)
              .start();
      StringBuilder out = new StringBuilder();
      try (BufferedReader lines =
          new BufferedReader(
              new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = lines.readLine()) != null) {
          out.append(line).append('\n');
          if (line.startsWith("LOADING phase: All threads")) {
            break;
          }
        }
        Thread.sleep(300);
        long tookMs = interrupt(client, lines, out);
        String text = out.toString();
        assertEquals(130, client.exitValue(), text);
        assertTrue(text.contains("WARMUP phase complete"), text);
        assertTrue(text.contains("LOADING phase stopped"), text);
        assertTrue(text.contains("PARTIAL RESULTS: run stopped early (interrupted)"), text);
        assertTrue(text.contains("Total number of requests sent: "), text);
        assertTrue(!text.contains("PEAK phase"), text);
        // In-flight requests take 50 ms; the grace before aborting is 2 s.
        assertTrue(tookMs < 5_000, "exited " + tookMs + " ms after SIGINT");
      } finally {
        client.destroyForcibly();
      }
    }
  }

  /**
   * Users that wait for a later phase (the open model's, capped out of this one; a stage's later
   * users, waiting for their turn) are woken by Ctrl-C: the run does not hold until their time.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"--rate 100 --phase-seconds 3", "--stages 3s:4,3s:8"})
  void sigintWakesUsersWaitingForALaterPhase(String shape) throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      List<String> command =
          new ArrayList<>(
              List.of(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  Main.class.getName(),
                  "8",
                  "1000",
                  "--url",
                  "http://127.0.0.1:" + server.port() + "/work?ms=5"));
      command.addAll(List.of(shape.split(" ")));
      Process client = new ProcessBuilder(command).redirectErrorStream(true).start();
      StringBuilder out = new StringBuilder();
      try (BufferedReader lines =
          new BufferedReader(
              new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = lines.readLine()) != null) {
          out.append(line).append('\n');
          if (line.startsWith("WARMUP phase: All") || line.startsWith("STAGE1 phase: All")) {
            break;
          }
        }
        Thread.sleep(1_000);
        long tookMs = interrupt(client, lines, out);
        String text = out.toString();
        assertEquals(130, client.exitValue(), text);
        assertTrue(text.contains("PARTIAL RESULTS: run stopped early (interrupted)"), text);
        assertTrue(!text.contains("LOADING phase") && !text.contains("STAGE2 phase"), text);
        // The later phase begins 2 s after the signal: its users must not be waited for.
        assertTrue(tookMs < 1_500, "exited " + tookMs + " ms after SIGINT:\n" + text);
      } finally {
        client.destroyForcibly();
      }
    }
  }

  /**
   * Sends the client SIGINT, waits for it to end and reads the rest of its output into {@code out}:
   * the milliseconds from the signal to its end.
   */
  private static long interrupt(Process client, BufferedReader lines, StringBuilder out)
      throws Exception {
    long start = System.nanoTime();
    new ProcessBuilder("kill", "-INT", String.valueOf(client.pid())).start().waitFor();
    assertTrue(client.waitFor(20, TimeUnit.SECONDS), "still running after SIGINT:\n" + out);
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      out.append(line).append('\n');
    }
    return tookMs;
  }
}
