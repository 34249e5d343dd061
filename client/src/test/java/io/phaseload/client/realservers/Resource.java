package io.phaseload.client.realservers;

/** What a {@link RealServer} serves, each at a path that depends on the server. */
public enum Resource {
  /** A small JSON file, on a keep-alive connection where the server keeps connections. */
  STATIC,
  /** A file of exactly {@link Docroot#BIG_BYTES} bytes. */
  BIG,
  /** A path with nothing behind it: 404. */
  MISSING,
  /** A directory named without its trailing slash: every server answers 301 to the slash. */
  REDIRECT,
  /** An answer of 204 with no body. */
  NO_CONTENT,
  /** The small JSON file, on a connection the server closes after the response. */
  NO_KEEP_ALIVE,
  /** A body sent with {@code Transfer-Encoding: chunked}, with what extras the server can send. */
  CHUNKED
}
