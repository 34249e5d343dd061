package io.phaseload.client.realservers;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One real web server from Debian's packages, running as a child process on 127.0.0.1 with a
 * configuration, document root, pid file and logs of its own in a fresh temporary directory: it
 * touches nothing of the packages' own state and needs none of their services. {@link #received()}
 * counts the requests in its access log. One test thread at a time.
 */
public final class RealServer implements AutoCloseable {

  private static final Duration READY = Duration.ofSeconds(20);
  private static final Duration STOP = Duration.ofSeconds(10);
  private static final int ATTEMPTS = 3;

  private final ServerKind kind;
  private final Path dir;
  private final int port;
  private final Process process;

  private RealServer(ServerKind kind, Path dir, int port, Process process) {
    this.kind = kind;
    this.dir = dir;
    this.port = port;
    this.process = process;
  }

  /**
   * Starts {@code kind} on a free port and returns once it answers; a port taken between choosing
   * it and the server binding it is retried on another.
   *
   * @throws IllegalStateException if the server is not installed or does not start, with its logs
   */
  public static RealServer start(ServerKind kind) throws IOException, InterruptedException {
    Path binary = kind.binary().orElseThrow(() -> new IllegalStateException(kind.notInstalled()));
    String failures = "";
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      Path dir = Docroot.createTempDir("phaseload-" + kind.name().toLowerCase() + "-");
      Path docroot = Docroot.write(dir);
      int port = freePort();
      List<String> command = kind.configure(binary, dir, docroot, port);
      Process process =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(output(dir).toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
              .start();
      RealServer server = new RealServer(kind, dir, port, process);
      if (server.awaitAnswer()) {
        return server;
      }
      failures += "attempt " + attempt + ": " + String.join(" ", command) + "\n" + server.logs();
      server.close();
    }
    throw new IllegalStateException(kind + " did not start:\n" + failures);
  }

  /** Where the process's standard output and error go. */
  static Path output(Path dir) {
    return dir.resolve("output.log");
  }

  public ServerKind kind() {
    return kind;
  }

  public int port() {
    return port;
  }

  /** The URL of {@code resource} on this server; the server must serve it. */
  public String url(Resource resource) {
    String path =
        kind.path(resource)
            .orElseThrow(() -> new IllegalStateException(kind.cannotServe(resource)));
    return "http://127.0.0.1:" + port + path;
  }

  /** How many requests the server has logged so far, the readiness probes included. */
  public long received() {
    Path log = kind.accessLog(dir);
    if (!Files.exists(log)) {
      return 0;
    }
    try (Stream<String> lines = Files.lines(log, StandardCharsets.ISO_8859_1)) {
      return lines.filter(kind::isRequest).count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Waits until the server has logged {@code expected} requests, since servers write their access
   * log after the answer's last byte and some buffer it (lighttpd, about once a second); returns
   * the count then, or the count when {@code timeout} ran out.
   */
  public long awaitReceived(long expected, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    long n = received();
    while (n < expected && System.nanoTime() < deadline) {
      Thread.sleep(20);
      n = received();
    }
    return n;
  }

  /** The server's output and logs, for a failure message. */
  public String logs() {
    StringBuilder out = new StringBuilder();
    for (String name : new String[] {"output.log", "error.log"}) {
      Path file = dir.resolve(name);
      try {
        if (Files.exists(file)) {
          out.append("--- ").append(name).append('\n').append(Files.readString(file));
        }
      } catch (IOException e) {
        out.append("--- ").append(name).append(": ").append(e).append('\n');
      }
    }
    return out.toString();
  }

  /**
   * Stops the server (and every process it started), then deletes its directory. Interrupted, it
   * kills them at once and keeps the interrupt.
   */
  @Override
  public void close() {
    stop(process, dir);
  }

  /**
   * Stops {@code process} and every process it started, then deletes {@code dir}. Interrupted, it
   * kills them at once and keeps the interrupt.
   */
  static void stop(Process process, Path dir) {
    List<ProcessHandle> children = process.descendants().toList();
    process.destroy();
    try {
      if (!process.waitFor(STOP.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    children.forEach(ProcessHandle::destroyForcibly);
    deleteTree(dir);
  }

  @Override
  public String toString() {
    return kind + " on port " + port;
  }

  /** Polls with a plain HTTP/1.0 GET of the static file until it answers 200 or the server dies. */
  private boolean awaitAnswer() throws InterruptedException {
    long deadline = System.nanoTime() + READY.toNanos();
    while (process.isAlive() && System.nanoTime() < deadline) {
      if (answers()) {
        return true;
      }
      Thread.sleep(50);
    }
    return false;
  }

  private boolean answers() {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
      s.setSoTimeout(2000);
      OutputStream out = s.getOutputStream();
      out.write(
          "GET /static.json HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n"
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
      in.readAllBytes();
      return head.matches("HTTP/1\\.[01] 200");
    } catch (IOException e) {
      return false;
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // Left behind in the temporary directory: nothing to fail a test for.
    }
  }
}
