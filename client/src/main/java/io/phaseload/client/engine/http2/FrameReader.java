package io.phaseload.client.engine.http2;

import java.io.IOException;

/**
 * HTTP/2's frames read from the bytes a connection's reads give, however they were cut: a frame's
 * 9-byte header, then its payload, whole, but for DATA's, handed on in place as it comes with its
 * padding dropped. It checks what the frame layer can (a frame within 16,384 bytes, the size this
 * side allows; DATA on a stream; padding within its frame; a header block's CONTINUATION frames
 * with nothing between them) and tells its {@link Handler} the rest. Loop thread only; nothing is
 * allocated per frame.
 */
final class FrameReader {

  /** What the frames read go to. Each call may stop the read ({@link #stopped}). */
  interface Handler {

    /** A DATA frame of {@code length} payload bytes (padding included) on {@code stream}. */
    void dataBegins(int stream, int flags, int length) throws IOException;

    /** Bytes of the DATA frame under way, {@code b[from, from + n)}, its padding left out. */
    void data(byte[] b, int from, int n);

    /** The DATA frame under way is over. */
    void dataEnds();

    /** A whole frame but DATA, its payload {@code payload[0, length)}. */
    void frame(int type, int flags, int stream, byte[] payload, int length) throws IOException;

    /** Whether the bytes still to come are no longer this handler's: the read stops. */
    boolean stopped();
  }

  /** A frame the frame layer refuses: a connection error with its code (RFC 9113, 5.4.1). */
  static final class Error extends IOException {
    private static final long serialVersionUID = 1L;
    final int code;

    Error(int code, String why) {
      super(why);
      this.code = code;
    }
  }

  private final Handler to;

  private final byte[] head = new byte[Frames.HEADER];
  private int headFill;
  private int length;
  private int type;
  private int flags;
  private int stream;
  private final byte[] payload = new byte[Frames.DEFAULT_MAX_FRAME];
  private int payloadFill;
  private boolean inPayload;

  // A DATA frame read in place: what is left of it, its padding among that.
  private boolean inData;
  private int dataLeft;
  private int padLeft;
  private boolean needPadLength;

  /** The stream a header block's CONTINUATION frames go on with; 0 if none is under way. */
  private int continuing;

  FrameReader(Handler to) {
    this.to = to;
  }

  /** Forgets any frame under way: a new session begins. */
  void reset() {
    headFill = 0;
    inPayload = false;
    inData = false;
    continuing = 0;
  }

  /** Reads the frames in {@code b[0, n)}; returns true if the handler stopped the read. */
  boolean read(byte[] b, int n) throws IOException {
    int pos = 0;
    while (pos < n) {
      if (inData) {
        pos = data(b, pos, n);
      } else if (inPayload) {
        int k = Math.min(length - payloadFill, n - pos);
        System.arraycopy(b, pos, payload, payloadFill, k);
        payloadFill += k;
        pos += k;
        if (payloadFill == length) {
          inPayload = false;
          to.frame(type, flags, stream, payload, length);
        }
      } else {
        int k = Math.min(Frames.HEADER - headFill, n - pos);
        System.arraycopy(b, pos, head, headFill, k);
        headFill += k;
        pos += k;
        if (headFill == Frames.HEADER) {
          headFill = 0;
          begin();
        }
      }
      if (to.stopped()) {
        return true;
      }
    }
    return false;
  }

  /** A frame's header is read: its payload is read whole, or, for DATA, in place. */
  private void begin() throws IOException {
    length = (head[0] & 0xff) << 16 | (head[1] & 0xff) << 8 | head[2] & 0xff;
    type = head[3] & 0xff;
    flags = head[4] & 0xff;
    stream = Frames.getInt(head, 5) & Integer.MAX_VALUE;
    if (length > Frames.DEFAULT_MAX_FRAME) {
      throw new Error(
          Frames.FRAME_SIZE_ERROR, "a frame of " + length + " bytes, past the 16,384 allowed");
    }
    if (continuing != 0 && (type != Frames.CONTINUATION || stream != continuing)) {
      throw new Error(Frames.PROTOCOL_ERROR, "a header block broken by another frame");
    }
    if (continuing == 0 && type == Frames.CONTINUATION) {
      throw new Error(Frames.PROTOCOL_ERROR, "CONTINUATION with no header block under way");
    }
    if (type == Frames.HEADERS || type == Frames.CONTINUATION) {
      continuing = (flags & Frames.END_HEADERS) == 0 ? stream : 0;
    }
    if (type == Frames.DATA) {
      if (stream == 0) {
        throw new Error(Frames.PROTOCOL_ERROR, "DATA on stream 0");
      }
      dataLeft = length;
      padLeft = 0;
      needPadLength = (flags & Frames.PADDED) != 0;
      inData = true;
      to.dataBegins(stream, flags, length);
      if (length == 0) {
        inData = false;
        to.dataEnds();
      }
    } else {
      payloadFill = 0;
      inPayload = length > 0;
      if (!inPayload) {
        to.frame(type, flags, stream, payload, 0);
      }
    }
  }

  /** Takes what {@code b[pos, n)} holds of the DATA frame under way; returns where it stopped. */
  private int data(byte[] b, int pos, int n) throws IOException {
    if (needPadLength) {
      needPadLength = false;
      padLeft = b[pos++] & 0xff;
      dataLeft--;
      if (padLeft > dataLeft) {
        throw new Error(Frames.PROTOCOL_ERROR, "DATA padded past its end");
      }
    }
    int k = Math.min(dataLeft - padLeft, n - pos);
    if (k > 0) {
      to.data(b, pos, k);
      pos += k;
      dataLeft -= k;
    }
    if (dataLeft == padLeft) {
      int p = Math.min(padLeft, n - pos);
      pos += p;
      padLeft -= p;
      dataLeft -= p;
    }
    if (dataLeft == 0) {
      inData = false;
      to.dataEnds();
    }
    return pos;
  }
}
