package io.phaseload.client.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.cli.Main;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.stats.Analysis;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.Summary;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One in-process run of the real command line: its exit code, what it printed, and the runs it
 * finished, read from their {@link RunResult} and {@link Summary}, never from the report's text.
 *
 * @param runs every run the command finished (one, or a sweep's rows); empty if none started
 */
public record ClientRun(int code, String out, String err, long millis, List<Analysis> runs) {

  public static ClientRun of(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<Analysis> runs = new ArrayList<>();
    long start = System.nanoTime();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = new Main(o, e).observe(runs::add).run(args);
    }
    return new ClientRun(
        code,
        out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8),
        (System.nanoTime() - start) / 1_000_000,
        List.copyOf(runs));
  }

  /** The one run this command finished; fails the test if there was not exactly one. */
  public Analysis finished() {
    assertEquals(1, runs.size(), "runs finished; stdout:\n" + out + "\nstderr:\n" + err);
    return runs.get(0);
  }

  public RunResult result() {
    return finished().result();
  }

  public Summary summary() {
    return finished().summary();
  }

  public Group total() {
    return summary().total();
  }

  public long sent() {
    return total().sent();
  }

  public long ok() {
    return total().ok();
  }

  public long failed() {
    return total().failed();
  }

  /** Requests of one outcome kind ("connect", "http", "bad body", "not sent", ...). */
  public long failed(String kind) {
    for (int k = 0; k < Outcome.KINDS; k++) {
      if (Outcome.kindName(k).equals(kind)) {
        return total().count(k);
      }
    }
    throw new IllegalArgumentException("no outcome kind " + kind);
  }

  /** The run's failures of outcome kind {@code kind} ({@code Outcome.IO}, ...), by reason. */
  public java.util.Map<String, Long> reasons(int kind) {
    java.util.Map<String, Long> m = new java.util.TreeMap<>();
    for (java.util.Map.Entry<Integer, Long> e : total().reasons(kind)) {
      m.put(result().reasons().message(e.getKey()), e.getValue());
    }
    return m;
  }

  /** How many failures had this HTTP status. */
  public long status(int status) {
    return total().statuses().getOrDefault(status, 0L);
  }

  /** The phase's group, by name. */
  public Group phase(String name) {
    return summary().phases().stream()
        .filter(g -> g.phase().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no phase " + name + " in\n" + out));
  }

  /** The group of request {@code name}, over all phases. */
  public Group request(String name) {
    return summary().requests().stream()
        .filter(g -> g.request().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + name + " requests in\n" + out));
  }

  /**
   * Runs shards 0 to {@code n - 1} of the command line {@code args}, each with {@code --shard I/N}
   * and {@code --record} into {@code dir}, one after another; fails the test if one did not end
   * with exit 0.
   */
  public static List<ClientRun> shards(java.nio.file.Path dir, int n, String... args) {
    List<ClientRun> out = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      List<String> all = new ArrayList<>(List.of(args));
      all.addAll(List.of("--shard", s + "/" + n, "--record", record(dir, s).toString()));
      ClientRun shard = of(all.toArray(String[]::new));
      assertEquals(0, shard.code(), shard.out() + shard.err());
      out.add(shard);
    }
    return out;
  }

  /** {@code report} of the records {@link #shards} wrote into {@code dir} for {@code n} shards. */
  public static ClientRun report(java.nio.file.Path dir, int n) {
    List<String> all = new ArrayList<>(List.of("report"));
    for (int s = 0; s < n; s++) {
      all.add(record(dir, s).toString());
    }
    return of(all.toArray(String[]::new));
  }

  private static java.nio.file.Path record(java.nio.file.Path dir, int shard) {
    return dir.resolve("shard-" + shard + ".plr");
  }
}
