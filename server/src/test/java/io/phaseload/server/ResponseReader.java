package io.phaseload.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * Test-only: gathers one non-blocking connection's responses, one at a time, from what each read
 * brings. Not thread-safe: one selector thread per reader.
 */
final class ResponseReader {

  private final ByteBuffer in = ByteBuffer.allocate(4096);
  private int answered;

  /** Responses read whole so far. */
  int answered() {
    return answered;
  }

  /** The status of the response once it has arrived whole, else 0; throws on end of stream. */
  int receive(SocketChannel channel) throws IOException {
    if (channel.read(in) < 0) {
      throw new IOException("closed after " + answered + " responses");
    }
    String text = new String(in.array(), 0, in.position(), StandardCharsets.ISO_8859_1);
    int headEnd = text.indexOf("\r\n\r\n");
    if (headEnd < 0) {
      return 0;
    }
    int length = 0;
    for (String line : text.substring(0, headEnd).split("\r\n")) {
      if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    if (text.length() < headEnd + 4 + length) {
      return 0;
    }
    in.clear();
    answered++;
    return Integer.parseInt(text.substring(9, 12));
  }
}
