package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.cli.ExitCode;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A data file's rows go to the users as {@code ${data.NAME}}: {@code unique} gives each user (or
 * iteration) a row of its own, shards take disjoint slices, {@code random} repeats with the seed,
 * CSV and JSON lines alike; a file that is missing, empty, too short for {@code unique}, or lacks a
 * column is refused in one line, exit 2, nothing sent.
 */
@Timeout(60)
class DataRunTest {

  @TempDir Path dir;

  private Path users(int n, String ext) throws Exception {
    List<String> lines = new ArrayList<>();
    if (ext.equals("csv")) {
      lines.add("email,password");
      for (int i = 0; i < n; i++) {
        lines.add("u" + i + "@example.com,secret-" + i);
      }
    } else {
      for (int i = 0; i < n; i++) {
        lines.add("{\"email\":\"u" + i + "@example.com\",\"password\":\"secret-" + i + "\"}");
      }
    }
    Path f = dir.resolve("users." + ext);
    Files.write(f, lines);
    return f;
  }

  private Path scenario(String data) throws Exception {
    Path f = dir.resolve("flow.yaml");
    Files.writeString(
        f,
        "data: "
            + data
            + "\n"
            + "requests:\n"
            + "  - name: login\n"
            + "    method: POST\n"
            + "    path: /login\n"
            + "    body: '${data.email}:${data.password}'\n");
    return f;
  }

  /** The bodies the server received, one per login. */
  private List<String> run(String data, String... more) throws Exception {
    Path file = scenario(data);
    List<String> bodies = new CopyOnWriteArrayList<>();
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              bodies.add(new String(r.body(), StandardCharsets.UTF_8));
              return Reply.response(200, "{}");
            })) {
      List<String> args =
          new ArrayList<>(
              List.of("4", "2", "--url", server.url("/"), "--scenario", file.toString()));
      args.addAll(List.of(more));
      ClientRun run = ClientRun.of(args.toArray(String[]::new));
      assertEquals(0, run.code(), run.out() + run.err());
      assertEquals(run.sent(), bodies.size());
    }
    return bodies;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"csv", "jsonl"})
  void uniquePerUserGivesEveryUserItsOwnRow(String ext) throws Exception {
    users(8, ext);
    List<String> bodies = run("{file: users." + ext + ", pick: unique, per: user}");
    // 1 + 2 + 4 + 1 users, 2 iterations each: 8 users, each with its own row twice.
    assertEquals(16, bodies.size());
    assertEquals(8, new HashSet<>(bodies).size(), "a row per user: " + bodies);
    for (String b : bodies) {
      assertTrue(b.matches("u(\\d)@example.com:secret-\\1"), "row's cells together: " + b);
    }
  }

  @Test
  void aUserOfStagesKeepsItsRowFromStageToStage() throws Exception {
    users(4, "csv");
    // The same 4 users in both stages: 4 rows are enough, and each user sends its own each time.
    List<String> bodies =
        run("{file: users.csv, pick: unique, per: user}", "--stages", "1s:4,1s:4");
    assertEquals(8, bodies.size(), "2 iterations each");
    assertEquals(4, new HashSet<>(bodies).size(), "a row per user: " + bodies);
  }

  @Test
  void uniquePerIterationGivesEveryIterationItsOwnRow() throws Exception {
    users(16, "csv");
    List<String> bodies = run("{file: users.csv, pick: unique, per: iteration}");
    assertEquals(16, new HashSet<>(bodies).size(), "a row per iteration: " + bodies);
  }

  @Test
  void shardsTakeDisjointSlicesOfAUniqueFile() throws Exception {
    users(8, "csv");
    List<String> all = new ArrayList<>();
    for (int s = 0; s < 2; s++) {
      all.addAll(run("{file: users.csv, pick: unique}", "--shard", s + "/2"));
    }
    assertEquals(16, all.size());
    assertEquals(8, new HashSet<>(all).size(), "the shards' users together: one row each");
  }

  @Test
  void randomRepeatsWithTheSeed() throws Exception {
    users(1000, "csv");
    List<String> a = run("{file: users.csv, pick: random, per: iteration}", "--seed", "5");
    List<String> b = run("{file: users.csv, pick: random, per: iteration}", "--seed", "5");
    a.sort(null);
    b.sort(null);
    assertEquals(a, b);
    assertTrue(new HashSet<>(a).size() > 1);
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "{file: missing.csv}|data file missing.csv cannot be read",
        "{file: users.csv, pick: some}|data.pick must be sequential or unique or random",
        "{file: users.csv, per: day}|data.per must be user or iteration",
        "{file: users.csv, pick: unique}|data file users.csv has 3 rows; pick unique needs one for"
            + " every user of the run: 8",
        "{file: empty.csv}|data file empty.csv has no rows",
        "{file: short.csv}|data file short.csv cannot be read: row 2 after the header has no"
            + " value for password",
        "{file: shortfirst.csv}|data file shortfirst.csv cannot be read: row 1 after the header"
            + " has no value for password",
        "{file: short.jsonl}|data file short.jsonl cannot be read: line 2 has no value for"
            + " password (write an empty value as \"\")",
      })
  void aBadDataFileIsOneLineAndExit2(String data, String expected) throws Exception {
    users(3, "csv");
    Files.writeString(dir.resolve("empty.csv"), "email,password\n");
    Files.writeString(dir.resolve("short.csv"), "email,password\na@x,p\nb@x\nc@x,p\n");
    Files.writeString(dir.resolve("shortfirst.csv"), "email,password\nb@x\na@x,p\n");
    Files.writeString(
        dir.resolve("short.jsonl"),
        "{\"email\": \"a@x\", \"password\": \"p\"}\n{\"email\": \"b@x\"}\n");
    Path file = scenario(data);
    ClientRun run = ClientRun.of("4", "2", "127.0.0.1", "9", "--scenario", file.toString());
    assertEquals(ExitCode.USAGE, run.code(), run.err());
    assertTrue(run.err().contains(expected), run.err());
    assertEquals(2, run.err().strip().split("\n").length, run.err());
    assertFalse(run.err().contains("Exception"), run.err());
  }

  /** A JSON line's nested value is sent as its JSON text, and an explicit null as empty. */
  @Test
  void jsonLinesCellsAreTheirTextNestedValuesTheirJson() throws Exception {
    Files.writeString(
        dir.resolve("odd.jsonl"),
        "{\"email\": {\"a\": [1, 2]}, \"password\": null}\n"
            + "{\"email\": 7, \"password\": \"s\"}\n");
    List<String> bodies = run("{file: odd.jsonl}");
    assertEquals(Set.of("{\"a\":[1,2]}:", "7:s"), new HashSet<>(bodies), bodies.toString());
  }

  @Test
  void aColumnTheFileLacksIsRefused() throws Exception {
    users(3, "csv");
    Path file = dir.resolve("flow.yaml");
    Files.writeString(
        file, "data: {file: users.csv}\nrequests:\n  - {name: a, path: '/x/${data.phone}'}\n");
    ClientRun run = ClientRun.of("1", "1", "127.0.0.1", "9", "--scenario", file.toString());
    assertEquals(ExitCode.USAGE, run.code(), run.err());
    assertTrue(
        run.err()
            .contains(
                "uses ${data.phone}, a column data file users.csv does not have (it"
                    + " has: email, password)"),
        run.err());
  }
}
