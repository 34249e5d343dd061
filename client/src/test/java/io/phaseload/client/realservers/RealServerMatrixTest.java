package io.phaseload.client.realservers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.phaseload.client.report.ContractHint;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Group;
import io.phaseload.client.testing.ClientRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real client against real web servers from Debian's packages (nginx, apache2, lighttpd, {@code
 * python3 -m http.server}), every case on both engines: each run's outcomes are exact, and the
 * client sent exactly what the server logged. A server that is not installed is skipped with the
 * command that installs it; {@code .ci/run} installs them all.
 */
@Timeout(90)
class RealServerMatrixTest {

  private static final int THREADS = 2;
  private static final int ITERATIONS = 5;
  private static final int REQUESTS = THREADS * ITERATIONS;
  private static final List<String> ENGINES = List.of("raw", "jersey", "loop");

  /** Servers started by the first test that needs them, stopped after the last. */
  private static final Map<ServerKind, RealServer> RUNNING = new EnumMap<>(ServerKind.class);

  /** One request per iteration, and the HTTP status every one must end with (0: all ok). */
  enum Case {
    /** --url and no request flag: one plain GET per iteration, as every peer sends. */
    URL_ALONE(Resource.STATIC, 0),
    STATIC(Resource.STATIC, 0, "-X", "GET"),
    HEAD(Resource.STATIC, 0, "-X", "HEAD"),
    NO_CONTENT(Resource.NO_CONTENT, 0, "--expect-status", "204"),
    REDIRECT_EXPECTED(Resource.REDIRECT, 0, "--expect-status", "301"),
    REDIRECT_NOT_FOLLOWED(Resource.REDIRECT, 301, "-X", "GET"),
    MISSING(Resource.MISSING, 404, "-X", "GET"),
    BIG(Resource.BIG, 0, "-X", "GET"),
    NO_KEEP_ALIVE(Resource.NO_KEEP_ALIVE, 0, "-X", "GET"),
    CHUNKED(Resource.CHUNKED, 0, "-X", "GET");

    final Resource resource;
    final int failStatus;
    final List<String> flags;

    Case(Resource resource, int failStatus, String... flags) {
      this.resource = resource;
      this.failStatus = failStatus;
      this.flags = List.of(flags);
    }
  }

  static Stream<Arguments> matrix() {
    List<Arguments> all = new ArrayList<>();
    for (ServerKind kind : ServerKind.values()) {
      for (Case c : Case.values()) {
        for (String engine : ENGINES) {
          all.add(Arguments.of(kind, c, engine));
        }
      }
    }
    return all.stream();
  }

  static Stream<Arguments> serversAndEngines() {
    List<Arguments> all = new ArrayList<>();
    for (ServerKind kind : ServerKind.values()) {
      for (String engine : ENGINES) {
        all.add(Arguments.of(kind, engine));
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("matrix")
  void everyRequestEndsAsTheCaseExpects(ServerKind kind, Case c, String engine) throws Exception {
    assumeTrue(kind.installed(), kind.notInstalled());
    assumeTrue(kind.path(c.resource).isPresent(), () -> kind.cannotServe(c.resource));
    RealServer server = running(kind);
    long before = server.received();
    List<String> args = new ArrayList<>(plan(server.url(c.resource), engine));
    args.addAll(c.flags);
    ClientRun run = ClientRun.of(args.toArray(String[]::new));
    String context = String.join(" ", args) + "\n" + run.out() + run.err();

    assertEquals(REQUESTS, run.sent(), context);
    if (c.flags.isEmpty()) {
      assertEquals(List.of("GET"), run.result().plan().requestNames(), context);
    }
    if (c.failStatus == 0) {
      assertEquals(REQUESTS, run.ok(), context);
      assertEquals(0, run.code(), context);
    } else {
      assertEquals(REQUESTS, run.failed("http"), context);
      assertEquals(REQUESTS, run.status(c.failStatus), context);
      assertEquals(1, run.code(), context);
    }
    assertSentWasReceived(server, before, run, context);
  }

  /**
   * With {@code --contract}, {@code --url} runs the contract (GET and POST, each answer checked),
   * which a static file never meets: every GET is a bad body; each server answers the POST to a
   * file in its own way.
   */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("serversAndEngines")
  void theContractAgainstAStaticFileFailsEveryRequest(ServerKind kind, String engine)
      throws Exception {
    assumeTrue(kind.installed(), kind.notInstalled());
    RealServer server = running(kind);
    long before = server.received();
    List<String> args = new ArrayList<>(plan(server.url(Resource.STATIC), engine));
    args.add("--contract");
    ClientRun run = ClientRun.of(args.toArray(String[]::new));
    String context = String.join(" ", args) + "\n" + run.out() + run.err();

    assertEquals(2 * REQUESTS, run.sent(), context);
    assertEquals(0, run.ok(), context);
    assertEquals(1, run.code(), context);
    assertEquals(REQUESTS, run.request("GET").count(Outcome.BAD_BODY), context);
    assertTrue(ContractHint.applies(run.summary()), context);
    assertEquals(1, run.out().lines().filter(l -> l.startsWith("Note: ")).count(), context);
    int postStatus = postToAFile(kind);
    Group post = run.request("POST");
    if (postStatus == 200) {
      assertEquals(REQUESTS, post.count(Outcome.BAD_BODY), context);
    } else {
      assertEquals(Map.of(postStatus, (long) REQUESTS), post.statuses(), context);
    }
    assertSentWasReceived(server, before, run, context);
  }

  @AfterAll
  static void stopServers() {
    for (RealServer server : RUNNING.values()) {
      server.close();
    }
    RUNNING.clear();
  }

  /** What each server answers to a POST of JSON to a static file. */
  private static int postToAFile(ServerKind kind) {
    return switch (kind) {
      case NGINX -> 405; // its static module takes GET and HEAD only
      case APACHE, LIGHTTPD -> 200; // they serve the file and ignore the body
      case PYTHON -> 501; // SimpleHTTPRequestHandler has no do_POST
    };
  }

  private static List<String> plan(String url, String engine) {
    return List.of(
        Integer.toString(THREADS),
        Integer.toString(ITERATIONS),
        "--phases",
        "1.0",
        "--url",
        url,
        "--engine",
        engine,
        // A response the client misreads becomes a timeout in the run, not a hung test.
        "--read-timeout",
        "5000",
        "--quiet");
  }

  private static void assertSentWasReceived(
      RealServer server, long before, ClientRun run, String context) throws InterruptedException {
    // Returns as soon as the log holds them all; the bound is for a loaded machine, where a verify
    // once found lighttpd's buffered log short after 5 s.
    long received = server.awaitReceived(before + run.sent(), Duration.ofSeconds(15)) - before;
    assertEquals(run.sent(), received, "client sent == " + server + " logged\n" + context);
  }

  private static RealServer running(ServerKind kind) throws Exception {
    RealServer server = RUNNING.get(kind);
    if (server == null) {
      server = RealServer.start(kind);
      RUNNING.put(kind, server);
    }
    return server;
  }
}
