package io.phaseload.client.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The process's open-files limit ({@code ulimit -n}) against what a run needs: a connection per
 * thread of the busiest phase, the embedded server's side of each when it runs in this process, and
 * the files already open. A run that cannot fit is refused before it starts, because past the limit
 * sockets cannot be made and requests cannot be sent.
 *
 * <p>Read from {@code /proc/self} where it exists (Linux); elsewhere there is nothing to check.
 *
 * @param soft the soft limit on open files
 * @param open files this process has open now
 */
public record FileLimit(long soft, long open) {

  /** Files a run opens besides its connections: the JVM's, report files, the deadline timer. */
  static final int MARGIN = 64;

  /** The limit and usage of this process, if the platform tells them. */
  public static Optional<FileLimit> ofThisProcess() {
    Path limits = Path.of("/proc/self/limits");
    Path fds = Path.of("/proc/self/fd");
    if (!Files.isReadable(limits) || !Files.isDirectory(fds)) {
      return Optional.empty();
    }
    try (Stream<String> lines = Files.lines(limits);
        Stream<Path> open = Files.list(fds)) {
      long count = open.count();
      return lines
          .filter(l -> l.startsWith("Max open files"))
          .findFirst()
          .map(l -> l.substring("Max open files".length()).trim().split("\\s+")[0])
          .map(
              s ->
                  new FileLimit(s.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(s), count));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Files a run with {@code connections} concurrent connections needs, all told. */
  public long needed(long connections) {
    return open + connections + MARGIN;
  }

  /** Files the run may still open past its margin, as connections: none if it is short already. */
  public long mostConnections() {
    return Math.max(0, soft - open - MARGIN);
  }

  public boolean fits(long connections) {
    return needed(connections) <= soft;
  }

  /** "ulimit -n is 1024, this run needs about 3,090" */
  public String describe(long connections) {
    return String.format(
        Locale.ROOT, "ulimit -n is %,d, this run needs about %,d", soft, needed(connections));
  }

  /** The refusal: what is short and what to do. */
  public String refusal(long connections) {
    return String.format(
        Locale.ROOT,
        "%s (%,d connections + %,d files open + %d spare): raise it (ulimit -n %d), lower"
            + " THREADS, or add --ignore-file-limit to run anyway",
        describe(connections),
        connections,
        open,
        MARGIN,
        roundUp(needed(connections)));
  }

  private static long roundUp(long n) {
    long step = 1024;
    return (n + step - 1) / step * step;
  }
}
