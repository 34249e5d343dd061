package io.phaseload.client.engine.http1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.request.ContractAnswer;
import io.phaseload.client.request.Expectation;
import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one HTTP/1.1 response parser, which the event loops and the blocking reader both feed, on
 * every framing case, fed whole and in slices of one and three bytes (every boundary a read can
 * fall on).
 */
class ResponseParserTest {

  private static final String HELLO = "{\"response\":\"hello\"}";

  @ParameterizedTest
  @ValueSource(ints = {1, 3, 1 << 20})
  void readsConsecutiveResponsesOnOneConnection(int step) throws IOException {
    String one = "HTTP/1.1 200 OK\r\nCONTENT-LENGTH:  20 \r\n\r\n" + HELLO;
    String two =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n"
            + "a;x=\"y\"\r\n{\"response\r\n"
            + "A \r\n\":\"hello\"}\r\n0\r\nTrailer: x\r\n\r\n";
    String three = "HTTP/1.1 503 Unavailable\r\nContent-Length: 0\r\n\r\n";
    String four = "HTTP/1.1 200\nContent-Length: 20\nConnection: Keep-Alive, CLOSE\n\n" + HELLO;
    Stream s = new Stream(one + two + three + four, step);
    s.next();
    assertResponse(s.parser, 200, true, true);
    s.next();
    assertResponse(s.parser, 200, true, true);
    s.next();
    assertResponse(s.parser, 503, false, true);
    s.next();
    assertResponse(s.parser, 200, true, false);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 1 << 20})
  void framesByCloseWhenNoLengthIsGiven(int step) throws IOException {
    Stream s = new Stream("HTTP/1.1 200 OK\r\nServer: x\r\n\r\n" + HELLO, step);
    s.next();
    assertResponse(s.parser, 200, true, false);
    s = new Stream("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n" + HELLO, step);
    s.next();
    assertResponse(s.parser, 200, true, false);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 1 << 20})
  void http10KeepsTheConnectionOnlyWhenAsked(int step) throws IOException {
    Stream s =
        new Stream(
            "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 20\r\n\r\n" + HELLO,
            step);
    s.next();
    assertResponse(s.parser, 200, true, true);
    s = new Stream("HTTP/1.0 200 OK\r\nContent-Length: 20\r\n\r\n" + HELLO, step);
    s.next();
    assertResponse(s.parser, 200, true, false);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 1 << 20})
  void skipsInterimResponsesAndEmptyBodies(int step) throws IOException {
    Stream s =
        new Stream(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: x\r\n\r\n"
                + "HTTP/1.1 204 No Content\r\nContent-Length: 99\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n"
                + HELLO,
            step);
    s.next();
    assertResponse(s.parser, 204, false, true);
    assertEquals(0, s.parser.body().length());
    s.next();
    assertResponse(s.parser, 200, true, true);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 1 << 20})
  void headResponsesHaveNoBodyWhateverTheySay(int step) throws IOException {
    Stream s =
        new Stream(
            "HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n"
                + HELLO,
            step);
    s.next(true);
    assertEquals(200, s.parser.status());
    assertEquals(0, s.parser.body().length());
    s.next();
    assertResponse(s.parser, 200, true, true);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 1 << 20})
  void largeBodiesAreReadWholeButNotKept(int step) throws IOException {
    int n = Expectation.MAX_BODY_CHECKED + 10;
    Stream s =
        new Stream(
            "HTTP/1.1 200 OK\r\nContent-Length: "
                + n
                + "\r\n\r\n"
                + "x".repeat(n)
                + "HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n"
                + HELLO,
            step);
    s.next();
    assertResponse(s.parser, 200, false, true);
    assertEquals(Expectation.MAX_BODY_CHECKED, s.parser.body().length());
    assertTrue(s.parser.body().truncated());
    s.next();
    assertResponse(s.parser, 200, true, true);
  }

  @ParameterizedTest
  @MethodSource("io.phaseload.client.engine.http1.ResponseCases#malformed")
  void rejectsMalformedResponses(String response) {
    assertThrows(ProtocolException.class, () -> new Stream(response, 1).next());
    assertThrows(ProtocolException.class, () -> new Stream(response, 1 << 20).next());
  }

  @ParameterizedTest
  @MethodSource("io.phaseload.client.engine.http1.ResponseCases#truncated")
  void reportsTheEndOfTheStreamMidResponse(String response) {
    assertThrows(EOFException.class, () -> new Stream(response, 1).next());
    assertThrows(EOFException.class, () -> new Stream(response, 3).next());
  }

  @Test
  void saysWhereTheStreamEnded() {
    assertEquals(
        "connection closed before the response",
        assertThrows(EOFException.class, () -> new Stream("", 1).next()).getMessage());
    assertEquals(
        "connection closed in the body",
        assertThrows(
                EOFException.class,
                () -> new Stream("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nab", 1).next())
            .getMessage());
    assertEquals(
        "truncated",
        assertThrows(EOFException.class, () -> new Stream("HTTP/1.1 200 OK\r\n", 1).next())
            .getMessage());
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 1 << 20})
  void rejectsAHeadLongerThanTheLimit(int step) {
    String header = "X-Big: " + "y".repeat(ResponseHead.MAX_HEAD) + "\r\n";
    Stream s = new Stream("HTTP/1.1 200 OK\r\n" + header + "\r\n", step);
    assertThrows(ProtocolException.class, s::next);
    String many = "X-Small: z\r\n".repeat(ResponseHead.MAX_HEAD / 12 + 1);
    Stream s2 = new Stream("HTTP/1.1 200 OK\r\n" + many + "\r\n", step);
    assertThrows(ProtocolException.class, s2::next);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 7, 1 << 20})
  void chunkLinesDoNotCountTowardTheHeadButTrailersDo(int step) throws IOException {
    String chunks = "1\r\nx\r\n".repeat(20_000);
    Stream s =
        new Stream(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + "0\r\n\r\n", step);
    s.next();
    assertEquals(200, s.parser.status());
    assertTrue(s.parser.done());
    String trailers = "X-T: z\r\n".repeat(ResponseHead.MAX_HEAD / 8 + 1);
    Stream t =
        new Stream(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n"
                + trailers
                + "\r\n",
            step);
    assertThrows(ProtocolException.class, t::next);
    String longExtension = "1;" + "e".repeat(ResponseHead.MAX_HEAD) + "\r\nx\r\n0\r\n\r\n";
    Stream u =
        new Stream("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + longExtension, step);
    assertThrows(ProtocolException.class, u::next);
  }

  @Test
  void bytesNobodyAskedForFailTheNextResponse() throws IOException {
    Stream s =
        new Stream("HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n" + HELLO + "junk\r\n", 1 << 20);
    s.next();
    assertResponse(s.parser, 200, true, true);
    assertThrows(ProtocolException.class, s::next);
  }

  private static void assertResponse(
      ResponseParser p, int status, boolean helloBody, boolean keepAlive) {
    assertEquals(status, p.status());
    assertEquals(
        helloBody,
        ContractAnswer.matches(false, p.body().bytes(), p.body().length()) && !p.body().truncated(),
        "body matches");
    if (keepAlive) {
      assertTrue(p.keepAlive(), "keep-alive");
    } else {
      assertFalse(p.keepAlive(), "keep-alive");
    }
  }

  /** A connection's bytes, handed to the parser at most {@code step} at a time. */
  private static final class Stream {
    final ResponseParser parser = new ResponseParser();
    private final byte[] bytes;
    private final int step;
    private int pos;

    Stream(String s, int step) {
      this.bytes = s.getBytes(StandardCharsets.ISO_8859_1);
      this.step = step;
    }

    void next() throws IOException {
      next(false);
    }

    /** Parses the next response, as a loop would from reads of at most {@code step} bytes. */
    void next(boolean head) throws IOException {
      parser.start(head, Expectation.MAX_BODY_CHECKED);
      while (!parser.done()) {
        if (pos == bytes.length) {
          parser.endOfStream();
          return;
        }
        int end = (int) Math.min(bytes.length, (long) pos + step);
        pos = parser.feed(bytes, pos, end);
      }
    }
  }
}
