package io.phaseload.client.engine;

import io.phaseload.client.request.Expectation;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;

/**
 * Reads HTTP/1.1 responses from one connection into buffers it reuses: the status line, the headers
 * that frame the body ({@code Content-Length}, {@code Transfer-Encoding: chunked}, {@code
 * Connection}), and the body, framed by length, by chunks (trailers skipped) or by the end of the
 * stream. Interim 1xx responses are skipped. Nothing is allocated per response once the buffers
 * have grown to the size the target needs.
 *
 * <p>One per session; not thread-safe.
 */
final class ResponseReader {

  /** The most bytes of status line, headers and trailers accepted in one response. */
  static final int MAX_HEAD = ResponseHead.MAX_HEAD;

  private InputStream in;
  private byte[] buf = new byte[8 * 1024];
  private int pos;
  private int end;
  private int headBytes;

  private final KeptBody body = new KeptBody();

  private final ResponseHead parsed = new ResponseHead();
  private boolean keepAlive;

  /** Whether to note when a response's first byte arrives ({@code --no-keepalive} runs). */
  private boolean timeFirstByte;

  /** {@link System#nanoTime} when the current response's first byte arrived; 0 before. */
  private long firstByteAt;

  /** Notes when each response's first byte arrives, from now on: {@link #firstByteAt}. */
  void timeFirstByte() {
    timeFirstByte = true;
  }

  /**
   * {@link System#nanoTime} when the last response's first byte was read from the socket; 0 if none
   * arrived or {@link #timeFirstByte} was not asked for. Exact only on a connection that carried no
   * earlier response, since bytes buffered from one are not read from the socket.
   */
  long firstByteAt() {
    return firstByteAt;
  }

  /** Starts reading a new connection; whatever was buffered from the last one is dropped. */
  void reset(InputStream stream) {
    this.in = stream;
    pos = 0;
    end = 0;
  }

  /** Reads one whole response to a request other than HEAD, keeping what a body check can use. */
  void read() throws IOException {
    read(false, Expectation.MAX_BODY_CHECKED);
  }

  /**
   * Reads one whole response. Its body, of any length, is read to its end; the first {@code keep}
   * bytes are kept for the check and the rest dropped.
   *
   * @param head whether the request was HEAD, whose response has no body whatever its headers say
   * @throws EOFException if the stream ends before the response does
   * @throws ProtocolException if the response is not HTTP/1.x
   * @throws IOException if reading fails, e.g. on the read timeout
   */
  void read(boolean head, int keep) throws IOException {
    body.start(keep);
    headBytes = 0;
    firstByteAt = 0;
    do {
      readHead();
    } while (parsed.interim());
    keepAlive = parsed.keepAlive();
    // Not a switch: a switch on another class's enum compiles to a class of its own, loaded on
    // its first use, which may be mid-run with no file descriptor left to read the jar.
    ResponseHead.Framing framing = parsed.framing(head);
    if (framing == ResponseHead.Framing.CHUNKED) {
      readChunked();
    } else if (framing == ResponseHead.Framing.LENGTH) {
      readFixed(parsed.contentLength());
    } else if (framing == ResponseHead.Framing.CLOSE) {
      readToEnd();
      keepAlive = false;
    }
  }

  int status() {
    return parsed.status();
  }

  /** Whether the connection may carry the next request. */
  boolean keepAlive() {
    return keepAlive;
  }

  /** The first bytes of the body, as many as the last read was asked to keep. */
  KeptBody body() {
    return body;
  }

  private void readHead() throws IOException {
    int lf = nextLine();
    parsed.statusLine(buf, pos, lineEnd(lf));
    pos = lf + 1;
    while (true) {
      lf = nextLine();
      int e = lineEnd(lf);
      if (e == pos) {
        pos = lf + 1;
        return;
      }
      parsed.header(buf, pos, e);
      pos = lf + 1;
    }
  }

  private void readChunked() throws IOException {
    while (true) {
      int lf = nextLine();
      long size = Ascii.parseChunkSize(buf, pos, lineEnd(lf));
      if (size < 0) {
        throw new ProtocolException("bad chunk size");
      }
      pos = lf + 1;
      if (size == 0) {
        skipTrailers();
        return;
      }
      readFixed(size);
      lf = nextLine();
      if (lineEnd(lf) != pos) {
        throw new ProtocolException("chunk not followed by CRLF");
      }
      pos = lf + 1;
    }
  }

  private void skipTrailers() throws IOException {
    while (true) {
      int lf = nextLine();
      boolean empty = lineEnd(lf) == pos;
      pos = lf + 1;
      if (empty) {
        return;
      }
    }
  }

  private void readFixed(long length) throws IOException {
    long left = length;
    while (left > 0) {
      if (pos == end && fill() < 0) {
        throw new EOFException("connection closed in the body");
      }
      int n = (int) Math.min(left, end - pos);
      body.keep(buf, pos, n);
      pos += n;
      left -= n;
    }
  }

  private void readToEnd() throws IOException {
    while (true) {
      body.keep(buf, pos, end - pos);
      pos = end;
      if (fill() < 0) {
        return;
      }
    }
  }

  /** The index of the next line feed at or after {@code pos}, reading as needed. */
  private int nextLine() throws IOException {
    int scan = pos;
    while (true) {
      int lf = Ascii.indexOf(buf, scan, end, (byte) '\n');
      if (lf >= 0) {
        headBytes += lf + 1 - pos;
        if (headBytes > MAX_HEAD) {
          throw new ProtocolException("response head longer than " + MAX_HEAD + " bytes");
        }
        return lf;
      }
      if (end - pos + headBytes >= MAX_HEAD) {
        throw new ProtocolException("response head longer than " + MAX_HEAD + " bytes");
      }
      scan = end - pos;
      if (fill() < 0) {
        throw new EOFException(
            headBytes == 0 && end == pos ? "connection closed before the response" : "truncated");
      }
      scan += pos;
    }
  }

  /** The end of the line ending at {@code lf}, without its CR. */
  private int lineEnd(int lf) {
    return lf > pos && buf[lf - 1] == '\r' ? lf - 1 : lf;
  }

  /**
   * Reads more bytes after {@code end}, first moving the unread bytes to the front or growing the
   * buffer if it is full.
   *
   * @return the bytes read, or -1 at the end of the stream
   */
  private int fill() throws IOException {
    if (pos == end) {
      pos = 0;
      end = 0;
    } else if (end == buf.length) {
      if (pos > 0) {
        System.arraycopy(buf, pos, buf, 0, end - pos);
        end -= pos;
        pos = 0;
      } else {
        byte[] bigger = new byte[2 * buf.length];
        System.arraycopy(buf, 0, bigger, 0, end);
        buf = bigger;
      }
    }
    int n = in.read(buf, end, buf.length - end);
    if (n > 0) {
      end += n;
      if (timeFirstByte && firstByteAt == 0) {
        firstByteAt = System.nanoTime();
      }
    }
    return n;
  }
}
