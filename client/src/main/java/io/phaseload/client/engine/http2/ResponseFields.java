package io.phaseload.client.engine.http2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;
import io.phaseload.client.engine.KeptHeaders;

/**
 * A connection's HPACK decoder (Netty's, with its dynamic table, which lives as long as the
 * connection) and what it keeps of each header block: the {@code :status}, and the fields a
 * response's captures and cookies read, handed to that stream's {@link KeptHeaders}. Nothing else
 * is stored: Netty calls {@link Sink#add} per field, and the sink looks at it and lets it go, so a
 * block costs no map. Loop thread only.
 */
final class ResponseFields {

  private static final AsciiString STATUS = AsciiString.cached(":status");

  private final Sink sink = new Sink();
  private final DefaultHttp2HeadersDecoder decoder =
      new DefaultHttp2HeadersDecoder(true) {
        @Override
        protected Http2Headers newHeaders() {
          return sink;
        }
      };

  private byte[] block = new byte[4096];
  private int length;
  private ByteBuf wrapped = Unpooled.wrappedBuffer(block);

  /** Starts a header block: its fragments follow ({@link #append}) until END_HEADERS. */
  void start() {
    length = 0;
  }

  /** Appends a fragment of the block, from a HEADERS or CONTINUATION frame. */
  void append(byte[] b, int from, int n) {
    if (length + n > block.length) {
      block = java.util.Arrays.copyOf(block, Math.max(2 * block.length, length + n));
      wrapped = Unpooled.wrappedBuffer(block);
    }
    System.arraycopy(b, from, block, length, n);
    length += n;
  }

  /**
   * Decodes the block gathered for stream {@code stream}, whose wanted fields go to {@code kept}
   * (null: none wanted, trailers or a stream no longer asked about); returns its {@code :status},
   * or 0 if it had none (trailers).
   *
   * @throws Http2Exception if the block is not valid HPACK: a connection error
   */
  int decode(int stream, KeptHeaders kept) throws Http2Exception {
    sink.start(kept);
    wrapped.setIndex(0, length);
    decoder.decodeHeaders(stream, wrapped);
    return sink.status;
  }

  /**
   * Netty's headers as a sink: {@link #add} takes each field as the decoder reads it. Only {@code
   * add} is called by the decoder; the rest of the map is never filled.
   */
  private static final class Sink extends DefaultHttp2Headers {
    private KeptHeaders kept;
    private int status;
    private byte[] line = new byte[256];

    Sink() {
      super(false);
    }

    void start(KeptHeaders k) {
      kept = k;
      status = 0;
    }

    @Override
    public Http2Headers add(CharSequence name, CharSequence value) {
      int n = name.length();
      if (AsciiString.contentEquals(STATUS, name)) {
        status = parseStatus(value);
      } else if (kept != null && kept.wantsAny()) {
        int total = n + 1 + value.length();
        if (line.length < total) {
          line = new byte[Math.max(2 * line.length, total)];
        }
        for (int i = 0; i < n; i++) {
          line[i] = (byte) name.charAt(i);
        }
        line[n] = ':';
        for (int i = 0; i < value.length(); i++) {
          line[n + 1 + i] = (byte) value.charAt(i);
        }
        kept.offer(line, 0, n, total);
      }
      return this;
    }

    private static int parseStatus(CharSequence v) {
      if (v.length() != 3) {
        return -1;
      }
      int s = 0;
      for (int i = 0; i < 3; i++) {
        char c = v.charAt(i);
        if (c < '0' || c > '9') {
          return -1;
        }
        s = 10 * s + c - '0';
      }
      return s;
    }
  }
}
