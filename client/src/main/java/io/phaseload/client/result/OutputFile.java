package io.phaseload.client.result;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A file that a run leaves whole or not at all: written beside its path under a hidden name, then
 * moved onto it. A full disk, or a process killed mid-write, leaves no truncated page, CSV or
 * record that could be shared as the run's, and an earlier file at the path stays as it was. Every
 * output file the client writes goes through here. Stateless.
 */
public final class OutputFile {

  private OutputFile() {}

  /** What writes a file's bytes. */
  @FunctionalInterface
  public interface Bytes {
    void write(OutputStream out) throws IOException;
  }

  /** What writes a file's text, in UTF-8. */
  @FunctionalInterface
  public interface Text {
    void write(Writer w) throws IOException;
  }

  /**
   * Writes {@code file} whole, or leaves it as it was and throws.
   *
   * @return the file's size in bytes
   */
  public static long write(Path file, Bytes content) throws IOException {
    Path absolute = file.toAbsolutePath();
    // A name of this process's own (not a random temporary file's), so that the file gets the
    // permissions the user's umask gives: a temporary file would be readable by its owner only.
    Path part =
        absolute.resolveSibling(
            "." + absolute.getFileName() + "." + ProcessHandle.current().pid() + ".part");
    try {
      try (OutputStream out =
          new BufferedOutputStream(
              Files.newOutputStream(
                  part,
                  StandardOpenOption.CREATE,
                  StandardOpenOption.TRUNCATE_EXISTING,
                  StandardOpenOption.WRITE),
              1 << 16)) {
        content.write(out);
      }
      Files.move(
          part, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(part);
    }
    return Files.size(absolute);
  }

  /** Writes {@code file}'s text whole, or leaves it as it was and throws. */
  public static long text(Path file, Text content) throws IOException {
    return write(
        file,
        out -> {
          Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          // A writer may close what it writes to (Jackson does): here that only flushes, and the
          // file is closed once, before its move.
          content.write(
              new FilterWriter(w) {
                @Override
                public void close() throws IOException {
                  flush();
                }
              });
          w.flush();
        });
  }
}
