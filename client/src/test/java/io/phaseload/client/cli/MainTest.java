package io.phaseload.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.EmbeddedServer;
import io.phaseload.server.RequestStats;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The real client, in-process, against the real server on an ephemeral loopback port. */
@Timeout(120)
public class MainTest {

  @RegisterExtension static final EmbeddedServer server = new EmbeddedServer();

  public static ClientRun run(String... args) {
    return ClientRun.of(args);
  }

  @ParameterizedTest(name = "{0} threads x {1} iterations, phases {2}")
  @CsvSource({
    "1, 1, '0.1,0.5,1.0,0.25', 8",
    "3, 7, '0.1,0.5,1.0,0.25', 84",
    "20, 100, '0.1,0.5,1.0,0.25', 7400",
    "40, 25, '1.0', 2000",
    "10, 3, '0.3,0.7', 60"
  })
  void everyRequestSentIsOneRequestTheServerReceived(
      int threads, int iterations, String phases, long expected) {
    RequestStats stats = server.stats();
    long getBefore = stats.endpoint("GET /sayHello");
    long postBefore = stats.endpoint("POST /sayHello");

    ClientRun run =
        run(
            String.valueOf(threads),
            String.valueOf(iterations),
            "127.0.0.1",
            String.valueOf(server.port()),
            "--phases",
            phases);

    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
    assertEquals(expected, run.sent());
    assertEquals(expected, run.ok());
    assertEquals(0, run.failed());
    assertEquals(0, run.total().notSent());
    assertEquals(expected / 2, stats.endpoint("GET /sayHello") - getBefore);
    assertEquals(expected / 2, stats.endpoint("POST /sayHello") - postBefore);
    assertEquals(0, stats.status(500));
  }

  @Test
  void withoutHostItTestsTheEmbeddedServer() {
    ClientRun run = run("5", "4"); // phases of 1, 2, 5, 1 threads: 9 x 4 x 2 = 72 requests

    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("(embedded server)"), run.out());
    assertEquals(72, run.sent());
    assertTrue(run.out().contains("Embedded server answered: 72 (GET 36, POST 36)"), run.out());
    assertEquals(72, run.ok());
  }

  @Test
  void aPathTheServerDoesNotHaveIsCountedAsHttpFailures() {
    ClientRun run =
        run(
            "2",
            "3",
            "127.0.0.1",
            String.valueOf(server.port()),
            "--path",
            "/nope",
            "--phases",
            "1.0");

    assertEquals(1, run.code());
    assertEquals(12, run.sent());
    assertEquals(0, run.ok());
    assertEquals(12, run.failed("http"));
    assertEquals(Map.of(404, 12L), run.total().statuses());
  }

  @Test
  void anUnreachableTargetIsOneLineAndExitOne() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ClientRun run = run("2", "2", "127.0.0.1", String.valueOf(port), "--connect-timeout", "2000");

    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(
        run.err().startsWith("phaseload: cannot connect to http://127.0.0.1:" + port), run.err());
  }

  @Test
  void helpAndVersionExitZero() {
    ClientRun help = run("--help");
    assertEquals(0, help.code());
    assertTrue(help.out().startsWith("Usage: java -jar client.jar THREADS ITERATIONS"));
    assertTrue(help.out().contains("--url URL"));
    ClientRun all = run("--help-all");
    assertEquals(0, all.code());
    assertTrue(all.out().contains("--read-timeout MS"));
    assertTrue(all.out().contains("nearest rank"));

    ClientRun version = run("--version");
    assertEquals(0, version.code());
    assertTrue(version.out().matches("phaseload \\S+ \\(Java .+\\)\\R"), version.out());
  }

  @Test
  void noArgumentsIsTheShortHelpAndExitTwo() {
    ClientRun bare = run();
    assertEquals(ExitCode.USAGE, bare.code());
    assertEquals("", bare.out());
    assertEquals(run("--help").out(), bare.err(), "the short help, on stderr");
  }

  @Test
  void theShortHelpListsStages() {
    assertTrue(run("--help").out().lines().anyMatch(l -> l.startsWith(" --stages D:T,..")));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "abc 10|THREADS must be a whole number, got 'abc'",
        "0 10|THREADS must be at least 1, got 0",
        "10 0|ITERATIONS must be at least 1, got 0",
        "10|missing ITERATIONS (after THREADS 10), or --for D to run for a time",
        "10 10 127.0.0.1|missing PORT (after HOST 127.0.0.1)",
        "10 10 127.0.0.1 99999|PORT must be between 1 and 65535, got 99999",
        "10 10 --url ftp://127.0.0.1/x|unsupported URL scheme 'ftp' in ftp://127.0.0.1/x: use http"
            + " or https",
        "10 10 --bogus|\"--bogus\" is not a valid option",
        "10 10 --url 127.0.0.1:8080/work|--url needs a scheme: did you mean"
            + " http://127.0.0.1:8080/work?",
        "10 10 --url localhost:8080|--url needs a scheme: did you mean http://localhost:8080?",
        "capacity --url 127.0.0.1:8080/work --slo p99<50ms|--url needs a scheme: did you mean"
            + " http://127.0.0.1:8080/work?"
      })
  void usageErrorsAreOneLineAndExitTwo(String args, String message) {
    ClientRun run = run(args.split(" "));

    assertEquals(2, run.code());
    assertEquals("", run.out());
    List<String> lines = run.err().lines().toList();
    assertEquals("phaseload: " + message, lines.get(0));
    assertEquals(2, lines.size(), run.err());
    assertTrue(lines.get(1).startsWith("Usage: "));
    assertFalse(run.err().contains("Exception"));
  }

  @Test
  void aRunThatCannotFitInTheHeapIsRefusedBeforeAllocating() {
    ClientRun run = run("1000000000", "1");
    assertEquals(2, run.code());
    assertTrue(run.err().contains("3,700,000,000 requests"), run.err());
  }
}
