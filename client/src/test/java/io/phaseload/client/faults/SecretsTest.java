package io.phaseload.client.faults;

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
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Secrets stay out of what a run shows and saves: the values of Authorization, Cookie and the
 * headers {@code --redact-header} names, a URL's password and captured values in failure excerpts
 * read {@code ***} in stdout, the JSON, the CSV, the HTML page and the record file's bytes, while
 * the server still receives the real values. {@code --no-redact} keeps them.
 */
@Timeout(60)
class SecretsTest {

  static final String BEARER = "Bearer s3cr3t-bearer-token";
  static final String API_KEY = "k3y-0f-the-api";
  static final String COOKIE = "sid=c00kie-value";
  static final String PASSWORD = "pa55word";

  @TempDir Path dir;

  @Test
  void headerValuesAndUrlPasswordAreHiddenInEveryOutputButSent() throws Exception {
    List<ScriptedServer.Request> seen = new CopyOnWriteArrayList<>();
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              seen.add(r);
              return Reply.response(200, "ok");
            })) {
      String url = server.url("/x").replace("http://", "http://user:" + PASSWORD + "@");
      ClientRun run = ClientRun.of(args(url, "--redact-header", "X-Api-Key"));
      assertEquals(ExitCode.OK, run.code(), run.out() + run.err());
      assertEquals(4, seen.size());
      for (ScriptedServer.Request r : seen) {
        assertEquals(BEARER, r.header("Authorization"));
        assertEquals(API_KEY, r.header("X-Api-Key"));
        assertEquals(COOKIE, r.header("Cookie"));
      }
      List<String> shown = shown(run);
      for (String secret : List.of(BEARER, "s3cr3t", API_KEY, COOKIE, "c00kie", PASSWORD)) {
        for (int i = 0; i < shown.size(); i++) {
          assertFalse(shown.get(i).contains(secret), secret + " in output " + i);
        }
      }
      String page = Files.readString(dir.resolve("run.html"));
      assertTrue(page.contains("Authorization: ***"), "the page names the hidden header");
      assertTrue(page.contains("X-Api-Key: ***"), "the page names the hidden header");
      String record = Files.readString(dir.resolve("run.rec"), StandardCharsets.ISO_8859_1);
      assertTrue(record.contains("Authorization: ***"), "the record names the hidden header");
      assertTrue(run.out().contains("http://user:***@127.0.0.1:"), run.out());
      String json = Files.readString(dir.resolve("run.json"));
      assertTrue(json.contains("http://user:***@127.0.0.1:"), json);
    }
  }

  @Test
  void noRedactKeepsThem() throws Exception {
    try (ScriptedServer server = ScriptedServer.start(r -> Reply.response(200, "ok"))) {
      String url = server.url("/x").replace("http://", "http://user:" + PASSWORD + "@");
      ClientRun run = ClientRun.of(args(url, "--no-redact"));
      assertEquals(ExitCode.OK, run.code(), run.out() + run.err());
      String page = Files.readString(dir.resolve("run.html"));
      assertTrue(page.contains(BEARER), "--no-redact keeps the header on the page");
      assertTrue(page.contains(API_KEY), "--no-redact keeps the header on the page");
      assertTrue(Files.readString(dir.resolve("run.json")).contains(PASSWORD));
      assertTrue(
          Files.readString(dir.resolve("run.rec"), StandardCharsets.ISO_8859_1).contains(BEARER));
    }
  }

  @Test
  void aBadRedactHeaderIsAUsageError() {
    ClientRun run = ClientRun.of("1", "1", "--redact-header", "X: y");
    assertEquals(ExitCode.USAGE, run.code());
    assertTrue(run.err().startsWith("phaseload: --redact-header needs a header name"), run.err());
  }

  /**
   * A login's token, captured and then echoed by a failing answer, is not in the failure's excerpt
   * (which still shows the rest of the body), on every engine; the server received it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"loop", "raw", "jersey"})
  void capturedValuesAreHiddenInExcerpts(String engine) throws Exception {
    Map<String, Integer> auth = new ConcurrentHashMap<>();
    try (ScriptedServer server =
        ScriptedServer.start(
            r -> {
              if (r.target().equals("/login")) {
                return Reply.response(200, "{\"token\":\"tok-" + r.connection() + "-abcdef\"}");
              }
              String token = String.valueOf(r.header("Authorization")).replace("Bearer ", "");
              auth.merge(token, 1, Integer::sum);
              String echo = "{\"you\":\"" + token + "\",\"ok\":false}";
              return r.target().equals("/bad-status")
                  ? Reply.response(403, echo)
                  : Reply.response(200, echo);
            })) {
      Path scenario = dir.resolve("s.yaml");
      Files.writeString(
          scenario,
          """
          requests:
            - name: login
              path: /login
              capture:
                tok: {json: '$.token'}
            - name: check
              path: /bad-body
              headers:
                Authorization: Bearer ${tok}
              expect:
                bodyContains: '"ok":true'
            - name: status
              path: /bad-status
              headers:
                Authorization: Bearer ${tok}
            - name: capture
              path: /bad-body
              headers:
                Authorization: Bearer ${tok}
              capture:
                missing: {json: '$.nope'}
          """);
      List<String> a =
          new ArrayList<>(
              List.of(
                  "1",
                  "2",
                  "--phases",
                  "1.0",
                  "--engine",
                  engine,
                  "--url",
                  server.url("/"),
                  "--scenario",
                  scenario.toString(),
                  "--json",
                  dir.resolve("run.json").toString(),
                  "--html",
                  dir.resolve("run.html").toString(),
                  "--record",
                  dir.resolve("run.rec").toString()));
      ClientRun run = ClientRun.of(a.toArray(String[]::new));
      assertEquals(ExitCode.FAILED, run.code(), run.out() + run.err());
      assertEquals(2, run.request("check").failed(), run.out());
      assertEquals(2, run.request("status").failed(), run.out());
      assertEquals(2, run.request("capture").failed(), run.out());
      assertEquals(1, auth.size(), "one connection's token, received each time: " + auth);
      assertEquals(6, auth.values().iterator().next());
      String token = auth.keySet().iterator().next();
      assertTrue(token.startsWith("tok-") && token.endsWith("-abcdef"), token);
      List<String> shown = shown(run);
      for (int i = 0; i < shown.size(); i++) {
        assertFalse(shown.get(i).contains(token), "token in output " + i);
        assertFalse(shown.get(i).contains("abcdef"), "token in output " + i);
      }
      assertTrue(
          run.out().contains("{\\\"you\\\":\\\"***\\\",\\\"ok\\\":false}"),
          "the excerpt keeps the rest of the body: " + run.out());
    }
  }

  private String[] args(String url, String... more) {
    List<String> a =
        new ArrayList<>(
            List.of(
                "2",
                "2",
                "--phases",
                "1.0",
                "--url",
                url,
                "-H",
                "Authorization: " + BEARER,
                "-H",
                "X-Api-Key: " + API_KEY,
                "--header",
                "Cookie: " + COOKIE,
                "--json",
                dir.resolve("run.json").toString(),
                "--csv",
                dir.resolve("run.csv").toString(),
                "--html",
                dir.resolve("run.html").toString(),
                "--record",
                dir.resolve("run.rec").toString()));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  /** Everything the run showed and saved, each file's bytes as Latin-1 text. */
  private List<String> shown(ClientRun run) throws Exception {
    List<String> all = new ArrayList<>(List.of(run.out(), run.err()));
    for (String f : List.of("run.json", "run.csv", "run.html", "run.rec")) {
      Path p = dir.resolve(f);
      if (Files.exists(p)) {
        all.add(new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
      }
    }
    ClientRun report = ClientRun.of("report", dir.resolve("run.rec").toString());
    all.add(report.out());
    all.add(report.err());
    return all;
  }
}
