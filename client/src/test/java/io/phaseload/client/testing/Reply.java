package io.phaseload.client.testing;

import io.phaseload.common.Contract;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a {@link ScriptedServer} does in answer to one request: bytes to write, pauses between them,
 * and whether it then closes the connection. Immutable; the factories build well-formed responses
 * and the modifiers ({@link #trickled}, {@link #thenClose}, ...) return new replies.
 */
public final class Reply {

  /** What happens to the connection after the reply. */
  enum End {
    KEEP,
    CLOSE,
    RESET
  }

  private final List<Object> steps; // byte[] to write or Long milliseconds to pause
  private final End end;

  private Reply(List<Object> steps, End end) {
    this.steps = List.copyOf(steps);
    this.end = end;
  }

  /** Exactly these bytes (ISO-8859-1), as written. */
  public static Reply raw(String bytes) {
    return new Reply(List.of(bytes.getBytes(StandardCharsets.ISO_8859_1)), End.KEEP);
  }

  /** The contract's right answer to {@code request}, 200 with Content-Length. */
  public static Reply contract(ScriptedServer.Request request, String... headers) {
    return response(200, contractBody(request), headers);
  }

  /** The body the contract asks for: {@code {"response":"hello"}} or the POST input's length. */
  public static String contractBody(ScriptedServer.Request request) {
    return request.method().equals("POST") ? Contract.post(request.body()) : Contract.GET_ANSWER;
  }

  /** A response with Content-Length, with extra header lines such as "Connection: close". */
  public static Reply response(int status, String body, String... headers) {
    byte[] content = body.getBytes(StandardCharsets.UTF_8);
    return raw(head(status, headers) + "Content-Length: " + content.length + "\r\n\r\n" + body);
  }

  /**
   * A chunked response whose body is cut into chunks of {@code chunkSize} bytes, with upper-case
   * hex sizes, a chunk extension and a trailer, as servers are allowed to send.
   */
  public static Reply chunked(int status, String body, int chunkSize, String... headers) {
    StringBuilder sb = new StringBuilder(head(status, headers));
    sb.append("Transfer-Encoding: chunked\r\n\r\n");
    for (int i = 0; i < body.length(); i += chunkSize) {
      String chunk = body.substring(i, Math.min(body.length(), i + chunkSize));
      sb.append(Integer.toHexString(chunk.length()).toUpperCase(Locale.ROOT));
      sb.append(i == 0 ? ";ext=1" : "").append("\r\n").append(chunk).append("\r\n");
    }
    sb.append("0\r\nX-Trailer: done\r\n\r\n");
    return raw(sb.toString());
  }

  /** A response with no length at all: the body ends when the server closes. */
  public static Reply untilClose(int status, String body) {
    return raw(head(status) + "\r\n" + body).thenClose();
  }

  /** Closes the connection without writing anything. */
  public static Reply hangUp() {
    return new Reply(List.of(), End.CLOSE);
  }

  /** This reply, then the connection closed (whether or not the reply said so). */
  public Reply thenClose() {
    return new Reply(steps, End.CLOSE);
  }

  /** This reply, then the connection reset (closed with a TCP RST instead of a FIN). */
  public Reply thenReset() {
    return new Reply(steps, End.RESET);
  }

  /** This reply with a pause of {@code millis} after its first {@code offset} bytes. */
  public Reply pauseAfter(int offset, long millis) {
    byte[] all = bytes();
    List<Object> out = new ArrayList<>();
    out.add(Arrays.copyOfRange(all, 0, offset));
    out.add(millis);
    out.add(Arrays.copyOfRange(all, offset, all.length));
    return new Reply(out, end);
  }

  /** This reply written {@code bytesPerWrite} at a time, {@code millis} apart. */
  public Reply trickled(int bytesPerWrite, long millis) {
    byte[] all = bytes();
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < all.length; i += bytesPerWrite) {
      if (i > 0) {
        out.add(millis);
      }
      out.add(Arrays.copyOfRange(all, i, Math.min(all.length, i + bytesPerWrite)));
    }
    return new Reply(out, end);
  }

  End end() {
    return end;
  }

  void play(OutputStream out) throws IOException, InterruptedException {
    for (Object step : steps) {
      if (step instanceof byte[] b) {
        out.write(b);
        out.flush();
      } else {
        Thread.sleep((Long) step);
      }
    }
  }

  private byte[] bytes() {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (Object step : steps) {
      if (step instanceof byte[] b) {
        all.writeBytes(b);
      }
    }
    return all.toByteArray();
  }

  private static String head(int status, String... headers) {
    StringBuilder sb = new StringBuilder("HTTP/1.1 ").append(status).append(' ');
    sb.append(status == 200 ? "OK" : "Status").append("\r\n");
    sb.append("Content-Type: application/json\r\n");
    for (String h : headers) {
      sb.append(h).append("\r\n");
    }
    return sb.toString();
  }
}
