package io.phaseload.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A test-only HTTP/1.1 exchange over a plain socket, so tests can send what no HTTP client would
 * (broken heads, wrong lengths) and see exactly what came back.
 */
final class RawHttp {

  /** A parsed response: the status code (-1 if none arrived), the head and the body. */
  record Response(int status, String head, String body) {
    boolean wellFormed() {
      return status >= 100 && status <= 599;
    }
  }

  private RawHttp() {}

  /** Sends the bytes on a fresh connection and reads one response (or what arrived). */
  static Response exchange(int port, byte[] request) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      try {
        out.write(request);
        out.flush();
      } catch (IOException e) {
        // The server may answer and close before reading an oversized request whole.
      }
      return read(socket.getInputStream());
    }
  }

  static Response exchange(int port, String request) throws IOException {
    return exchange(port, request.getBytes(StandardCharsets.ISO_8859_1));
  }

  static String request(String method, String path, String contentType, String body) {
    StringBuilder sb = new StringBuilder();
    sb.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    sb.append("Connection: close\r\n");
    if (contentType != null) {
      sb.append("Content-Type: ").append(contentType).append("\r\n");
    }
    if (body != null) {
      sb.append("Content-Length: ").append(body.getBytes(StandardCharsets.UTF_8).length);
      sb.append("\r\n");
    }
    sb.append("\r\n");
    if (body != null) {
      sb.append(new String(body.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
    }
    return sb.toString();
  }

  /** Reads a head and a Content-Length body, or everything until the server closes. */
  static Response read(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    int b;
    while (matched < 4 && (b = in.read()) >= 0) {
      head.write(b);
      matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String headText = head.toString(StandardCharsets.ISO_8859_1);
    if (matched < 4 || !headText.startsWith("HTTP/1.")) {
      return new Response(-1, headText, "");
    }
    int status = Integer.parseInt(headText.substring(9, 12));
    int length = -1;
    boolean chunked = false;
    for (String line : headText.split("\r\n")) {
      String lower = line.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
        chunked = true;
      }
    }
    byte[] body =
        chunked ? readChunked(in) : length >= 0 ? in.readNBytes(length) : in.readAllBytes();
    return new Response(status, headText, new String(body, StandardCharsets.UTF_8));
  }

  private static byte[] readChunked(InputStream in) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      String sizeLine = readLine(in);
      int size = Integer.parseInt(sizeLine.split(";")[0].trim(), 16);
      if (size == 0) {
        readLine(in);
        return body.toByteArray();
      }
      body.write(in.readNBytes(size));
      readLine(in);
    }
  }

  private static String readLine(InputStream in) throws IOException {
    StringBuilder sb = new StringBuilder();
    int b;
    while ((b = in.read()) >= 0 && b != '\n') {
      if (b != '\r') {
        sb.append((char) b);
      }
    }
    return sb.toString();
  }
}
