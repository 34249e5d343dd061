package io.phaseload.client.engine.http1;

import java.util.List;

/** Responses every parser must refuse, shared by the blocking reader's and the loop's tests. */
public final class ResponseCases {

  private ResponseCases() {}

  /** Responses that are not HTTP/1.x as the engines accept it: a protocol error each. */
  public static List<String> malformed() {
    return List.of(
        "HTTP/2 200 OK\r\n\r\n",
        "HTTP/1.1 2000 OK\r\n\r\n",
        "HTTP/1.1 20x OK\r\n\r\n",
        "ICY 200 OK\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        "HTTP/1.1 200 OK\r\nno colon\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000\r\n",
        "HTTP/1.1 101 Switching Protocols\r\n\r\n");
  }

  /** Streams that end before their response does: an end-of-stream error each. */
  public static List<String> truncated() {
    return List.of(
        "",
        "HTTP/1.1 200 OK\r\nContent-Le",
        "HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n{\"resp",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n");
  }
}
