package io.phaseload.client.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;

/**
 * A Debian daemon a test starts on a free loopback port and stops after it (Prometheus, the
 * Pushgateway), with its log in a file of the test's directory; and the waits a test makes on it,
 * each bounded and each a question the daemon answers.
 */
final class LocalDaemon implements AutoCloseable {

  static final ObjectMapper MAPPER = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final Process process;
  private final Path log;
  final int port;

  private LocalDaemon(Process process, Path log, int port) {
    this.process = process;
    this.log = log;
    this.port = port;
  }

  /** Skips the calling test, saying why, where {@code binary} is not installed. */
  static void assumeInstalled(Path binary, String test) {
    if (!Files.isExecutable(binary)) {
      String why = binary + " is not installed (scripts/install-test-prometheus.sh)";
      System.out.println(test + " skipped: " + why);
      Assumptions.abort(why);
    }
  }

  /** A port free on 127.0.0.1 a moment ago, for a daemon told its port on its command line. */
  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /**
   * Starts {@code command} (its port already on it, its state in the test's directory) and waits
   * until {@code /-/ready} answers 200.
   */
  private static LocalDaemon start(List<String> command, int port, Path dir, String name)
      throws IOException, InterruptedException {
    Path log = dir.resolve(name + ".log");
    Process p =
        new ProcessBuilder(new ArrayList<>(command))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    LocalDaemon d = new LocalDaemon(p, log, port);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      try {
        if (d.get("/-/ready").statusCode() == 200) {
          return d;
        }
      } catch (IOException e) {
        // not listening yet
      }
      if (!p.isAlive() || System.nanoTime() > deadline) {
        d.close();
        throw new IOException(name + " did not become ready: " + Files.readString(log));
      }
      Thread.sleep(100);
    }
  }

  /**
   * Starts a Pushgateway on {@code port} whose persistence file is in {@code dir}: Debian's default
   * ({@code /var/lib/prometheus/pushgateway.data}) would bring back whatever an earlier gateway on
   * this machine was pushed, so that a test would see series it did not make.
   */
  static LocalDaemon pushgateway(Path binary, int port, Path dir)
      throws IOException, InterruptedException {
    return start(
        List.of(
            binary.toString(),
            "--web.listen-address=127.0.0.1:" + port,
            "--persistence.file=" + dir.resolve("pushgateway.data")),
        port,
        dir,
        "pushgateway");
  }

  /** Starts Prometheus on {@code port} with {@code config}, its database in {@code dir}. */
  static LocalDaemon prometheus(Path binary, Path config, int port, Path dir)
      throws IOException, InterruptedException {
    return start(
        List.of(
            binary.toString(),
            "--config.file=" + config,
            "--storage.tsdb.path=" + dir.resolve("prometheus-data"),
            "--web.listen-address=127.0.0.1:" + port),
        port,
        dir,
        "prometheus");
  }

  HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
            .timeout(Duration.ofSeconds(5))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  JsonNode getJson(String pathAndQuery) throws IOException, InterruptedException {
    return MAPPER.readTree(get(pathAndQuery).body());
  }

  /**
   * Asks {@code question} every 200 ms until {@code answered} holds, for at most {@code seconds}.
   *
   * @return the last answer, whether or not it held
   */
  static <T> T poll(Question<T> question, Predicate<T> answered, int seconds) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    T last = question.ask();
    while (!answered.test(last) && System.nanoTime() < deadline) {
      Thread.sleep(200);
      last = question.ask();
    }
    return last;
  }

  /** A question asked of a daemon. */
  @FunctionalInterface
  interface Question<T> {
    T ask() throws Exception;
  }

  String log() throws IOException {
    return Files.readString(log);
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
