package io.phaseload.client.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.testing.ClientRun;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generator watch on real runs: a quiet run against server.jar in a process of its own, whose
 * answers wait on a timer and leave the cores free, does not warn (one whose server holds both
 * cores keeps the generator's threads waiting longer than they run, and a wake-up later than the
 * median latency is a warning there); beside CPU hogs the others' CPU is measured and a warning, if
 * any, names the machine, not the generator; a run whose own process fills its cores (the embedded
 * server and many users) warns that it was its own limit.
 */
@Timeout(120)
class GeneratorWatchRunTest {

  private static final Path SERVER_JAR = Path.of("..", "server", "target", "server.jar");
  private static final Pattern LISTENING = Pattern.compile("listening on http://127.0.0.1:(\\d+)/");

  @TempDir Path dir;

  /** Runs the client with {@code --json} and returns its one phase's generator figures. */
  private JsonNode watched(String... args) throws IOException {
    Path json = dir.resolve("run.json");
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--phases", "1.0", "-q", "--json", json.toString()));
    ClientRun run = ClientRun.of(all.toArray(String[]::new));
    assertEquals(0, run.code(), run.out() + run.err());
    JsonNode phases = new ObjectMapper().readTree(json.toFile()).get("generator").get("phases");
    assertEquals(1, phases.size());
    JsonNode phase = phases.get(0);
    assertTrue(phase.get("seconds").asDouble() >= 1, "long enough to be judged: " + phase);
    return phase;
  }

  @Test
  void aQuietRunAgainstAServerApartDoesNotWarn() throws Exception {
    try (Apart server = Apart.start()) {
      JsonNode load =
          watched("10", "300", "--url", "http://127.0.0.1:" + server.port + "/work?ms=5");
      // server.jar (a fresh JVM, compiling as it serves) took 69 % of the cores here, and the
      // generator, which wanted 14 %, still got what it wanted when it wanted it.
      assertTrue(load.get("cpuOthersShare").asDouble() > 0, "server.jar's CPU: " + load);
      // Neither its own CPU nor its own stalls limited it. Only a machine that kept its threads
      // from the cores may have (CI's: other processes took 68 %, and the generator got 3 % of the
      // 14 % it wanted), and then the warning blames the machine.
      if (load.get("limited").asBoolean()) {
        double used = load.get("cpuUsedShare").asDouble();
        assertTrue(load.get("cpuWantedShare").asDouble() > 2 * used, load.toString());
        assertTrue(
            load.get("warning").asText().startsWith("WARNING: this machine may have limited"),
            load.toString());
      }
    }
  }

  @Test
  void besideCpuHogsTheOthersCpuIsMeasuredAndBlamed() throws Exception {
    int hogs = Runtime.getRuntime().availableProcessors();
    List<Process> running = new ArrayList<>();
    try (Apart server = Apart.start()) {
      for (int i = 0; i < hogs; i++) {
        running.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
      }
      JsonNode load = watched("10", "2000", "127.0.0.1", server.port);
      assertTrue(load.get("cpuOthersShare").asDouble() > 0.5, "the hogs and server.jar: " + load);
      assertTrue(load.get("cpuUsedShare").asDouble() <= GeneratorLoad.MAX_CPU_SHARE, "" + load);
      assertTrue(
          !load.get("limited").asBoolean()
              || load.get("warning").asText().startsWith("WARNING: this machine may have limited"),
          load.toString());
    } finally {
      running.forEach(Process::destroyForcibly);
    }
  }

  @Test
  void aRunThatFillsItsOwnCoresSaysSo() throws IOException {
    JsonNode load = watched("40", "1500");
    // The embedded server and 40 users in one process want more than the cores, and are flagged.
    assertTrue(load.get("cpuWantedShare").asDouble() > GeneratorLoad.MAX_CPU_SHARE, "" + load);
    assertTrue(load.get("limited").asBoolean(), load.toString());
    // Where other processes left it the cores (CI's took 17 % on a run), it used them to the full:
    // its own limit.
    if (load.get("cpuOthersShare").asDouble() < 1 - GeneratorLoad.MAX_CPU_SHARE - 0.02) {
      assertTrue(load.get("cpuUsedShare").asDouble() > GeneratorLoad.MAX_CPU_SHARE, "" + load);
      assertTrue(load.get("warning").asText().contains("its own CPU full"), load.toString());
    }
  }

  /** server.jar in a process of its own, on a free port. */
  private static final class Apart implements AutoCloseable {
    final Process process;
    final String port;

    private Apart(Process process, String port) {
      this.process = process;
      this.port = port;
    }

    static Apart start() throws IOException {
      assumeTrue(Files.isRegularFile(SERVER_JAR), "server.jar is not built: " + SERVER_JAR);
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process p =
          new ProcessBuilder(java, "-jar", SERVER_JAR.toString(), "--port", "0")
              .redirectErrorStream(true)
              .start();
      BufferedReader out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        Matcher m = LISTENING.matcher(line);
        if (m.find()) {
          return new Apart(p, m.group(1));
        }
      }
      p.destroyForcibly();
      throw new IOException("server.jar ended before it listened");
    }

    @Override
    public void close() {
      process.destroy();
      try {
        process.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
