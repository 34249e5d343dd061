package io.phaseload.client.engine.http1;

import io.phaseload.client.engine.Ascii;
import java.net.ProtocolException;

/**
 * The parts of an HTTP/1.x response head that decide what happens next: the status, and the headers
 * that frame the body ({@code Content-Length}, {@code Transfer-Encoding}) and say whether the
 * connection stays open ({@code Connection}, the HTTP version). Parsed from one line at a time, in
 * place, without making strings; the same rules for the blocking {@link ResponseReader} and for the
 * event loop's parser, which differ only in how bytes arrive.
 *
 * <p>One per connection; not thread-safe.
 */
public final class ResponseHead {

  static {
    // Framing is loaded with the head, before the first phase: a class first loaded mid-run may
    // need a file descriptor (the jar) just when the run has used them all.
    Framing.values();
  }

  /**
   * The most bytes of status line, headers and trailers accepted in one response, and of each chunk
   * line on its own: a body's chunks, however many, do not count toward it.
   */
  public static final int MAX_HEAD = 64 * 1024;

  private int status;
  private boolean http10;
  private long contentLength;
  private boolean transferEncoding;
  private boolean chunked;
  private boolean connectionClose;
  private boolean connectionKeepAlive;

  /** Parses the status line in {@code b[s, e)} (without its line end) and forgets the headers. */
  public void statusLine(byte[] b, int s, int e) throws ProtocolException {
    if (e - s < 12
        || !Ascii.startsWith(b, s, "HTTP/1.")
        || !Ascii.isDigit(b[s + 7])
        || b[s + 8] != ' '
        || (e > s + 12 && b[s + 12] != ' ')) {
      throw new ProtocolException("malformed status line");
    }
    int code = 0;
    for (int i = s + 9; i < s + 12; i++) {
      if (!Ascii.isDigit(b[i])) {
        throw new ProtocolException("malformed status code");
      }
      code = code * 10 + (b[i] - '0');
    }
    status = code;
    http10 = b[s + 7] == '0';
    contentLength = -1;
    transferEncoding = false;
    chunked = false;
    connectionClose = false;
    connectionKeepAlive = false;
  }

  /**
   * Parses the header line in {@code b[s, e)}, keeping what frames the body, and returns where its
   * name ends (its colon), for what else reads the line.
   */
  public int header(byte[] b, int s, int e) throws ProtocolException {
    int colon = Ascii.indexOf(b, s, e, (byte) ':');
    if (colon <= s) {
      throw new ProtocolException("malformed header line");
    }
    int vs = Ascii.skipSpace(b, colon + 1, e);
    int ve = Ascii.trimEnd(b, vs, e);
    if (Ascii.equalsIgnoreCase(b, s, colon, "content-length")) {
      long n = Ascii.parseDecimal(b, vs, ve);
      if (n < 0 || (contentLength >= 0 && contentLength != n)) {
        throw new ProtocolException("bad Content-Length");
      }
      contentLength = n;
    } else if (Ascii.equalsIgnoreCase(b, s, colon, "transfer-encoding")) {
      // The last coding decides how the body ends (RFC 9112 section 6.3).
      int last = Ascii.lastIndexOf(b, vs, ve, (byte) ',') + 1;
      int ts = Ascii.skipSpace(b, Math.max(last, vs), ve);
      transferEncoding = true;
      chunked = Ascii.equalsIgnoreCase(b, ts, ve, "chunked");
    } else if (Ascii.equalsIgnoreCase(b, s, colon, "connection")) {
      for (int ts = vs; ts < ve; ) {
        int comma = Ascii.indexOf(b, ts, ve, (byte) ',');
        int te = comma < 0 ? ve : comma;
        int a = Ascii.skipSpace(b, ts, te);
        int z = Ascii.trimEnd(b, a, te);
        connectionClose |= Ascii.equalsIgnoreCase(b, a, z, "close");
        connectionKeepAlive |= Ascii.equalsIgnoreCase(b, a, z, "keep-alive");
        ts = te + 1;
      }
    }
    return colon;
  }

  public int status() {
    return status;
  }

  /** Whether this head is an interim response (1xx but 101) that another head follows. */
  public boolean interim() throws ProtocolException {
    if (status == 101) {
      throw new ProtocolException("unexpected 101 Switching Protocols");
    }
    return status >= 100 && status < 200;
  }

  /** Whether the head says the connection may carry the next request. */
  public boolean keepAlive() {
    return !connectionClose && (!http10 || connectionKeepAlive);
  }

  /** How the body of this response ends. */
  public Framing framing(boolean head) {
    if (head || status == 204 || status == 304) {
      return Framing.NONE;
    }
    if (chunked) {
      return Framing.CHUNKED;
    }
    return !transferEncoding && contentLength >= 0 ? Framing.LENGTH : Framing.CLOSE;
  }

  /** The Content-Length, when {@link #framing} is {@link Framing#LENGTH}. */
  public long contentLength() {
    return contentLength;
  }

  /** The ways an HTTP/1.1 body ends. */
  public enum Framing {
    /** No body by definition: HEAD, 204, 304. */
    NONE,
    /** Chunks, then trailers. */
    CHUNKED,
    /** Content-Length bytes. */
    LENGTH,
    /** The end of the stream; the connection cannot be reused. */
    CLOSE
  }
}
