package io.phaseload.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Throws a few thousand random and mutated requests at {@code /sayHello}. Every answer must be a
 * well-formed response with a 2xx or 4xx status (never a 5xx, save 505 for an HTTP version we do
 * not speak; never garbage), and the server must still serve afterwards. The seed is in every
 * failure message, so a failure can be replayed: {@code mvn verify -Dseed=N -Dtest=FuzzTest}.
 */
class FuzzTest {

  private static final int CASES = 2_000;
  private static final String[] METHODS = {"GET", "POST", "PUT", "HEAD", "OPTIONS", "PATCH", "X"};
  private static final String[] TYPES = {
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "application/xml",
    "multipart/form-data; boundary=x",
    "*/*",
    "application/",
    ";;;",
  };
  private static final String[] BODIES = {
    "{\"input\":\"abcd\"}",
    "{\"input\":\"\"}",
    "{\"input\":null}",
    "{\"input\":[1,2]}",
    "{\"input\":{\"a\":1}}",
    "{\"input\":\"\\ud800\"}",
    "{\"input\":\"a\",\"input\":\"bb\"}",
    "[]",
    "null",
    "{",
    "",
    "\u0000\u0001\u0002",
  };

  @Test
  void everyAnswerIsWellFormedAndNeverAServerError() throws IOException {
    // -Dseed=N replays a failure: every assertion message names the seed it ran with.
    long seed = Long.getLong("seed", System.nanoTime());
    Random random = new Random(seed);
    try (PhaseloadServer server = PhaseloadServer.start(ServerConfig.ephemeral())) {
      for (int i = 0; i < CASES; i++) {
        String method = METHODS[random.nextInt(METHODS.length)];
        String type = random.nextInt(5) == 0 ? null : TYPES[random.nextInt(TYPES.length)];
        String body = mutate(BODIES[random.nextInt(BODIES.length)], random);
        String request = RawHttp.request(method, "/sayHello", type, body);
        boolean futureVersion = false;
        if (random.nextInt(10) == 0) {
          futureVersion = random.nextBoolean();
          request = request.replace("HTTP/1.1", futureVersion ? "HTTP/9.9" : "HTTP/1.0");
        }
        if (random.nextInt(10) == 0) {
          request = request.replace("Host: 127.0.0.1\r\n", "Host: \u0001\u00ff\r\nX: y\r\n");
        }
        RawHttp.Response r = RawHttp.exchange(server.port(), request);
        String context = "seed " + seed + ", case " + i + ": " + request.replace("\r\n", "|");
        // HEAD answers have no body; anything else must be a complete, well-formed response.
        assertTrue(r.wellFormed(), context + " -> not an HTTP response: " + r.head());
        // 505 is the one 5xx a client earns (RFC 9110 15.6.6): an HTTP version we do not speak.
        int expectedCeiling = futureVersion ? 505 : 499;
        assertTrue(r.status() <= expectedCeiling, context + " -> " + r.status() + " " + r.body());
        assertTrue(!r.body().contains("Exception"), context + " -> " + r.body());
      }
      assertEquals(
          200,
          RawHttp.exchange(
                  server.port(),
                  RawHttp.request("POST", "/sayHello", "application/json", "{\"input\":\"ab\"}"))
              .status());
    }
  }

  private static String mutate(String body, Random random) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    int edits = random.nextInt(4);
    for (int e = 0; e < edits && bytes.length > 0; e++) {
      bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
    }
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }
}
