package io.phaseload.client.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.cli.Main;
import io.phaseload.client.compare.Comparison;
import io.phaseload.client.compare.Metric;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One in-process {@code client.jar compare}: its exit code, what it printed, and the {@link
 * Comparison} it computed, so that tests assert on the rows, never on the table's text.
 *
 * @param comparisons the comparison it finished (one), or none when it refused its input
 */
public record CompareRun(int code, String out, String err, List<Comparison> comparisons) {

  public static CompareRun of(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<Comparison> comparisons = new ArrayList<>();
    String[] command = new String[args.length + 1];
    command[0] = "compare";
    System.arraycopy(args, 0, command, 1, args.length);
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = new Main(o, e).observeComparisons(comparisons::add).run(command);
    }
    return new CompareRun(
        code,
        out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8),
        List.copyOf(comparisons));
  }

  /** The one comparison; fails the test if there was not exactly one. */
  public Comparison comparison() {
    assertEquals(1, comparisons.size(), "comparisons; stdout:\n" + out + "\nstderr:\n" + err);
    return comparisons.get(0);
  }

  /** The row of one request name ("ALL" for every request) and metric. */
  public Comparison.Row row(String name, Metric metric) {
    return comparison().rows().stream()
        .filter(r -> r.name().equals(name) && r.metric() == metric)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row " + name + " " + metric + ":\n" + out));
  }
}
