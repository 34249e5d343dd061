package io.phaseload.client.run;

import java.io.FileInputStream;
import java.io.IOException;

/**
 * Numbers from Linux's {@code /proc} files, read while a run goes: at every phase boundary, with as
 * little work as the numbers need. Each read is a {@code java.io} stream into a caller's buffer,
 * parsed in place: no strings, no lines, and none of NIO's file channels, whose reads share {@code
 * IOUtil}'s code with the sockets' so that a first file read in the middle of a run would deopt the
 * event loops' compiled reads (seen in JFR as {@code class_check} traps at a phase change).
 *
 * <p>Stateless; safe from any thread, each with its own buffer.
 */
final class ProcFiles {

  private ProcFiles() {}

  /**
   * Fills {@code buf} from the start of the file at {@code path} and returns how many bytes it
   * holds; -1 if there is no such file or it cannot be read.
   */
  static int read(String path, byte[] buf) {
    try (FileInputStream in = new FileInputStream(path)) {
      int n = 0;
      for (int r = 0; n < buf.length && (r = in.read(buf, n, buf.length - n)) > 0; ) {
        n += r;
      }
      return n;
    } catch (IOException e) {
      return -1;
    }
  }

  /**
   * The {@code index}th whitespace-separated field of the first line of {@code buf[0, len)}, as a
   * non-negative decimal number; -1 if the line has no such field or it is not a number.
   */
  static long field(byte[] buf, int len, int index) {
    int i = 0;
    for (int f = 0; ; f++) {
      while (i < len && (buf[i] == ' ' || buf[i] == '\t')) {
        i++;
      }
      if (i >= len || buf[i] == '\n') {
        return -1;
      }
      if (f == index) {
        long value = 0;
        int start = i;
        while (i < len && buf[i] >= '0' && buf[i] <= '9') {
          value = value * 10 + (buf[i++] - '0');
        }
        boolean ends = i == len || buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n';
        return i > start && ends ? value : -1;
      }
      while (i < len && buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n') {
        i++;
      }
    }
  }
}
