package io.phaseload.client.engine.http2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.client.testing.H2Server;
import io.phaseload.client.testing.H2Server.Act;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * HTTP/2's faults, from a server that makes them on cue ({@link H2Server}): a limit on concurrent
 * streams kept, and waited on; a PING answered; a reset stream, a GOAWAY that refuses requests, a
 * stream never answered and a window never opened each failing with its own kind and reason,
 * counted, and nothing hanging. Every count is checked against what the server received.
 */
@Timeout(120)
class Http2FaultsTest {

  @Test
  void aLimitOfTenStreamsIsKeptAndTheRestWait() throws Exception {
    try (H2Server server = H2Server.start((n, s) -> Act.ANSWER, 10, 5)) {
      ClientRun run = run(server, "40", "20", "--connections", "1");
      assertEquals(0, run.code(), run.out());
      long sent = run.sent();
      assertEquals(
          List.of(sent, sent), List.of((long) server.requests(), (long) server.answered()));
      assertEquals(10, server.mostOpen(), "the most streams open at once on a connection");
      // 40 users on 10 streams of 5 ms each: a request waits about three answers for its stream.
      assertTrue(
          run.phase("PEAK").latency().p50() >= Duration.ofMillis(15).toNanos(),
          "the peak's median holds the wait for a stream: " + run.phase("PEAK").latency());
      assertEquals(server.sessions(), server.pingAcks(), "each connection's PING answered");
    }
  }

  @Test
  void fiftyUsersOnFiveConnectionsOfTenStreamsNeverWait() throws Exception {
    // Connection c is loop c % L's, and user u goes to connection u % C's loop: 10 users on each
    // of the 5, whatever the loops, so none waits (an even spread of users over 2 loops put 13 on
    // some connection, and half the requests waited).
    try (H2Server server = H2Server.start((n, s) -> Act.ANSWER, 10, 2)) {
      ClientRun run = run(server, "50", "20", "--connections", "5", "--phases", "1.0");
      assertEquals(0, run.code(), run.out());
      assertEquals(0, run.finished().streamWait().waited(), run.out());
      assertEquals(10, server.mostOpen());
      assertEquals(run.sent(), server.answered());
    }
  }

  @Test
  void aResetStreamFailsWithItsCode() throws Exception {
    try (H2Server server = H2Server.start((n, s) -> n % 10 == 0 ? Act.RESET : Act.ANSWER, 0, 0)) {
      ClientRun run = run(server, "5", "40", "--connections", "1");
      assertEquals(1, run.code(), run.out());
      assertEquals(server.requests(), run.sent());
      assertEquals(server.answered(), run.ok());
      assertEquals(run.sent() / 10, run.failed("io"));
      assertEquals(
          Map.of("stream reset by the server: RST_STREAM INTERNAL_ERROR", run.failed("io")),
          run.reasons(Outcome.IO));
    }
  }

  @Test
  void aGoAwayRefusesTheStreamsAfterTheLastItTookAndTheRestGoOnANewConnection() throws Exception {
    try (H2Server server = H2Server.start((n, s) -> n == 30 ? Act.GOAWAY : Act.ANSWER, 0, 0)) {
      // One user, one stream at a time: only the stream the GOAWAY came on is refused.
      ClientRun run = run(server, "1", "100");
      assertEquals(1, run.code(), run.out());
      assertEquals(List.of(400L, 399L, 1L), List.of(run.sent(), run.ok(), run.failed("io")));
      assertEquals(
          Map.of("refused by the server's GOAWAY (NO_ERROR): not processed", 1L),
          run.reasons(Outcome.IO));
      assertEquals(List.of(400, 399), List.of(server.requests(), server.answered()));
    }
  }

  @Test
  void aGoAwayAmongManyStreamsRefusesExactlyThoseItDidNotTake() throws Exception {
    try (H2Server server = H2Server.start((n, s) -> n == 200 ? Act.GOAWAY : Act.ANSWER, 0, 0)) {
      ClientRun run = run(server, "20", "40", "--connections", "1");
      assertEquals(1, run.code(), run.out());
      long refused = run.failed("io");
      assertTrue(refused >= 1, "the stream the GOAWAY came on, at least, was refused");
      assertEquals(run.sent(), run.ok() + refused);
      assertEquals(server.answered(), run.ok());
      assertEquals(
          Map.of("refused by the server's GOAWAY (NO_ERROR): not processed", refused),
          run.reasons(Outcome.IO));
      // The refused streams left the client; the server may not have read each before the
      // connection closed, and processed none of them.
      int read = server.requests();
      assertTrue(read > server.answered() && read <= run.sent(), read + " read");
    }
  }

  @Test
  void aServerThatSendsGoAwayToEveryRequestIsNotReconnectedToForever() throws Exception {
    try (H2Server server = H2Server.start((n, s) -> Act.GOAWAY, 0, 0)) {
      ClientRun run = run(server, "4", "5", "--connections", "1", "--phases", "1.0");
      assertEquals(1, run.code(), run.out());
      assertEquals(0, run.ok());
      // Each request is refused by its GOAWAY, or was waiting for that connection and not sent.
      assertEquals(20, run.failed("io") + run.failed("not sent"));
      assertTrue(server.requests() >= 1 && server.requests() <= run.failed("io"));
    }
  }

  @Test
  void aStreamNeverAnsweredTimesOutAndTheRunEnds() throws Exception {
    try (H2Server server = H2Server.start((n, s) -> n == 7 ? Act.HOLD : Act.ANSWER, 0, 0)) {
      ClientRun run = run(server, "2", "20", "--connections", "1", "--read-timeout", "300");
      assertEquals(1, run.code(), run.out());
      assertEquals(List.of(1L, run.sent() - 1), List.of(run.failed("timeout"), run.ok()));
      assertEquals(server.requests(), run.sent());
    }
  }

  @Test
  void aWindowNeverOpenedIsAFlowControlStall() throws Exception {
    try (H2Server server = H2Server.withWindow(16)) {
      ClientRun run =
          ClientRun.of(
              "1",
              "3",
              "--url",
              server.url("/post"),
              "--http2",
              "-X",
              "POST",
              "-d",
              "a body of more than the sixteen bytes the server's window lets through",
              "--read-timeout",
              "300");
      assertEquals(1, run.code(), run.out());
      assertEquals(run.sent(), run.failed("timeout"));
      assertEquals(
          Map.of(
              "flow-control stall: the server's window stayed shut past the read timeout",
              run.sent()),
          run.reasons(Outcome.TIMEOUT));
    }
  }

  private static ClientRun run(H2Server server, String threads, String iterations, String... more) {
    String[] args = new String[5 + more.length];
    args[0] = threads;
    args[1] = iterations;
    args[2] = "--url";
    args[3] = server.url("/h2");
    args[4] = "--http2";
    System.arraycopy(more, 0, args, 5, more.length);
    return ClientRun.of(args);
  }
}
