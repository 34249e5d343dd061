package io.phaseload.client.engine.http1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.request.ContractAnswer;
import io.phaseload.client.request.Expectation;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The blocking reader as a feeder of the one parser ({@link ResponseParserTest} has every framing
 * case): responses read from a stream whole and one byte per read, the end of the stream, and bytes
 * left over from one response.
 */
class ResponseReaderTest {

  private static final String HELLO = "{\"response\":\"hello\"}";

  @ParameterizedTest
  @ValueSource(ints = {1, 3, 1 << 20})
  void readsConsecutiveResponsesOnOneConnection(int bytesPerRead) throws IOException {
    String one = "HTTP/1.1 200 OK\r\nCONTENT-LENGTH:  20 \r\n\r\n" + HELLO;
    String two =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n"
            + "a;x=\"y\"\r\n{\"response\r\n"
            + "A \r\n\":\"hello\"}\r\n0\r\nTrailer: x\r\n\r\n";
    String three = "HTTP/1.1 503 Unavailable\r\nContent-Length: 0\r\n\r\n";
    String four = "HTTP/1.1 200\nContent-Length: 20\nConnection: Keep-Alive, CLOSE\n\n" + HELLO;
    ResponseReader r = reader(one + two + three + four, bytesPerRead);
    r.read();
    assertResponse(r, 200, true, true);
    r.read();
    assertResponse(r, 200, true, true);
    r.read();
    assertResponse(r, 503, false, true);
    r.read();
    assertResponse(r, 200, true, false);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 1 << 20})
  void framesByCloseWhenNoLengthIsGiven(int bytesPerRead) throws IOException {
    ResponseReader r = reader("HTTP/1.1 200 OK\r\nServer: x\r\n\r\n" + HELLO, bytesPerRead);
    r.read();
    assertResponse(r, 200, true, false);
    r = reader("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n" + HELLO, bytesPerRead);
    r.read();
    assertResponse(r, 200, true, false);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 1 << 20})
  void largeBodiesAreReadWholeButNotKept(int bytesPerRead) throws IOException {
    int n = Expectation.MAX_BODY_CHECKED + 10;
    String big = "x".repeat(n);
    ResponseReader r =
        reader(
            "HTTP/1.1 200 OK\r\nContent-Length: "
                + n
                + "\r\n\r\n"
                + big
                + "HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n"
                + HELLO,
            bytesPerRead);
    r.read();
    assertResponse(r, 200, false, true);
    assertEquals(Expectation.MAX_BODY_CHECKED, r.body().length());
    r.read();
    assertResponse(r, 200, true, true);
  }

  @ParameterizedTest
  @MethodSource("io.phaseload.client.engine.http1.ResponseCases#truncated")
  void reportsTheEndOfTheStreamMidResponse(String response) {
    assertThrows(EOFException.class, () -> reader(response, 1).read());
  }

  @Test
  void bytesNobodyAskedForFailTheNextResponse() throws IOException {
    ResponseReader r =
        reader("HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n" + HELLO + "junk\r\n", 1 << 20);
    r.read();
    assertResponse(r, 200, true, true);
    assertThrows(ProtocolException.class, r::read);
  }

  private static void assertResponse(
      ResponseReader r, int status, boolean helloBody, boolean keepAlive) {
    assertEquals(status, r.status());
    assertEquals(
        helloBody,
        ContractAnswer.matches(false, r.body().bytes(), r.body().length()) && !r.body().truncated(),
        "body matches");
    if (keepAlive) {
      assertTrue(r.keepAlive(), "keep-alive");
    } else {
      assertFalse(r.keepAlive(), "keep-alive");
    }
  }

  private static ResponseReader reader(String bytes, int bytesPerRead) {
    ResponseReader r = new ResponseReader();
    r.reset(new Trickle(bytes.getBytes(StandardCharsets.ISO_8859_1), bytesPerRead));
    return r;
  }

  /** Hands out at most {@code step} bytes per read, as a slow network would. */
  private static final class Trickle extends InputStream {
    private final ByteArrayInputStream in;
    private final int step;

    Trickle(byte[] bytes, int step) {
      this.in = new ByteArrayInputStream(bytes);
      this.step = step;
    }

    @Override
    public int read() {
      return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) {
      return in.read(b, off, Math.min(len, step));
    }
  }
}
