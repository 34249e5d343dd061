package io.phaseload.client.testing;

import io.phaseload.client.cli.Main;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real client as a child JVM ({@code java -XmxN Main ARGS}), as a person starts it, with its
 * standard input not a terminal (as in CI): its exit code, what it printed on each stream, and how
 * long it took. One that is still running after {@code timeoutSeconds} is killed, and its code is
 * -1.
 */
public record ChildClient(int code, String out, String err, long millis) {

  public static ChildClient run(String xmx, int timeoutSeconds, Path dir, String... args)
      throws IOException, InterruptedException {
    List<String> command = command(xmx, List.of(args));
    File out = dir.resolve("child.out").toFile();
    File err = dir.resolve("child.err").toFile();
    long start = System.nanoTime();
    Process p =
        new ProcessBuilder(command)
            .redirectInput(new File("/dev/null"))
            .redirectOutput(out)
            .redirectError(err)
            .start();
    int code = -1;
    if (p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      code = p.exitValue();
    } else {
      p.destroyForcibly().waitFor();
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new ChildClient(
        code,
        Files.readString(out.toPath(), StandardCharsets.UTF_8),
        Files.readString(err.toPath(), StandardCharsets.UTF_8),
        millis);
  }

  /**
   * The command line that starts the client as a child JVM of {@code -Xmx xmx} with {@code args}.
   */
  public static List<String> command(String xmx, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + xmx);
    command.add("-cp");
    command.add(
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    command.add(Main.class.getName());
    command.addAll(args);
    return command;
  }

  /** Whether either stream shows a stack trace or an uncaught exception. */
  public boolean stackTrace() {
    return (out + err).contains("\tat ") || (out + err).contains("Exception in thread");
  }

  /** Both streams, for a failed assertion's message. */
  @Override
  public String toString() {
    return "exit " + code + " after " + millis + " ms\nstdout:\n" + out + "\nstderr:\n" + err;
  }
}
