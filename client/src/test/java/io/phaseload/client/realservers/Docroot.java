package io.phaseload.client.realservers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * The files every {@link RealServer} serves, and the helpers that write a server's directory. The
 * directory is readable by everyone because the servers' workers run as another user when the tests
 * run as root.
 */
final class Docroot {

  /** Size of {@code /big.bin}: 1 MiB. */
  static final int BIG_BYTES = 1 << 20;

  static final String STATIC_JSON = "{\"service\":\"phaseload real-server matrix\",\"ok\":true}\n";

  private Docroot() {}

  /** Writes the document root under {@code dir}; returns it. */
  static Path write(Path dir) throws IOException {
    Path root = Files.createDirectories(dir.resolve("docroot"));
    write(root.resolve("static.json"), STATIC_JSON.getBytes(StandardCharsets.UTF_8));
    write(root.resolve("close/static.json"), STATIC_JSON.getBytes(StandardCharsets.UTF_8));
    write(root.resolve("dir/index.json"), STATIC_JSON.getBytes(StandardCharsets.UTF_8));
    write(root.resolve("chunked.txt"), "hello chunks\n".getBytes(StandardCharsets.US_ASCII));
    byte[] big = new byte[BIG_BYTES];
    for (int k = 0; k < big.length; k++) {
      big[k] = (byte) ('a' + k % 26);
    }
    write(root.resolve("big.bin"), big);
    for (String script : new String[] {"empty.cgi", "chunked.cgi", "nph-chunked.cgi"}) {
      Path file = root.resolve(script);
      write(file, resource(script).getBytes(StandardCharsets.US_ASCII));
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return root;
  }

  /** A test resource under {@code realservers/}, with each {@code @KEY@} replaced. */
  static String template(String name, Map<String, String> values) {
    String text = resource(name);
    for (Map.Entry<String, String> e : values.entrySet()) {
      text = text.replace("@" + e.getKey() + "@", e.getValue());
    }
    return text;
  }

  /** A directory of its own under the system's temporary directory, readable by everyone. */
  static Path createTempDir(String prefix) throws IOException {
    Path dir = Files.createTempDirectory(prefix);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    return dir;
  }

  static void write(Path file, byte[] bytes) throws IOException {
    Files.createDirectories(file.getParent());
    Files.write(file, bytes);
  }

  private static String resource(String name) {
    try (InputStream in = Docroot.class.getResourceAsStream("/realservers/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no test resource realservers/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
