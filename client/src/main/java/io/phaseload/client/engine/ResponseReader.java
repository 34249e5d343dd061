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
  static final int MAX_HEAD = 64 * 1024;

  private InputStream in;
  private byte[] buf = new byte[8 * 1024];
  private int pos;
  private int end;
  private int headBytes;

  private byte[] body = new byte[256];
  private int bodyLength;
  private boolean bodyTruncated;
  private int keepLimit;

  private int status;
  private boolean http10;
  private long contentLength;
  private boolean transferEncoding;
  private boolean chunked;
  private boolean connectionClose;
  private boolean connectionKeepAlive;
  private boolean keepAlive;

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
    keepLimit = keep;
    headBytes = 0;
    do {
      readHead();
    } while (status >= 100 && status < 200 && status != 101);
    if (status == 101) {
      throw new ProtocolException("unexpected 101 Switching Protocols");
    }
    bodyLength = 0;
    bodyTruncated = false;
    keepAlive = !connectionClose && (!http10 || connectionKeepAlive);
    if (head || status == 204 || status == 304) {
      // no body by definition
    } else if (chunked) {
      readChunked();
    } else if (!transferEncoding && contentLength >= 0) {
      readFixed(contentLength);
    } else {
      readToEnd();
      keepAlive = false;
    }
  }

  int status() {
    return status;
  }

  /** Whether the connection may carry the next request. */
  boolean keepAlive() {
    return keepAlive;
  }

  /** The kept body bytes, valid up to {@link #bodyLength}. */
  byte[] body() {
    return body;
  }

  /** Body bytes kept: at most what the last read was asked to keep. */
  int bodyLength() {
    return bodyLength;
  }

  /** Whether the body had more bytes than were kept. */
  boolean bodyTruncated() {
    return bodyTruncated;
  }

  private void readHead() throws IOException {
    int lf = nextLine();
    parseStatusLine(pos, lineEnd(lf));
    pos = lf + 1;
    contentLength = -1;
    transferEncoding = false;
    chunked = false;
    connectionClose = false;
    connectionKeepAlive = false;
    while (true) {
      lf = nextLine();
      int e = lineEnd(lf);
      if (e == pos) {
        pos = lf + 1;
        return;
      }
      parseHeader(pos, e);
      pos = lf + 1;
    }
  }

  private void parseStatusLine(int s, int e) throws ProtocolException {
    if (e - s < 12
        || !Ascii.startsWith(buf, s, "HTTP/1.")
        || !Ascii.isDigit(buf[s + 7])
        || buf[s + 8] != ' '
        || (e > s + 12 && buf[s + 12] != ' ')) {
      throw new ProtocolException("malformed status line");
    }
    int code = 0;
    for (int i = s + 9; i < s + 12; i++) {
      if (!Ascii.isDigit(buf[i])) {
        throw new ProtocolException("malformed status code");
      }
      code = code * 10 + (buf[i] - '0');
    }
    status = code;
    http10 = buf[s + 7] == '0';
  }

  private void parseHeader(int s, int e) throws ProtocolException {
    int colon = Ascii.indexOf(buf, s, e, (byte) ':');
    if (colon <= s) {
      throw new ProtocolException("malformed header line");
    }
    int vs = Ascii.skipSpace(buf, colon + 1, e);
    int ve = Ascii.trimEnd(buf, vs, e);
    if (Ascii.equalsIgnoreCase(buf, s, colon, "content-length")) {
      long n = Ascii.parseDecimal(buf, vs, ve);
      if (n < 0 || (contentLength >= 0 && contentLength != n)) {
        throw new ProtocolException("bad Content-Length");
      }
      contentLength = n;
    } else if (Ascii.equalsIgnoreCase(buf, s, colon, "transfer-encoding")) {
      // The last coding decides how the body ends (RFC 9112 section 6.3).
      int last = Ascii.lastIndexOf(buf, vs, ve, (byte) ',') + 1;
      int ts = Ascii.skipSpace(buf, Math.max(last, vs), ve);
      transferEncoding = true;
      chunked = Ascii.equalsIgnoreCase(buf, ts, ve, "chunked");
    } else if (Ascii.equalsIgnoreCase(buf, s, colon, "connection")) {
      for (int ts = vs; ts < ve; ) {
        int comma = Ascii.indexOf(buf, ts, ve, (byte) ',');
        int te = comma < 0 ? ve : comma;
        int a = Ascii.skipSpace(buf, ts, te);
        int b = Ascii.trimEnd(buf, a, te);
        connectionClose |= Ascii.equalsIgnoreCase(buf, a, b, "close");
        connectionKeepAlive |= Ascii.equalsIgnoreCase(buf, a, b, "keep-alive");
        ts = te + 1;
      }
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
      keep(pos, n);
      pos += n;
      left -= n;
    }
  }

  private void readToEnd() throws IOException {
    while (true) {
      keep(pos, end - pos);
      pos = end;
      if (fill() < 0) {
        return;
      }
    }
  }

  private void keep(int from, int n) {
    int room = keepLimit - bodyLength;
    if (n > room) {
      bodyTruncated = true;
      n = room;
    }
    if (n <= 0) {
      return;
    }
    if (bodyLength + n > body.length) {
      byte[] bigger = new byte[Math.min(keepLimit, Math.max(2 * body.length, bodyLength + n))];
      System.arraycopy(body, 0, bigger, 0, bodyLength);
      body = bigger;
    }
    System.arraycopy(buf, from, body, bodyLength, n);
    bodyLength += n;
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
    }
    return n;
  }
}
