package io.phaseload.client.engine.http2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The frame reader against frames cut at every byte: a padded DATA frame's padding left out, a
 * header block across HEADERS and CONTINUATION, an empty frame; and the frames the frame layer
 * refuses, each a connection error with its code.
 */
class FrameReaderTest {

  /** What a handler was told, one line per call. */
  private static final class Seen implements FrameReader.Handler {
    final List<String> calls = new ArrayList<>();
    final ByteArrayOutputStream data = new ByteArrayOutputStream();

    @Override
    public void dataBegins(int stream, int flags, int length) {
      calls.add("data " + stream + " flags " + flags + " length " + length);
    }

    @Override
    public void data(byte[] b, int from, int n) {
      data.write(b, from, n);
    }

    @Override
    public void dataEnds() {
      calls.add("data ends: " + data.toString(StandardCharsets.US_ASCII));
      data.reset();
    }

    @Override
    public void frame(int type, int flags, int stream, byte[] payload, int length) {
      calls.add(
          "frame "
              + type
              + " flags "
              + flags
              + " stream "
              + stream
              + ": "
              + new String(payload, 0, length, StandardCharsets.US_ASCII));
    }

    @Override
    public boolean stopped() {
      return false;
    }
  }

  private static byte[] frame(int type, int flags, int stream, byte[] payload) {
    byte[] f = new byte[Frames.HEADER + payload.length];
    Frames.header(f, 0, payload.length, type, flags, stream);
    System.arraycopy(payload, 0, f, Frames.HEADER, payload.length);
    return f;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  /** Everything {@code bytes} says, read in pieces of {@code cut} bytes. */
  private static List<String> read(byte[] bytes, int cut) throws IOException {
    Seen seen = new Seen();
    FrameReader reader = new FrameReader(seen);
    for (int at = 0; at < bytes.length; at += cut) {
      byte[] piece = Arrays.copyOfRange(bytes, at, Math.min(bytes.length, at + cut));
      reader.read(piece, piece.length);
    }
    return seen.calls;
  }

  @Test
  void framesCutAnywhereReadTheSame() throws IOException {
    byte[] padded = concat(new byte[] {3}, ascii("hello"), new byte[3]);
    byte[] bytes =
        concat(
            frame(Frames.HEADERS, 0, 1, ascii("he")),
            frame(Frames.CONTINUATION, Frames.END_HEADERS, 1, ascii("ad")),
            frame(Frames.DATA, Frames.PADDED, 1, padded),
            frame(Frames.DATA, Frames.END_STREAM, 1, new byte[0]),
            frame(Frames.PING, 0, 0, ascii("12345678")));
    List<String> expected =
        List.of(
            "frame 1 flags 0 stream 1: he",
            "frame 9 flags 4 stream 1: ad",
            "data 1 flags 8 length 9",
            "data ends: hello",
            "data 1 flags 1 length 0",
            "data ends: ",
            "frame 6 flags 0 stream 0: 12345678");
    for (int cut = 1; cut <= bytes.length; cut++) {
      assertEquals(expected, read(bytes, cut), "read " + cut + " bytes at a time");
    }
  }

  @Test
  void theFrameLayerRefusesWhatTheRfcForbids() {
    List<byte[]> bad =
        List.of(
            frame(Frames.DATA, 0, 0, ascii("x")),
            concat(frame(Frames.HEADERS, 0, 1, ascii("a")), frame(Frames.PING, 0, 0, new byte[8])),
            frame(Frames.CONTINUATION, Frames.END_HEADERS, 1, ascii("a")),
            frame(Frames.DATA, Frames.PADDED, 1, new byte[] {5, 'a'}),
            frame(Frames.DATA, 0, 1, new byte[Frames.DEFAULT_MAX_FRAME + 1]));
    int[] codes = {
      Frames.PROTOCOL_ERROR,
      Frames.PROTOCOL_ERROR,
      Frames.PROTOCOL_ERROR,
      Frames.PROTOCOL_ERROR,
      Frames.FRAME_SIZE_ERROR
    };
    for (int i = 0; i < bad.size(); i++) {
      byte[] b = bad.get(i);
      FrameReader.Error e =
          assertThrows(FrameReader.Error.class, () -> read(b, b.length), "case " + i);
      assertEquals(codes[i], e.code, e.getMessage());
    }
  }
}
