package io.phaseload.client.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Vars;
import io.phaseload.client.testing.Reply;
import io.phaseload.client.testing.ScriptedServer;
import io.phaseload.client.testing.TestEngines;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The engines put the same request on the wire: request line, headers (names compared without case,
 * in any order, as HTTP defines them) and body, framed by Content-Length, never chunked.
 */
@Timeout(30)
class WireTest {

  private static List<ScriptedServer.Request> send(String engine) throws Exception {
    List<ScriptedServer.Request> seen = new CopyOnWriteArrayList<>();
    try (ScriptedServer server =
            ScriptedServer.start(
                r -> {
                  seen.add(r);
                  return Reply.contract(r);
                });
        Engine e =
            TestEngines.create(
                engine,
                Target.parse(server.url("/sayHello")),
                1,
                Duration.ofSeconds(5),
                Duration.ofSeconds(5));
        Engine.Session session = e.open()) {
      Vars vars = Vars.none();
      assertEquals(Outcome.OK, Outcome.kind(session.execute(0, vars)));
      assertEquals(Outcome.OK, Outcome.kind(session.execute(1, vars)));
    }
    return seen;
  }

  private static List<String> normalized(List<String> headers) {
    List<String> out = new ArrayList<>();
    for (String h : headers) {
      int colon = h.indexOf(':');
      out.add(h.substring(0, colon).toLowerCase(Locale.ROOT) + ":" + h.substring(colon + 1).trim());
    }
    out.sort(null);
    return out;
  }

  @Test
  void rawAndJerseySendTheSameRequests() throws Exception {
    List<ScriptedServer.Request> raw = send("raw");
    List<ScriptedServer.Request> jersey = send("jersey");
    assertEquals(2, raw.size());
    assertEquals(2, jersey.size());
    for (int i = 0; i < 2; i++) {
      ScriptedServer.Request a = raw.get(i);
      ScriptedServer.Request b = jersey.get(i);
      assertEquals(a.method(), b.method());
      assertEquals(a.target(), b.target());
      assertArrayEquals(a.body(), b.body());
      List<String> ha = normalized(a.headers());
      List<String> hb = normalized(b.headers());
      // The Host header carries each server's own port; the rest must match exactly.
      ha.removeIf(h -> h.startsWith("host:"));
      hb.removeIf(h -> h.startsWith("host:"));
      assertEquals(ha, hb, a.method());
      assertTrue(ha.stream().noneMatch(h -> h.startsWith("transfer-encoding:")), ha.toString());
    }
    assertTrue(normalized(raw.get(1).headers()).contains("content-length:16"));
  }

  @Test
  void loopSendsTheRawEnginesBytes() throws Exception {
    List<ScriptedServer.Request> raw = send("raw");
    List<ScriptedServer.Request> loop = send("loop");
    assertEquals(2, loop.size());
    for (int i = 0; i < 2; i++) {
      ScriptedServer.Request a = raw.get(i);
      ScriptedServer.Request b = loop.get(i);
      assertEquals(a.method() + " " + a.target(), b.method() + " " + b.target());
      assertArrayEquals(a.body(), b.body());
      // The same headers in the same order, but for the Host header's port (each its own server).
      assertEquals(withoutHost(a.headers()), withoutHost(b.headers()));
    }
  }

  private static List<String> withoutHost(List<String> headers) {
    List<String> out = new ArrayList<>(headers);
    out.removeIf(h -> h.toLowerCase(Locale.ROOT).startsWith("host:"));
    return out;
  }
}
