package io.phaseload.client.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One in-process client run and the figures its text report printed. */
record Report(int code, String out, String err, long millis) {

  static Report run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    long start = System.nanoTime();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = new Main(o, e).run(args);
    }
    return new Report(
        code,
        out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8),
        (System.nanoTime() - start) / 1_000_000);
  }

  long sent() {
    return number("Total number of requests sent: (\\d+)");
  }

  long ok() {
    return number("Total number of Successful responses: (\\d+)");
  }

  /** A failure kind from "Failed requests: N (connect a, timeout b, io c, http d, bad body e)". */
  long failed(String kind) {
    return number("(?m)^Failed requests: \\d+ \\(.*\\b" + kind + " (\\d+)");
  }

  long failed() {
    return number("(?m)^Failed requests: (\\d+)");
  }

  /** How many failures had this HTTP status, from "HTTP statuses of failures: 500 x 3, ...". */
  long status(int status) {
    Matcher m =
        Pattern.compile("(?m)^HTTP statuses of failures: .*\\b" + status + " x (\\d+)")
            .matcher(out);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /** The FAILED column of a phase's ALL row in the table. */
  long phaseFailed(String phase) {
    Matcher m =
        Pattern.compile("(?m)^" + phase + "\\s+ALL\\s+\\d+\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)")
            .matcher(out);
    assertTrue(m.find(), "no row for " + phase + " in:\n" + out);
    return Long.parseLong(m.group(3));
  }

  /** A phase's line under "Failures by phase:", or "" if it has none. */
  String phaseFailures(String phase) {
    Matcher m = Pattern.compile("(?m)^" + phase + "\\s+\\d+ \\(.*$").matcher(out);
    return m.find() ? m.group() : "";
  }

  private long number(String regex) {
    Matcher m = Pattern.compile(regex).matcher(out);
    assertTrue(m.find(), "no match for " + regex + " in:\n" + out + "\nstderr:\n" + err);
    return Long.parseLong(m.group(1));
  }
}
