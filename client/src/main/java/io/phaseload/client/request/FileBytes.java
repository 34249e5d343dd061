package io.phaseload.client.request;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a file the user names (a scenario, a body) with a bound on its size, read rather than
 * asked: {@code /dev/zero}, a pipe or a file that grows reports a size of 0, so the bytes
 * themselves are counted, at most one past the bound. Stateless.
 */
public final class FileBytes {

  private FileBytes() {}

  /**
   * The bytes of {@code file}.
   *
   * @param what the file's role and name for the message, e.g. {@code "body file x.json"}
   * @throws IllegalArgumentException in one line: over {@code limit} bytes
   * @throws IOException when the file cannot be read
   */
  public static byte[] atMost(Path file, int limit, String what) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = in.readNBytes(limit + 1);
      if (bytes.length > limit) {
        throw new IllegalArgumentException(what + " is over " + limit + " bytes");
      }
      return bytes;
    }
  }
}
