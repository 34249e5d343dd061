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
 * header block and its body, in arrays it points to. The block is encoded by the connection's HPACK
 * encoder, Netty's, whose dynamic table lives as long as the connection's session, within the size
 * the server's SETTINGS_HEADER_TABLE_SIZE allows: as a browser's and h2load's do, a request's
 * fields are indexed once, and the requests after it send their indexes. A constant request's
 * fields are built once, before the run; one with variables is rendered into {@link #fields} per
 * send. One per connection session; loop thread only.
 */
final class RequestBlock {

  private final DefaultHttp2HeadersEncoder encoder =
      new DefaultHttp2HeadersEncoder(Http2HeadersEncoder.NEVER_SENSITIVE, false);

  private final ByteBuf out = Unpooled.buffer(512);

  /** The fields of a request rendered per send; cleared before each. */
  final Http2Headers fields = new DefaultHttp2Headers(false);

  byte[] headers;
  int headersLength;
  byte[] body;
  int bodyLength;

  /** Encodes {@code fields}, built before the run, with {@code bodyBytes} as the body. */
  void encode(Http2Headers built, byte[] bodyBytes) {
    encode(built);
    body = bodyBytes;
    bodyLength = bodyBytes.length;
  }

  /** Encodes {@link #fields} as the block's headers; the body is set apart. */
  void encodeFields() {
    encode(fields);
  }

  private void encode(Http2Headers h) {
    out.clear();
    try {
      encoder.encodeHeaders(0, h, out);
    } catch (Http2Exception e) {
      throw new IllegalStateException("cannot encode the request's header fields: " + e, e);
    }
    headers = out.array();
    headersLength = out.writerIndex();
  }

  /**
   * The server's SETTINGS_HEADER_TABLE_SIZE: the dynamic table keeps within it, its change told at
   * the start of the next block.
   */
  void tableSize(long bytes) throws Http2Exception {
    encoder.maxHeaderTableSize(bytes);
  }
}
