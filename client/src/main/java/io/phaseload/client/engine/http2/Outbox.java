package io.phaseload.client.engine.http2;

import io.phaseload.client.engine.loop.LoopSocket;
import java.io.IOException;
import java.util.Arrays;

/**
 * The frames a connection has yet to write, in the order it made them, in one buffer that grows to
 * the most ever waiting: the requests a read's answers let users send go out together when the read
 * is done, one write for them all. Loop thread only; allocates only to grow.
 */
final class Outbox {

  private byte[] out = new byte[16 * 1024];
  private int start;
  private int end;
  private final byte[] small = new byte[8];

  /** A frame of {@code b[from, from + n)}. */
  void frame(int type, int flags, int stream, byte[] b, int from, int n) {
    room(Frames.HEADER + n);
    Frames.header(out, end, n, type, flags, stream);
    System.arraycopy(b, from, out, end + Frames.HEADER, n);
    end += Frames.HEADER + n;
  }

  /** Bytes that are no frame: the connection's preface. */
  void append(byte[] b, int from, int n) {
    room(n);
    System.arraycopy(b, from, out, end, n);
    end += n;
  }

  void windowUpdate(int stream, int increment) {
    Frames.putInt(small, 0, increment);
    frame(Frames.WINDOW_UPDATE, 0, stream, small, 0, 4);
  }

  void rstStream(int stream, int code) {
    Frames.putInt(small, 0, code);
    frame(Frames.RST_STREAM, 0, stream, small, 0, 4);
  }

  /** GOAWAY: {@code last} is the last stream the peer opened that this side processed. */
  void goAway(int last, int code) {
    Frames.putInt(small, 0, last);
    Frames.putInt(small, 4, code);
    frame(Frames.GOAWAY, 0, 0, small, 0, 8);
  }

  /** Drops what waits: a new session starts on a new socket. */
  void clear() {
    start = 0;
    end = 0;
  }

  /**
   * Writes what {@code socket} takes of the frames waiting; true when none is left (and, on https,
   * every record is on the socket).
   */
  boolean writeTo(LoopSocket socket) throws IOException {
    start += socket.write(out, start, end);
    if (start == end && socket.drained()) {
      start = 0;
      end = 0;
      return true;
    }
    return false;
  }

  private void room(int n) {
    if (end + n > out.length) {
      if (start > 0) {
        System.arraycopy(out, start, out, 0, end - start);
        end -= start;
        start = 0;
      }
      if (end + n > out.length) {
        out = Arrays.copyOf(out, Math.max(2 * out.length, end + n));
      }
    }
  }
}
