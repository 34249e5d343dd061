package io.phaseload.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.ClientRun;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad command line gets exactly one line saying what is wrong, then the usage hint, exit 2,
 * nothing on stdout and no stack trace; and none of them sends a request.
 */
@Timeout(30)
class BadArgumentsTest {

  static Stream<Arguments> badCommandLines() {
    return Stream.of(
        bad("20", "missing ITERATIONS (after THREADS 20)"),
        bad("20 100 127.0.0.1", "missing PORT (after HOST 127.0.0.1)"),
        bad("20 100 127.0.0.1 8080 extra", "got 5 arguments"),
        bad("abc 100", "THREADS must be a whole number, got 'abc'"),
        bad("20 1.5", "ITERATIONS must be a whole number, got '1.5'"),
        bad("0 100", "THREADS must be at least 1, got 0"),
        bad("20 0", "ITERATIONS must be at least 1, got 0"),
        bad("-5 100", "THREADS, ITERATIONS and PORT must be positive, got -5"),
        bad("20 -1", "THREADS, ITERATIONS and PORT must be positive, got -1"),
        bad("99999999999 1", "THREADS must be at most 2147483647"),
        bad("1000000000 1", "requests"),
        bad("1000000 1000000", "requests"),
        bad(
            "20 100 --rate 10000 --phase-seconds 86400",
            "lower the rate or the phases' length (--rate, --phase-seconds or --stages)"),
        bad("20 100 --json x.out --record x.out", "--json and --record are both x.out"),
        bad("20 100 --csv x.csv --html ./x.csv", "--csv and --html are both ./x.csv"),
        bad("20 100 127.0.0.1 0", "PORT must be between 1 and 65535, got 0"),
        bad("20 100 127.0.0.1 70000", "PORT must be between 1 and 65535, got 70000"),
        bad("20 100 127.0.0.1 -1", "must be positive, got -1"),
        bad("20 100 127.0.0.1 http", "PORT must be a number between 1 and 65535, got 'http'"),
        bad("20 100 --url", "--url"),
        bad("20 100 --url not-a-url", "--url needs a scheme: did you mean http://not-a-url?"),
        bad("20 100 --url http:/127.0.0.1/x", "URL"),
        bad("20 100 --url ftp://127.0.0.1/sayHello", "ftp"),
        bad("20 100 --url http://", "URL"),
        bad("20 100 --url http://127.0.0.1:99999/x", "port must be between 1 and 65535"),
        bad("20 100 127.0.0.1 8080 --url http://127.0.0.1:8080/", "either HOST PORT or --url"),
        bad("20 100 --bogus", "\"--bogus\" is not a valid option"),
        bad("20 100 -x", "\"-x\" is not a valid option"),
        bad("20 100 --connect-timeout 0", "--connect-timeout must be at least 1 ms, got 0"),
        bad("20 100 --connect-timeout abc", "--connect-timeout"),
        bad("20 100 --read-timeout -5", "--read-timeout must be at least 1 ms, got -5"),
        bad("20 100 --read-timeout", "--read-timeout"),
        bad("20 100 --phases 0.1,x", "--phases must be fractions"),
        bad("20 100 --phases 0", "phase"),
        bad("20 100 --phases 1.5", "phase"),
        bad("20 100 --phases ''", "--phases"),
        bad("20 100 --engine curl", "curl"),
        bad("20 100 --thread-mode green", "green"),
        bad("20 100 --max-failures x", "--max-failures must be a count like 100"),
        bad("20 100 --max-failures -1", "--max-failures must be 0 or more"),
        bad("20 100 --max-failures 200%", "--max-failures percentage must be between"),
        bad("20 100 --json /no/such/dir/run.json", "directory /no/such/dir does not exist"),
        bad("20 100 --json /tmp", "--json /tmp is a directory, not a file"),
        bad("20 100 --csv /no/such/dir/run.csv", "directory /no/such/dir does not exist"),
        bad("20 100 --charts /proc/phaseload-charts", "--charts /proc/phaseload-charts cannot be"),
        bad("20 100 --json", "--json"),
        bad("20 100 --html /no/such/dir/run.html", "directory /no/such/dir does not exist"),
        bad("20 100 --hgrm /tmp", "--hgrm /tmp is a directory, not a file"),
        bad("20 100 127.0.0.1 8080 --shard 3/3", "--shard I/N needs I from 0 to 2, got 3/3"),
        bad("20 100 127.0.0.1 8080 --shard 1", "--shard must be I/N, e.g. 0/3, got '1'"),
        bad("20 100 127.0.0.1 8080 --shard 0/0", "--shard needs N between 1 and 10000, got 0"),
        bad("20 100 --shard 0/2", "--shard needs HOST PORT or --url"),
        bad(
            "2 100 127.0.0.1 8080 --shard 2/3 --rate 10",
            "in the open model every shard needs a thread in every phase, but WARMUP has 1 for 3"),
        bad("20 100 127.0.0.1 8080 --start-at tomorrow", "--start-at must be epoch milliseconds"),
        bad("20 100 --record /no/such/dir/run.plr", "directory /no/such/dir does not exist"),
        bad(
            "sweep --threads 2 --iterations 1 --out /tmp/x --html /no/such/dir/s.html",
            "directory /no/such/dir does not exist"),
        bad(
            "report /etc/passwd --html /no/such/dir/r.html",
            "directory /no/such/dir does not exist"),
        bad(
            "capacity --url http://127.0.0.1:9/ --slo p99<50ms --html /no/such/dir/c.html",
            "directory /no/such/dir does not exist"),
        bad(
            "compare a.plr b.plr --html /no/such/dir/c.html",
            "directory /no/such/dir does not exist"),
        bad("compare a.plr b.plr --noise-floor x", "--noise-floor must be a percentage like 5%"),
        bad(
            "sweep --threads 2 --iterations 1 --out /tmp/x --record r.plr",
            "\"--record\" is not a valid option"));
  }

  private static Arguments bad(String args, String expected) {
    return Arguments.of(args, expected);
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("badCommandLines")
  void saysWhatIsWrongInOneLineAndExits2(String args, String expected) {
    String[] argv = args.isEmpty() ? new String[0] : split(args);
    ClientRun run = MainTest.run(argv);
    String[] lines = run.err().strip().split("\n");
    assertEquals(ExitCode.USAGE, run.code(), run.err());
    assertEquals("", run.out(), "nothing on stdout");
    assertEquals(2, lines.length, "one reason line and the usage hint:\n" + run.err());
    assertTrue(lines[0].startsWith("phaseload: "), lines[0]);
    assertTrue(lines[0].contains(expected), "expected '" + expected + "' in: " + lines[0]);
    assertTrue(lines[1].startsWith("Usage: java -jar client.jar"), lines[1]);
    assertFalse(run.err().contains("Exception"), run.err());
    assertFalse(run.err().contains("\tat "), run.err());
  }

  /** Splits on spaces; '' is an empty argument. */
  private static String[] split(String args) {
    String[] parts = args.split(" ");
    for (int i = 0; i < parts.length; i++) {
      if (parts[i].equals("''")) {
        parts[i] = "";
      }
    }
    return parts;
  }
}
