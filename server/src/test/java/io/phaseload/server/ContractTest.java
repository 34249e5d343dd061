package io.phaseload.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.common.Contract;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The contract and its error answers, on the real server over real sockets. */
class ContractTest {

  private static PhaseloadServer server;

  @BeforeAll
  static void start() throws IOException {
    server = PhaseloadServer.start(ServerConfig.ephemeral().withMaxBodyBytes(1024));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static RawHttp.Response send(String method, String path, String type, String body)
      throws IOException {
    return RawHttp.exchange(server.port(), RawHttp.request(method, path, type, body));
  }

  @Test
  void getAnswersHello() throws IOException {
    RawHttp.Response r = send("GET", "/sayHello", null, null);
    assertEquals(200, r.status());
    assertEquals("{\"response\":\"hello\"}", r.body());
    assertTrue(r.head().toLowerCase().contains("content-type: application/json"), r.head());
  }

  @Test
  void postAnswersTheLengthOfInput() throws IOException {
    assertEquals(
        "{\"response\":\"4\"}", send("POST", "/sayHello", "application/json", json("abcd")).body());
    assertEquals(
        "{\"response\":\"0\"}", send("POST", "/sayHello", "application/json", json("")).body());
    // Length in UTF-16 code units, as String.length(): "é" is one.
    assertEquals(
        "{\"response\":\"2\"}", send("POST", "/sayHello", "application/json", json("é!")).body());
  }

  @Test
  void clientMistakesGetTheirStatusAndAJsonError() throws IOException {
    assertError(400, send("POST", "/sayHello", "application/json", "{not json"));
    assertError(400, send("POST", "/sayHello", "application/json", "{\"other\":1}"));
    assertError(400, send("POST", "/sayHello", "application/json", "{\"input\":5}"));
    assertError(400, send("POST", "/sayHello", "application/json", "[1,2]"));
    assertError(400, send("POST", "/sayHello", "application/json", ""));
    assertError(415, send("POST", "/sayHello", "text/plain", json("abcd")));
    assertError(413, send("POST", "/sayHello", "application/json", json("x".repeat(2000))));
    assertError(404, send("GET", "/nope", null, null));
    assertError(405, send("DELETE", "/sayHello", null, null));
    assertError(405, send("PUT", "/sayHello", "application/json", json("abcd")));
    assertError(400, send("GET", "/work?ms=-1", null, null));
    assertError(400, send("GET", "/work?ms=abc", null, null));
  }

  @Test
  void workWaitsThenAnswersTheContract() throws IOException {
    long start = System.nanoTime();
    RawHttp.Response r = send("GET", "/work?ms=50", null, null);
    long tookMs = (System.nanoTime() - start) / 1_000_000;
    assertEquals(200, r.status());
    assertEquals("{\"response\":\"hello\"}", r.body());
    assertTrue(tookMs >= 50, "answered after " + tookMs + " ms");
    assertEquals(
        "{\"response\":\"4\"}",
        send("POST", "/work?ms=1", "application/json", json("abcd")).body());
  }

  /**
   * A GET of /work is answered by Grizzly alone ({@link WorkHandler}) unless its Accept header
   * leaves a doubt, when Jersey's {@link WorkResource} decides: both give the same answer after the
   * same wait, and the server counts both alike.
   */
  @Test
  void workAnswersAlikeWithoutJerseyAndThroughIt() throws IOException {
    try (PhaseloadServer own = PhaseloadServer.start(ServerConfig.ephemeral())) {
      String plain = "GET /work?ms=30 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
      long start = System.nanoTime();
      RawHttp.Response grizzly = RawHttp.exchange(own.port(), plain + "\r\n");
      long grizzlyMs = (System.nanoTime() - start) / 1_000_000;
      start = System.nanoTime();
      RawHttp.Response jersey =
          RawHttp.exchange(own.port(), plain + "Accept: application/json;q=0.9\r\n\r\n");
      long jerseyMs = (System.nanoTime() - start) / 1_000_000;
      assertEquals(200, grizzly.status());
      assertEquals(Contract.GET_ANSWER, grizzly.body());
      assertEquals(headers(jersey.head()), headers(grizzly.head()));
      assertEquals(jersey.body(), grizzly.body());
      assertTrue(grizzlyMs >= 30, "answered after " + grizzlyMs + " ms");
      assertTrue(jerseyMs >= 30, "answered after " + jerseyMs + " ms");
      assertEquals(406, RawHttp.exchange(own.port(), plain + "Accept: text/html\r\n\r\n").status());
      assertEquals(200, RawHttp.exchange(own.port(), plain + "Accept: */*\r\n\r\n").status());
      assertEquals(4, own.stats().received());
      assertEquals(4, own.stats().endpoint("GET " + WorkResource.PATH));
      assertEquals(3, own.stats().status(200));
      assertEquals(1, own.stats().status(406));
    }
  }

  /** A response head's lines but its Date, sorted. */
  private static List<String> headers(String head) {
    return Arrays.stream(head.split("\r\n"))
        .filter(line -> !line.isEmpty() && !line.toLowerCase(Locale.ROOT).startsWith("date:"))
        .sorted()
        .toList();
  }

  @Test
  void healthAnswers() throws IOException {
    RawHttp.Response r = send("GET", "/health", null, null);
    assertEquals(200, r.status());
    assertEquals("{\"status\":\"ok\"}", r.body());
  }

  @Test
  void statsCountEveryRequestByEndpointAndStatus() throws IOException {
    try (PhaseloadServer own = PhaseloadServer.start(ServerConfig.ephemeral())) {
      int port = own.port();
      for (int i = 0; i < 7; i++) {
        RawHttp.exchange(port, RawHttp.request("GET", "/sayHello", null, null));
      }
      for (int i = 0; i < 5; i++) {
        RawHttp.exchange(
            port, RawHttp.request("POST", "/sayHello", "application/json", json("ab")));
      }
      RawHttp.exchange(port, RawHttp.request("POST", "/sayHello", "application/json", "{"));
      RawHttp.exchange(port, RawHttp.request("GET", "/missing", null, null));
      RequestStats stats = own.stats();
      assertEquals(14, stats.received());
      assertEquals(14, stats.answered());
      assertEquals(7, stats.endpoint("GET /sayHello"));
      assertEquals(6, stats.endpoint("POST /sayHello"));
      assertEquals(12, stats.status(200));
      assertEquals(1, stats.status(400));
      assertEquals(1, stats.status(404));
      String body = RawHttp.exchange(port, RawHttp.request("GET", "/stats", null, null)).body();
      assertTrue(body.contains("\"GET /sayHello\":7"), body);
      assertTrue(body.contains("\"POST /sayHello\":6"), body);
    }
  }

  @Test
  void statsCountTheLoadExactlyAndNeverThemselvesOrHealth() throws IOException {
    try (PhaseloadServer own = PhaseloadServer.start(ServerConfig.ephemeral())) {
      int port = own.port();
      int load = 25;
      for (int i = 0; i < load; i++) {
        String request =
            i % 2 == 0
                ? RawHttp.request("GET", Contract.PATH, null, null)
                : RawHttp.request("POST", "/work?ms=0", "application/json", Contract.POST_BODY);
        assertEquals(200, RawHttp.exchange(port, request).status());
      }
      RawHttp.exchange(port, RawHttp.request("GET", "/health", null, null));
      for (int read = 1; read <= 2; read++) {
        RawHttp.Response r = RawHttp.exchange(port, RawHttp.request("GET", "/stats", null, null));
        JsonNode stats = new ObjectMapper().readTree(r.body());
        assertEquals(load, stats.get("received").asLong(), "read " + read + ": " + r.body());
        assertEquals(load, stats.get("answered").asLong(), "read " + read + ": " + r.body());
        assertEquals(13, stats.get("endpoints").get("GET /sayHello").asLong(), r.body());
        assertEquals(12, stats.get("endpoints").get("POST /work").asLong(), r.body());
        assertEquals(2, stats.get("endpoints").size(), r.body());
      }
    }
  }

  private static void assertError(int status, RawHttp.Response r) {
    assertEquals(status, r.status(), r.head() + r.body());
    assertTrue(r.body().startsWith("{\"error\":\""), "JSON error body, got: " + r.body());
    assertTrue(!r.body().contains("Exception") && !r.body().contains("\tat "), r.body());
  }

  static String json(String input) {
    return "{\"input\":\"" + input + "\"}";
  }
}
