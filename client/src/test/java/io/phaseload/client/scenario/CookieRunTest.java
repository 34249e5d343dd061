package io.phaseload.client.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each user keeps its cookies: a session cookie set at login is sent back on the user's next
 * requests, with no header written by hand, on every engine; every session the server made is used
 * by exactly one later request. With {@code cookies: false} none is sent.
 */
@Timeout(60)
class CookieRunTest {

  static final String FLOW =
      """
      COOKIES
      requests:
        - name: login
          method: POST
          path: /login
        - name: me
          path: /me
      """;

  /** Sessions made at login; each /me's cookie must name one, once. */
  private static final class Sessions {
    final Map<String, AtomicInteger> used = new ConcurrentHashMap<>();
    final AtomicInteger ids = new AtomicInteger();
    final Set<String> stray = ConcurrentHashMap.newKeySet();

    Reply reply(ScriptedServer.Request r) {
      if (r.target().equals("/login")) {
        String sid = "s" + ids.incrementAndGet();
        used.put(sid, new AtomicInteger());
        return Reply.response(
            200, "{}", "Set-Cookie: sid=" + sid + "; Path=/; HttpOnly", "Set-Cookie: theme=dark");
      }
      String cookie =
          r.headers().stream()
              .filter(h -> h.regionMatches(true, 0, "Cookie:", 0, 7))
              .map(h -> h.substring(7).trim())
              .findFirst()
              .orElse("");
      for (String part : cookie.split(";\\s*")) {
        if (part.startsWith("sid=")) {
          AtomicInteger n = used.get(part.substring(4));
          if (n != null) {
            n.incrementAndGet();
            return Reply.response(200, "{\"user\":\"" + part.substring(4) + "\"}");
          }
          stray.add(part);
        }
      }
      return Reply.response(401, "{}");
    }
  }

  private static ClientRun run(Path dir, String cookies, String engine, Sessions sessions)
      throws Exception {
    Path file = dir.resolve("flow.yaml");
    Files.writeString(file, FLOW.replace("COOKIES", cookies));
    try (ScriptedServer server = ScriptedServer.start(sessions::reply)) {
      return ClientRun.of(
          "4", "5", "--url", server.url("/"), "--scenario", file.toString(), "--engine", engine);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads", "jersey"})
  void eachUserSendsBackTheSessionItWasGiven(String engine, @TempDir Path dir) throws Exception {
    Sessions sessions = new Sessions();
    ClientRun run = run(dir, "", engine, sessions);
    long iterations = (1 + 2 + 4 + 1) * 5;
    assertEquals(0, run.code(), run.out() + run.err());
    assertEquals(iterations, run.request("me").ok());
    assertEquals(iterations, sessions.used.size(), "a session per login");
    assertTrue(
        sessions.used.values().stream().allMatch(n -> n.get() == 1),
        "each session used by exactly one /me: " + sessions.used);
    assertTrue(sessions.stray.isEmpty(), "no unknown session: " + sessions.stray);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"loop", "threads"})
  void cookiesFalseSendsNone(String engine, @TempDir Path dir) throws Exception {
    Sessions sessions = new Sessions();
    ClientRun run = run(dir, "cookies: false", engine, sessions);
    long iterations = (1 + 2 + 4 + 1) * 5;
    assertEquals(iterations, run.request("me").sent());
    assertEquals(iterations, run.request("me").count(io.phaseload.client.request.Outcome.HTTP));
    assertTrue(sessions.used.values().stream().allMatch(n -> n.get() == 0));
  }
}
