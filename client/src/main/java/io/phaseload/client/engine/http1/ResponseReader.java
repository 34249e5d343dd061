package io.phaseload.client.engine.http1;

import io.phaseload.client.engine.EncodedRequest;
import io.phaseload.client.engine.Failures;
import io.phaseload.client.engine.KeptBody;
import io.phaseload.client.engine.KeptHeaders;
import io.phaseload.client.request.Expectation;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;

/**
 * Reads HTTP/1.1 responses from one blocking connection: reads what the socket has into a buffer it
 * reuses and feeds it to the one {@link ResponseParser}, which the event loops feed from theirs, so
 * that both engines frame responses by the same rules. Nothing is allocated per response once the
 * parser's buffers have grown to the size the target needs.
 *
 * <p>One per session; not thread-safe.
 */
public final class ResponseReader {

  private InputStream in;
  private final byte[] buf = new byte[16 * 1024];
  private int pos;
  private int end;

  private final ResponseParser parser = new ResponseParser();

  /** The longest a response may take from its first read to its end: the read timeout. */
  private final long responseNanos;

  /** A reader whose responses may take as long as their bytes keep coming. */
  public ResponseReader() {
    this(Long.MAX_VALUE / 4);
  }

  /**
   * A reader whose responses fail once they are still arriving {@code responseNanos} after their
   * first read began ({@link Failures.SlowResponseException}); each read's own wait is the
   * socket's.
   */
  public ResponseReader(long responseNanos) {
    this.responseNanos = responseNanos;
  }

  /** Whether to note when a response's first byte arrives ({@code --no-keepalive} runs). */
  private boolean timeFirstByte;

  /** {@link System#nanoTime} when the current response's first byte arrived; 0 before. */
  private long firstByteAt;

  /** Notes when each response's first byte arrives, from now on: {@link #firstByteAt}. */
  public void timeFirstByte() {
    timeFirstByte = true;
  }

  /**
   * {@link System#nanoTime} when the last response's first byte was read from the socket; 0 if none
   * arrived or {@link #timeFirstByte} was not asked for. Exact only on a connection that carried no
   * earlier response, since bytes buffered from one are not read from the socket.
   */
  public long firstByteAt() {
    return firstByteAt;
  }

  /** Starts reading a new connection; whatever was buffered from the last one is dropped. */
  public void reset(InputStream stream) {
    this.in = stream;
    pos = 0;
    end = 0;
  }

  private static final String[] NO_HEADERS = {};

  /** Reads one whole response to a request other than HEAD, keeping what a body check can use. */
  public void read() throws IOException {
    read(false, Expectation.MAX_BODY_CHECKED, NO_HEADERS, false);
  }

  /**
   * Reads one whole response. Its body, of any length, is read to its end; the first {@code keep}
   * bytes are kept for the check and the rest dropped, and the values of the headers named {@code
   * keepHeaders} (lower case) for the request's captures.
   *
   * @param head whether the request was HEAD, whose response has no body whatever its headers say
   * @throws EOFException if the stream ends before the response does
   * @throws ProtocolException if the response is not HTTP/1.x
   * @throws IOException if reading fails, e.g. on the read timeout
   */
  public void read(boolean head, int keep, String[] keepHeaders, boolean keepCookies)
      throws IOException {
    firstByteAt = 0;
    parser.start(head, keep, keepHeaders, keepCookies);
    readStarted();
  }

  /**
   * Reads the whole response to {@code request}, keeping what its check, its captures and the
   * reason of an unexpected status use ({@link ResponseParser#start(EncodedRequest)}).
   *
   * @throws IOException as {@link #read(boolean, int, String[], boolean)}
   */
  public void read(EncodedRequest request) throws IOException {
    firstByteAt = 0;
    parser.start(request);
    readStarted();
  }

  /** Feeds the parser, started on a response, until the response is whole. */
  private void readStarted() throws IOException {
    boolean reading = false;
    long deadline = 0;
    while (true) {
      if (pos < end) {
        pos = parser.feed(buf, pos, end);
        if (parser.done()) {
          return;
        }
      }
      // Checked between reads: a body that keeps coming never trips the socket's read timeout.
      if (!reading) {
        reading = true;
        deadline = System.nanoTime() + responseNanos;
      } else if (System.nanoTime() - deadline >= 0) {
        pos = 0;
        end = 0;
        throw new Failures.SlowResponseException();
      }
      int n = in.read(buf, 0, buf.length);
      if (n < 0) {
        pos = 0;
        end = 0;
        parser.endOfStream();
        return;
      }
      pos = 0;
      end = n;
      if (timeFirstByte && firstByteAt == 0 && n > 0) {
        firstByteAt = System.nanoTime();
      }
    }
  }

  public int status() {
    return parser.status();
  }

  /** Whether the connection may carry the next request. */
  public boolean keepAlive() {
    return parser.keepAlive();
  }

  /** The first bytes of the body, as many as the last read was asked to keep. */
  public KeptBody body() {
    return parser.body();
  }

  /** The values of the headers the last read was asked to keep. */
  public KeptHeaders headers() {
    return parser.headers();
  }
}
