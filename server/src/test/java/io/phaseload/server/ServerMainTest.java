package io.phaseload.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.common.ThreadMode;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code java -jar server.jar}: arguments, start, and the graceful stop on SIGTERM. */
class ServerMainTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "--port abc",
        "--port 70000",
        "--port -1",
        "--workers 0",
        "--max-body 0",
        "--idle-timeout 0",
        "--worker-threads green",
        "--host",
        "--bogus",
        "extra"
      })
  void badArgumentsGetOneLineAndExit2(String args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        ServerMain.run(
            args.split(" "),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            new CountDownLatch(0));
    String text = err.toString(StandardCharsets.UTF_8);
    assertEquals(2, code, text);
    String[] lines = text.split("\n");
    assertEquals(2, lines.length, text);
    assertTrue(lines[0].startsWith("server: "), text);
    assertTrue(lines[1].startsWith("Usage: "), text);
    assertFalse(text.contains("Exception"), text);
    assertEquals("", out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aPortInUseIsExit1InOneLine() throws IOException {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int code =
          ServerMain.run(
              new String[] {"--port", String.valueOf(taken.getLocalPort())},
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8),
              new CountDownLatch(0));
      String text = err.toString(StandardCharsets.UTF_8);
      assertEquals(1, code, text);
      assertEquals(1, text.split("\\R").length, text);
      assertTrue(text.startsWith("server: cannot listen on 127.0.0.1:"), text);
    }
  }

  @Test
  void virtualWorkerThreadsNeedJdk21() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CountDownLatch stop = new CountDownLatch(1);
    stop.countDown(); // if it starts, stop at once
    int code =
        ServerMain.run(
            new String[] {"--port", "0", "--worker-threads", "virtual"},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            stop);
    if (ThreadMode.virtualAvailable()) {
      assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    } else {
      assertEquals(2, code);
      assertTrue(err.toString(StandardCharsets.UTF_8).contains("virtual threads need JDK 21"));
    }
  }

  @Test
  void helpListsEveryOption() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code =
        ServerMain.run(
            new String[] {"--help"},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err,
            new CountDownLatch(0));
    assertEquals(0, code);
    String help = out.toString(StandardCharsets.UTF_8);
    for (String option :
        new String[] {
          "--host", "--port", "--workers", "--max-body", "--idle-timeout", "--worker-threads"
        }) {
      assertTrue(help.contains(option), option + " in " + help);
    }
  }

  @Test
  void sigtermStopsTheServerGracefully() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                ServerMain.class.getName(),
                "--port",
                "0")
            .redirectErrorStream(true)
            .start();
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String first = lines.readLine();
      assertTrue(
          first != null && first.startsWith("phaseload server listening on http://127.0.0.1:"),
          String.valueOf(first));
      URI health = URI.create(first.substring(first.indexOf("http://"), first.indexOf("sayHello")));
      RawHttp.Response r =
          RawHttp.exchange(health.getPort(), RawHttp.request("GET", "/health", null, null));
      assertEquals(200, r.status());
      process.toHandle().destroy(); // SIGTERM, leaving our end of the pipes open
      assertTrue(process.waitFor(15, TimeUnit.SECONDS), "still running 15 s after SIGTERM");
      assertEquals("phaseload server stopped", lines.readLine());
      // The JVM reports a SIGTERM exit as 128 + 15 once the shutdown hooks have finished.
      assertEquals(143, process.exitValue());
    } finally {
      process.destroyForcibly();
    }
  }
}
