package io.phaseload.client.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Checks of single command-line values, each failing with the one line a person reads. */
final class Args {

  private Args() {}

  /** The file, if its directory exists and can be written; checked before any request is sent. */
  static Path writableFile(String option, String file) throws UsageException {
    if (file == null) {
      return null;
    }
    Path path = Path.of(file).toAbsolutePath();
    if (Files.isDirectory(path)) {
      throw new UsageException(option + " " + file + " is a directory, not a file");
    }
    Path dir = path.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new UsageException(option + " " + file + ": directory " + dir + " does not exist");
    }
    if (!Files.isWritable(dir) || Files.exists(path) && !Files.isWritable(path)) {
      throw new UsageException(option + " " + file + " cannot be written");
    }
    return path;
  }

  /**
   * The directory, if it is one that can be written or created: checked before any request is sent,
   * created only when something is written into it.
   */
  static Path writableDir(String option, String dir) throws UsageException {
    if (dir == null) {
      return null;
    }
    Path path = Path.of(dir).toAbsolutePath();
    Path existing = path;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null || !Files.isDirectory(existing)) {
      throw new UsageException(
          option + " " + dir + " cannot be created: " + existing + " is a file");
    }
    if (!Files.isWritable(existing)) {
      throw new UsageException(option + " " + dir + " cannot be written");
    }
    return path;
  }

  static int positiveInt(String name, String value) throws UsageException {
    long v;
    try {
      v = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(name + " must be a whole number, got '" + value + "'");
    }
    if (v < 1) {
      throw new UsageException(name + " must be at least 1, got " + v);
    }
    if (v > Integer.MAX_VALUE) {
      throw new UsageException(name + " must be at most " + Integer.MAX_VALUE + ", got " + v);
    }
    return (int) v;
  }

  static int port(String value) throws UsageException {
    int port;
    try {
      port = Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new UsageException("PORT must be a number between 1 and 65535, got '" + value + "'");
    }
    if (port < 1 || port > 65535) {
      throw new UsageException("PORT must be between 1 and 65535, got " + port);
    }
    return port;
  }
}
