package io.phaseload.client.engine.http2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersEncoder;

/**
 * One request as HTTP/2 sends it, once {@link Http2Request#encode} has said what it is: its HPACK
 * header block and its body, in arrays it points to. It also holds the HPACK encoder a request with
 * variables is encoded with, per send. The encoder is Netty's, with no dynamic table (a table size
 * of 0): every field is a static-table reference or a literal without indexing, so that a block is
 * the same bytes on any connection, and a constant request's is encoded once, before the run. One
 * per connection; loop thread only.
 */
final class RequestBlock {

  private final DefaultHttp2HeadersEncoder encoder = encoder();
  private final ByteBuf out = Unpooled.buffer(512);

  /** The fields of a request encoded per send; cleared before each. */
  final Http2Headers fields = new DefaultHttp2Headers(false);

  byte[] headers;
  int headersLength;
  byte[] body;
  int bodyLength;

  /** Points the block at bytes encoded before. */
  void fixed(byte[] headerBlock, byte[] bodyBytes) {
    headers = headerBlock;
    headersLength = headerBlock.length;
    body = bodyBytes;
    bodyLength = bodyBytes.length;
  }

  /** Encodes {@link #fields} as the block's headers; the body is set apart. */
  void encodeFields() {
    out.clear();
    try {
      encoder.encodeHeaders(0, fields, out);
    } catch (Http2Exception e) {
      throw new IllegalStateException("cannot encode the request's header fields: " + e, e);
    }
    headers = out.array();
    headersLength = out.writerIndex();
  }

  /** {@code fields} as a header block of their own, encoded with no dynamic table. */
  static byte[] encode(Http2Headers fields) {
    RequestBlock b = new RequestBlock();
    b.fields.set(fields);
    b.encodeFields();
    return java.util.Arrays.copyOf(b.headers, b.headersLength);
  }

  /**
   * Netty's encoder with a dynamic table of 0 bytes. Setting the size writes a table size update
   * into the next block; one block is encoded and dropped here, so that no block sent carries it
   * (the server's decoder keeps its own table, which these blocks never add to).
   */
  private static DefaultHttp2HeadersEncoder encoder() {
    DefaultHttp2HeadersEncoder e =
        new DefaultHttp2HeadersEncoder(Http2HeadersEncoder.NEVER_SENSITIVE, false);
    try {
      e.maxHeaderTableSize(0);
      ByteBuf drop = Unpooled.buffer(16);
      e.encodeHeaders(0, new DefaultHttp2Headers(false), drop);
    } catch (Http2Exception ex) {
      throw new IllegalStateException("cannot set up the HPACK encoder: " + ex, ex);
    }
    return e;
  }
}
