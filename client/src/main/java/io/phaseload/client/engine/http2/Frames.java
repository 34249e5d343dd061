package io.phaseload.client.engine.http2;

/**
 * HTTP/2's frames as RFC 9113 defines them: their types, flags, settings and error codes, and how a
 * frame's 9-byte header is written. The engine's own framing: HPACK alone comes from Netty.
 */
final class Frames {

  private Frames() {}

  /** What a client sends first on every connection, before its SETTINGS (RFC 9113, 3.4). */
  static final byte[] PREFACE =
      "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  static final int HEADER = 9;

  static final int DATA = 0;
  static final int HEADERS = 1;
  static final int RST_STREAM = 3;
  static final int SETTINGS = 4;
  static final int PUSH_PROMISE = 5;
  static final int PING = 6;
  static final int GOAWAY = 7;
  static final int WINDOW_UPDATE = 8;
  static final int CONTINUATION = 9;

  static final int END_STREAM = 0x1;
  static final int ACK = 0x1;
  static final int END_HEADERS = 0x4;
  static final int PADDED = 0x8;
  static final int PRIORITY_FLAG = 0x20;

  static final int SETTINGS_HEADER_TABLE_SIZE = 0x1;
  static final int SETTINGS_ENABLE_PUSH = 0x2;
  static final int SETTINGS_MAX_CONCURRENT_STREAMS = 0x3;
  static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
  static final int SETTINGS_MAX_FRAME_SIZE = 0x5;

  /** The largest frame payload either side may send before SETTINGS say otherwise. */
  static final int DEFAULT_MAX_FRAME = 16_384;

  /** Every window's size before SETTINGS or WINDOW_UPDATE change it. */
  static final int DEFAULT_WINDOW = 65_535;

  /** The largest a flow-control window may be. */
  static final int MAX_WINDOW = Integer.MAX_VALUE;

  static final int NO_ERROR = 0x0;
  static final int PROTOCOL_ERROR = 0x1;
  static final int FLOW_CONTROL_ERROR = 0x3;
  static final int FRAME_SIZE_ERROR = 0x6;
  static final int REFUSED_STREAM = 0x7;
  static final int CANCEL = 0x8;
  static final int COMPRESSION_ERROR = 0x9;

  private static final String[] ERRORS = {
    "NO_ERROR",
    "PROTOCOL_ERROR",
    "INTERNAL_ERROR",
    "FLOW_CONTROL_ERROR",
    "SETTINGS_TIMEOUT",
    "STREAM_CLOSED",
    "FRAME_SIZE_ERROR",
    "REFUSED_STREAM",
    "CANCEL",
    "COMPRESSION_ERROR",
    "CONNECT_ERROR",
    "ENHANCE_YOUR_CALM",
    "INADEQUATE_SECURITY",
    "HTTP_1_1_REQUIRED"
  };

  /** An error code's name as the RFC gives it, or its number for one it does not name. */
  static String error(long code) {
    return code >= 0 && code < ERRORS.length
        ? ERRORS[(int) code]
        : "error 0x" + Long.toHexString(code);
  }

  /** Writes a frame header at {@code b[at, at + 9)}. */
  static void header(byte[] b, int at, int length, int type, int flags, int stream) {
    b[at] = (byte) (length >>> 16);
    b[at + 1] = (byte) (length >>> 8);
    b[at + 2] = (byte) length;
    b[at + 3] = (byte) type;
    b[at + 4] = (byte) flags;
    putInt(b, at + 5, stream & Integer.MAX_VALUE);
  }

  static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  static int getInt(byte[] b, int at) {
    return (b[at] & 0xff) << 24
        | (b[at + 1] & 0xff) << 16
        | (b[at + 2] & 0xff) << 8
        | b[at + 3] & 0xff;
  }
}
