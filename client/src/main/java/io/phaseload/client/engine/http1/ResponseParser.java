package io.phaseload.client.engine.http1;

import io.phaseload.client.engine.Ascii;
import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.KeptBody;
import io.phaseload.client.engine.KeptHeaders;
import io.phaseload.client.request.Expectation;
import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;

/**
 * Parses one HTTP/1.1 response at a time from whatever bytes arrive, as an event loop reads them:
 * {@link #feed} takes any slice of the loop's buffer and consumes what belongs to the response, so
 * that no byte needs to be held per connection but a head line split across reads. The rules are
 * {@link ResponseHead}'s, those of the blocking engine's reader: status line and headers, bodies
 * framed by length, by chunks (extensions and trailers skipped) or by the end of the stream,
 * interim 1xx responses skipped, no body for HEAD, 204 and 304, and at most {@link
 * ResponseHead#MAX_HEAD} bytes of head and trailers, and as many in each chunk line. The first
 * {@code keep} body bytes are kept for the expectation's check.
 *
 * <p>One per connection; not thread-safe. Allocates only when a split line or a kept body outgrows
 * what it holds.
 */
public final class ResponseParser {

  private static final int STATUS = 0;
  private static final int HEADER = 1;
  private static final int BODY = 2;
  private static final int CHUNK_SIZE = 3;
  private static final int CHUNK_DATA = 4;
  private static final int CHUNK_END = 5;
  private static final int TRAILER = 6;
  private static final int TO_END = 7;
  private static final int DONE = 8;

  private final ResponseHead parsed = new ResponseHead();
  private int state = DONE;
  private boolean head;
  private int headBytes;
  private long left;
  private boolean keepAlive;

  /** The start of a line that did not end in the bytes fed so far. */
  private byte[] line = new byte[128];

  private int lineLength;

  private final KeptBody body = new KeptBody();

  /** The current request's expectation: an unexpected status keeps an excerpt. Null: none. */
  private Expectation expect;

  private final KeptHeaders headers = new KeptHeaders();

  /**
   * Parses one response of every framing, so that every class and branch the parser needs is loaded
   * before the first phase: a class first loaded mid-run needs a file descriptor, just when a run
   * at its open-files limit has none left.
   */
  public static void prepare() {
    byte[] bytes =
        ("HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "2;x=y\r\nok\r\n0\r\nTrailer: t\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
                + "HTTP/1.0 200 OK\r\n\r\nok")
            .getBytes(StandardCharsets.ISO_8859_1);
    ResponseParser p = new ResponseParser();
    int pos = 0;
    try {
      for (int i = 0; i < 3; i++) {
        p.start(false, 16);
        pos = p.feed(bytes, pos, bytes.length);
      }
      p.endOfStream();
    } catch (IOException e) {
      throw new IllegalStateException("the parser does not read its own sample", e);
    }
    if (!p.done() || p.status() != 200 || p.body().length() != 2) {
      throw new IllegalStateException("the parser does not read its own sample");
    }
  }

  /**
   * Starts a new response.
   *
   * @param headRequest whether the request was HEAD, whose response has no body
   * @param keep how many body bytes to keep for the check
   */
  public void start(boolean headRequest, int keep) {
    start(headRequest, keep, KEEP_NO_HEADERS, false);
  }

  private static final String[] KEEP_NO_HEADERS = {};

  /**
   * Starts the response to {@code request}: its body bytes kept for its check and captures, its
   * headers for its captures and cookies, and when its status is not one it expects, at least
   * {@link Expectation#EXCERPT_BYTES} of its body for the reason ({@link Expectation#explain}).
   */
  public void start(EncodedRequest request) {
    start(request.head, request.keep, request.keepHeaders, request.cookies);
    expect = request.expect;
  }

  /**
   * Starts a new response, keeping the values of the headers named {@code keepHeaders} (lower case)
   * for the request's captures, and its {@code Set-Cookie} values if {@code keepCookies}.
   */
  public void start(boolean headRequest, int keep, String[] keepHeaders, boolean keepCookies) {
    head = headRequest;
    expect = null;
    body.start(keep);
    headers.start(keepHeaders, keepCookies);
    state = STATUS;
    headBytes = 0;
    lineLength = 0;
  }

  /** Whether the response has been read to its end. */
  public boolean done() {
    return state == DONE;
  }

  /** Whether nothing of the response has arrived yet. */
  public boolean nothingYet() {
    return state == STATUS && headBytes == 0 && lineLength == 0;
  }

  /**
   * Consumes the bytes of {@code b[pos, end)} that belong to the response.
   *
   * @return where the response's bytes end: {@code end}, or less once it is {@link #done}
   * @throws ProtocolException if the response is not HTTP/1.x
   */
  public int feed(byte[] b, int pos, int end) throws ProtocolException {
    while (pos < end && state != DONE) {
      if (state == BODY || state == CHUNK_DATA) {
        int n = (int) Math.min(left, end - pos);
        body.keep(b, pos, n);
        pos += n;
        left -= n;
        if (left == 0) {
          state = state == BODY ? DONE : CHUNK_END;
        }
      } else if (state == TO_END) {
        body.keep(b, pos, end - pos);
        pos = end;
      } else {
        pos = line(b, pos, end);
      }
    }
    return pos;
  }

  /**
   * The stream ended: completes a body framed by the close, else fails.
   *
   * @throws EOFException if the response was not complete
   */
  public void endOfStream() throws EOFException {
    if (state == TO_END) {
      state = DONE;
      keepAlive = false;
      return;
    }
    if (state != DONE) {
      throw new EOFException(
          nothingYet()
              ? "connection closed before the response"
              : state == BODY ? "connection closed in the body" : "truncated");
    }
  }

  public int status() {
    return parsed.status();
  }

  /** Whether the connection may carry the next request. */
  public boolean keepAlive() {
    return keepAlive;
  }

  /** The values of the headers asked for. */
  public KeptHeaders headers() {
    return headers;
  }

  /** The first bytes of the body, as many as were asked for. */
  public KeptBody body() {
    return body;
  }

  /** Consumes up to one line end; handles the line when it is whole. */
  private int line(byte[] b, int pos, int end) throws ProtocolException {
    int lf = Ascii.indexOf(b, pos, end, (byte) '\n');
    int stop = lf < 0 ? end : lf + 1;
    if (state == CHUNK_SIZE || state == CHUNK_END) {
      // The body's framing: each line is bounded on its own, not counted toward the head's limit,
      // so that a body of any number of chunks is read.
      if (lineLength + stop - pos > ResponseHead.MAX_HEAD) {
        throw new ProtocolException("chunk line longer than " + ResponseHead.MAX_HEAD + " bytes");
      }
    } else {
      headBytes += stop - pos;
      if (headBytes > ResponseHead.MAX_HEAD) {
        throw new ProtocolException(
            "response head longer than " + ResponseHead.MAX_HEAD + " bytes");
      }
    }
    if (lf < 0) {
      hold(b, pos, end);
      return end;
    }
    if (lineLength == 0) {
      handle(b, pos, lineEnd(b, pos, lf));
    } else {
      hold(b, pos, lf);
      int e = lineEnd(line, 0, lineLength);
      lineLength = 0;
      handle(line, 0, e);
    }
    return stop;
  }

  private void handle(byte[] b, int s, int e) throws ProtocolException {
    switch (state) {
      case STATUS -> {
        parsed.statusLine(b, s, e);
        headers.reset();
        state = HEADER;
      }
      case HEADER -> {
        if (e > s) {
          headers.offer(b, s, parsed.header(b, s, e), e);
        } else if (parsed.interim()) {
          state = STATUS;
        } else {
          headEnded();
        }
      }
      case CHUNK_SIZE -> {
        long size = Ascii.parseChunkSize(b, s, e);
        if (size < 0) {
          throw new ProtocolException("bad chunk size");
        }
        left = size;
        state = size == 0 ? TRAILER : CHUNK_DATA;
      }
      case CHUNK_END -> {
        if (e != s) {
          throw new ProtocolException("chunk not followed by CRLF");
        }
        state = CHUNK_SIZE;
      }
      default -> {
        if (e == s) {
          state = DONE; // the empty line after the trailers
        }
      }
    }
  }

  /** The head is read: how does the body end? */
  private void headEnded() {
    keepAlive = parsed.keepAlive();
    if (expect != null && !expect.statusOk(parsed.status())) {
      body.keepAtLeast(Expectation.EXCERPT_BYTES);
    }
    // Not a switch: a switch on another class's enum compiles to a class of its own, loaded on
    // its first use, which may be mid-run with no file descriptor left to read the jar.
    ResponseHead.Framing framing = parsed.framing(head);
    if (framing == ResponseHead.Framing.CHUNKED) {
      state = CHUNK_SIZE;
    } else if (framing == ResponseHead.Framing.LENGTH) {
      left = parsed.contentLength();
      state = left == 0 ? DONE : BODY;
    } else if (framing == ResponseHead.Framing.CLOSE) {
      state = TO_END;
    } else {
      state = DONE;
    }
  }

  /** The end of the line in {@code b[s, lf)}, without its CR. */
  private static int lineEnd(byte[] b, int s, int lf) {
    return lf > s && b[lf - 1] == '\r' ? lf - 1 : lf;
  }

  private void hold(byte[] b, int from, int to) {
    int n = to - from;
    if (lineLength + n > line.length) {
      byte[] bigger = new byte[Math.max(2 * line.length, lineLength + n)];
      System.arraycopy(line, 0, bigger, 0, lineLength);
      line = bigger;
    }
    System.arraycopy(b, from, line, lineLength, n);
    lineLength += n;
  }
}
