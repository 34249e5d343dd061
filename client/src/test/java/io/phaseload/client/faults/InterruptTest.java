package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.Main;
import io.phaseload.server.PhaseloadServer;
import io.phaseload.server.ServerConfig;
import java.io.BufferedReader;
import java.io.IOException;
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
      Process client = client(List.of("8", "30", "--url", url, "--engine", engine));
      StringBuilder out = new StringBuilder();
      try (BufferedReader lines = lines(client)) {
        readUntil(lines, out, "LOADING phase: All threads");
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
  @ValueSource(strings = {"--rate 100 --phase-seconds 30", "--stages 30s:4,30s:8"})
  void sigintWakesUsersWaitingForALaterPhase(String shape) throws Exception {
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      List<String> args =
          new ArrayList<>(
              List.of("8", "1000", "--url", "http://127.0.0.1:" + server.port() + "/work?ms=5"));
      args.addAll(List.of(shape.split(" ")));
      Process client = client(args);
      StringBuilder out = new StringBuilder();
      try (BufferedReader lines = lines(client)) {
        readUntil(lines, out, "WARMUP phase: All", "STAGE1 phase: All");
        Thread.sleep(1_000);
        long tookMs = interrupt(client, lines, out);
        String text = out.toString();
        assertEquals(130, client.exitValue(), text);
        assertTrue(text.contains("PARTIAL RESULTS: run stopped early (interrupted)"), text);
        assertTrue(!text.contains("LOADING phase") && !text.contains("STAGE2 phase"), text);
        // The later phase begins 29 s after the signal: its users must not be waited for. A
        // busy machine takes seconds to report and exit; waiting for that phase takes 29.
        assertTrue(tookMs < 15_000, "exited " + tookMs + " ms after SIGINT:\n" + text);
      } finally {
        client.destroyForcibly();
      }
    }
  }

  /** The real client in a process of its own, with {@code args}, its errors in its output. */
  private static Process client(List<String> args) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
    command.addAll(args);
    return new ProcessBuilder(command).redirectErrorStream(true).start();
  }

  private static BufferedReader lines(Process client) {
    return new BufferedReader(
        new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
  }

  /** Reads the client's output into {@code out} up to the first line that starts with a prefix. */
  private static void readUntil(BufferedReader lines, StringBuilder out, String... prefixes)
      throws IOException {
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      out.append(line).append('\n');
      for (String prefix : prefixes) {
        if (line.startsWith(prefix)) {
          return;
        }
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
