package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A login and CRUD flow against a real service from npm, json-server-auth (JWT login over
 * json-server), the one docs/examples/crud.yaml writes: each of 20 users logs in once, in its
 * setup, with its own row of docs/examples/users.csv (pick: unique), and captures its token and its
 * user id; in each iteration it creates an item on a route that needs the token, captures the
 * item's id, reads it back and checks it, and deletes it. Afterwards the database holds exactly its
 * seed rows, and every step's count equals what the server logged. Skipped, saying why, where
 * json-server-auth is not installed (scripts/install-test-npm.sh, which .ci/run runs).
 */
@Timeout(180)
class JsonServerAuthFlowTest {

  /** The documented flow and its users: what docs/scenarios.md and the README show. */
  static final Path FLOW = Path.of("..", "docs", "examples", "crud.yaml");

  static final Path USERS = Path.of("..", "docs", "examples", "users.csv");

  /** A line of json-server's log: method, path, status. */
  private static final Pattern LOGGED = Pattern.compile("(GET|POST|DELETE|PUT) (\\S+) (\\d{3}) ");

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** Where scripts/install-test-npm.sh installs it, else null. */
  private static Path binary() {
    String dir = System.getenv().getOrDefault("PHASELOAD_NPM", "/opt/phaseload-npm");
    Path bin = Path.of(dir, "node_modules", ".bin", "json-server-auth");
    return Files.isExecutable(bin) ? bin : null;
  }

  @Test
  void aLoginAndCrudFlowLeavesTheDatabaseAsItWasAndCountsWhatTheServerLogged() throws Exception {
    Path bin = binary();
    assumeTrue(bin != null, "json-server-auth is not installed (scripts/install-test-npm.sh)");
    Path db = dir.resolve("db.json");
    Files.writeString(db, "{\"users\": [], \"items\": []}");
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path log = dir.resolve("server.log");
    Process server =
        new ProcessBuilder(
                bin.toString(), db.toString(), "--port", "" + port, "--host", "127.0.0.1")
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      String base = "http://127.0.0.1:" + port;
      HttpClient http = HttpClient.newHttpClient();
      awaitUp(http, base + "/items", server, log);
      // The seed: the users of users.csv (email,password), registered before the run.
      List<String> users = Files.readAllLines(USERS);
      for (String row : users.subList(1, users.size())) {
        String[] cells = row.split(",");
        HttpResponse<String> r =
            http.send(
                HttpRequest.newBuilder(URI.create(base + "/register"))
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"email\":\"" + cells[0] + "\",\"password\":\"" + cells[1] + "\"}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, r.statusCode(), r.body());
      }
      JsonNode seed = JSON.readTree(db.toFile());
      Map<String, Long> before = logged(log);

      // 20 users in one phase, a row of users.csv each (pick: unique), two iterations each.
      ClientRun run =
          ClientRun.of(
              "20", "2", "--url", base + "/", "--scenario", FLOW.toString(), "--phases", "1.0");

      long iterations = 20 * 2;
      assertEquals(0, run.code(), run.out() + run.err());
      // json-server logs a request once its answer is written, a moment after the client read it.
      Map<String, Long> after = logged(log);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (total(after) - total(before) < run.sent() && System.nanoTime() < deadline) {
        Thread.sleep(50);
        after = logged(log);
      }
      Map<String, String> routes =
          Map.of(
              "login", "POST /login",
              "create", "POST /660/items",
              "read", "GET /660/items/:id",
              "delete", "DELETE /660/items/:id");
      for (String step : List.of("login", "create", "read", "delete")) {
        Group g = run.request(step);
        assertEquals(step.equals("login") ? 20 : iterations, g.ok(), step + ": " + g.failures());
        String route = routes.get(step);
        assertEquals(
            g.sent(),
            after.getOrDefault(route, 0L) - before.getOrDefault(route, 0L),
            step + ": what json-server-auth logged");
      }
      // json-server writes db.json after it answers: wait for its last write.
      JsonNode end = JSON.readTree(db.toFile());
      long written = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!seed.equals(end) && System.nanoTime() < written) {
        Thread.sleep(50);
        end = JSON.readTree(db.toFile());
      }
      assertEquals(seed, end, "the database holds exactly its seed rows");
    } finally {
      server.destroy();
      if (!server.waitFor(10, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  /**
   * The same flow with every other user's password wrong: json-server-auth refuses those logins
   * with 400 and the body {@code "Incorrect password"}, which the login's reason quotes, and their
   * users' create, read and delete are skipped, counted per request as not sent.
   */
  @Test
  void aWrongPasswordShowsTheServersAnswerAndSkipsTheFlow() throws Exception {
    Path bin = binary();
    assumeTrue(bin != null, "json-server-auth is not installed (scripts/install-test-npm.sh)");
    Path db = dir.resolve("db.json");
    Files.writeString(db, "{\"users\": [], \"items\": []}");
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path log = dir.resolve("server.log");
    Process server =
        new ProcessBuilder(
                bin.toString(), db.toString(), "--port", "" + port, "--host", "127.0.0.1")
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      String base = "http://127.0.0.1:" + port;
      HttpClient http = HttpClient.newHttpClient();
      awaitUp(http, base + "/items", server, log);
      List<String> users = Files.readAllLines(USERS);
      StringBuilder wrong = new StringBuilder(users.get(0)).append('\n');
      for (int i = 1; i < users.size(); i++) {
        String[] cells = users.get(i).split(",");
        HttpResponse<String> r =
            http.send(
                HttpRequest.newBuilder(URI.create(base + "/register"))
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"email\":\"" + cells[0] + "\",\"password\":\"" + cells[1] + "\"}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, r.statusCode(), r.body());
        // Rows 2, 4, ... of the file (users 1, 3, ... of pick: unique) log in with a wrong one.
        wrong.append(cells[0]).append(',').append(cells[1]).append(i % 2 == 0 ? "x" : "");
        wrong.append('\n');
      }
      Path users2 = dir.resolve("users.csv");
      Files.writeString(users2, wrong.toString());
      Path flow = dir.resolve("crud.yaml");
      Files.writeString(flow, Files.readString(FLOW).replace("file: users.csv", "file: " + users2));

      ClientRun run =
          ClientRun.of(
              "20", "2", "--url", base + "/", "--scenario", flow.toString(), "--phases", "1.0");

      assertEquals(1, run.code(), run.out() + run.err());
      Group login = run.request("login");
      assertEquals(20, login.sent());
      assertEquals(10, login.ok());
      assertEquals(Map.of(400, 10L), login.statuses());
      assertEquals(
          "status 400, expected 2xx; first got 20 bytes: \"\\\"Incorrect password\\\"\"",
          run.result().reasons().answer(0, 400));
      for (String step : List.of("create", "read", "delete")) {
        Group g = run.request(step);
        assertEquals(20, g.sent(), step);
        assertEquals(20, g.ok(), step);
        assertEquals(20, g.notSent(), step);
        assertEquals(20, g.skipped(), step);
      }
    } finally {
      server.destroy();
      if (!server.waitFor(10, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  private static void awaitUp(HttpClient http, String url, Process server, Path log)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      assertTrue(server.isAlive(), "json-server-auth ended: " + Files.readString(log));
      try {
        HttpResponse<Void> r =
            http.send(
                HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).build(),
                HttpResponse.BodyHandlers.discarding());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    throw new AssertionError("json-server-auth did not answer: " + Files.readString(log));
  }

  private static long total(Map<String, Long> logged) {
    return logged.entrySet().stream()
        .filter(e -> e.getKey().equals("POST /login") || e.getKey().contains("/660/items"))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  /** json-server's log so far, counted by "METHOD /route" (item ids as :id). */
  private static Map<String, Long> logged(Path log) throws IOException {
    Map<String, Long> out = new TreeMap<>();
    String text = Files.readString(log).replaceAll("\u001B\\[[0-9;]*m", "");
    Matcher m = LOGGED.matcher(text);
    while (m.find()) {
      String path = m.group(2).replaceAll("/\\d+$", "/:id");
      out.merge(m.group(1) + " " + path, 1L, Long::sum);
    }
    return out;
  }
}
