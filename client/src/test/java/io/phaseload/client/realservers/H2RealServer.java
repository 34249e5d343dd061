package io.phaseload.client.realservers;

import io.phaseload.client.testing.TestTls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real HTTP/2 server from Debian's packages, nginx or h2o, as a child process on 127.0.0.1 with a
 * configuration of its own: h2c with prior knowledge on one port, TLS with ALPN ({@code h2} and
 * {@code http/1.1}) on another, the test certificate, a limit on concurrent streams, and an access
 * log with each request's protocol. Before a test relies on it, curl ({@code
 * --http2-prior-knowledge}) confirms it speaks h2c. One test thread at a time.
 */
public final class H2RealServer implements AutoCloseable {

  /** Which server, and how to configure it. */
  public enum Kind {
    NGINX("/usr/sbin/nginx", "nginx"),
    H2O("/usr/bin/h2o", "h2o");

    private final String binary;
    private final String debianPackage;

    Kind(String binary, String debianPackage) {
      this.binary = binary;
      this.debianPackage = debianPackage;
    }

    public boolean installed() {
      return Files.isExecutable(Path.of(binary)) && Files.isExecutable(Path.of(CURL));
    }

    public String notInstalled() {
      return debianPackage + " or curl not installed: apt-get install " + debianPackage + " curl";
    }
  }

  private static final String CURL = "/usr/bin/curl";
  private static final Duration READY = Duration.ofSeconds(20);

  private final Kind kind;
  private final Path dir;
  private final int h2c;
  private final int tls;
  private final int http1Tls;
  private final Process process;

  private H2RealServer(Kind kind, Path dir, int[] ports, Process process) {
    this.kind = kind;
    this.dir = dir;
    this.h2c = ports[0];
    this.tls = ports[1];
    this.http1Tls = ports[2];
    this.process = process;
  }

  /**
   * Starts {@code kind} with at most {@code maxStreams} streams open on a connection.
   *
   * @throws IllegalStateException if it does not start, or curl finds it does not speak h2c
   */
  public static H2RealServer start(Kind kind, int maxStreams)
      throws IOException, InterruptedException, GeneralSecurityException {
    Path dir = Docroot.createTempDir("phaseload-h2-" + kind.name().toLowerCase() + "-");
    Path www = Files.createDirectories(dir.resolve("www"));
    Files.writeString(www.resolve("index.txt"), "hello over h2\n");
    TestTls.writePem(dir);
    int[] ports = {RealServer.freePort(), RealServer.freePort(), RealServer.freePort()};
    List<String> command =
        kind == Kind.NGINX ? nginx(dir, ports, maxStreams) : h2o(dir, ports, maxStreams);
    Process p =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("output.log").toFile())
            .start();
    H2RealServer server = new H2RealServer(kind, dir, ports, p);
    try {
      server.awaitH2c();
    } catch (IllegalStateException | IOException e) {
      server.close();
      throw e;
    }
    return server;
  }

  private static List<String> nginx(Path dir, int[] ports, int maxStreams) throws IOException {
    Files.createDirectories(dir.resolve("tmp"));
    String conf =
        """
        worker_processes 1;
        pid %1$s/nginx.pid;
        error_log %1$s/error.log warn;
        events { worker_connections 4096; }
        http {
          log_format h2 '$request $status $server_protocol cookie=$cookie_session';
          access_log %1$s/access.log h2;
          client_body_temp_path %1$s/tmp;
          keepalive_requests 1000000;
          http2_max_concurrent_streams %4$d;
          server {
            listen 127.0.0.1:%2$d http2;
            listen 127.0.0.1:%3$d ssl http2;
            listen 127.0.0.1:%5$d ssl;
            ssl_certificate %1$s/cert.pem;
            ssl_certificate_key %1$s/key.pem;
            root %1$s/www;
            location = /login {
              add_header Set-Cookie "session=s$connection$msec; Path=/";
              default_type application/json;
              return 200 '{"token":"t$request_length"}';
            }
            location /me/ {
              if ($cookie_session = "") { return 401; }
              return 200 "me\\n";
            }
            location /hello/ { return 200 "hello\\n"; }
          }
        }
        """
            .formatted(dir, ports[0], ports[1], maxStreams, ports[2]);
    Path file = dir.resolve("nginx.conf");
    Files.writeString(file, conf);
    return List.of(
        "/usr/sbin/nginx",
        "-p",
        dir.toString(),
        "-e",
        dir + "/error.log",
        "-g",
        "daemon off;",
        "-c",
        file.toString());
  }

  private static List<String> h2o(Path dir, int[] ports, int maxStreams) throws IOException {
    String user = System.getProperty("user.name").equals("root") ? "user: root\n" : "";
    String conf =
        user
            + """
            pid-file: %1$s/h2o.pid
            error-log: %1$s/error.log
            access-log:
              path: %1$s/access.log
              format: "%%r %%s %%H"
            num-threads: 1
            http2-max-concurrent-requests-per-connection: %4$d
            listen:
              host: 127.0.0.1
              port: %2$d
            listen:
              host: 127.0.0.1
              port: %3$d
              ssl:
                certificate-file: %1$s/cert.pem
                key-file: %1$s/key.pem
                ocsp-update-interval: 0
            hosts:
              default:
                paths:
                  /:
                    file.dir: %1$s/www
            """
                .formatted(dir, ports[0], ports[1], maxStreams);
    Path file = dir.resolve("h2o.conf");
    Files.writeString(file, conf);
    return List.of("/usr/bin/h2o", "-c", file.toString());
  }

  /** Waits for the h2c port, then asks curl for a page over h2c with prior knowledge. */
  private void awaitH2c() throws IOException, InterruptedException {
    long until = System.nanoTime() + READY.toNanos();
    while (!accepts(h2c)) {
      if (!process.isAlive() || System.nanoTime() > until) {
        throw new IllegalStateException(kind + " did not start:\n" + logs());
      }
      Thread.sleep(20);
    }
    Process curl =
        new ProcessBuilder(
                CURL,
                "-s",
                "-o",
                "/dev/null",
                "-w",
                "%{http_version} %{http_code}",
                "--http2-prior-knowledge",
                h2cUrl(PROBE))
            .redirectErrorStream(true)
            .start();
    String said = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    curl.waitFor(10, TimeUnit.SECONDS);
    if (!said.equals("2 200")) {
      throw new IllegalStateException(kind + " does not speak h2c, curl says: " + said + logs());
    }
  }

  /** The path curl asks for: its line in the log is not one of the client's. */
  private static final String PROBE = "/index.txt?curl-probe";

  private static boolean accepts(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  public Kind kind() {
    return kind;
  }

  public String h2cUrl(String path) {
    return "http://127.0.0.1:" + h2c + path;
  }

  public String tlsUrl(String path) {
    return "https://127.0.0.1:" + tls + path;
  }

  /** An https port whose ALPN offers HTTP/1.1 alone (nginx only). */
  public String http1TlsUrl(String path) {
    return "https://127.0.0.1:" + http1Tls + path;
  }

  /** The access log's lines so far. */
  public List<String> log() throws IOException {
    Path log = dir.resolve("access.log");
    if (!Files.exists(log)) {
      return List.of();
    }
    try (Stream<String> lines = Files.lines(log, StandardCharsets.ISO_8859_1)) {
      return lines.filter(l -> !l.isBlank() && !l.contains(PROBE)).toList();
    }
  }

  /** How many requests the server logged with {@code protocol} ("HTTP/2", "HTTP/1.1"). */
  public long received(String protocol) throws IOException {
    String[] asLogged = {" " + protocol + " ", " " + protocol + ".0 "};
    return log().stream()
        .filter(
            l -> l.contains(asLogged[0]) || l.contains(asLogged[1]) || l.endsWith(" " + protocol))
        .count();
  }

  /**
   * Waits until the log holds {@code expected} requests of {@code protocol}: servers write it after
   * each answer's last byte.
   */
  public long awaitReceived(String protocol, long expected)
      throws IOException, InterruptedException {
    long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    long n = received(protocol);
    while (n < expected && System.nanoTime() < until) {
      Thread.sleep(20);
      n = received(protocol);
    }
    return n;
  }

  public String logs() {
    StringBuilder out = new StringBuilder();
    for (String name : new String[] {"output.log", "error.log"}) {
      try {
        Path f = dir.resolve(name);
        if (Files.exists(f)) {
          out.append("\n--- ").append(name).append('\n').append(Files.readString(f));
        }
      } catch (IOException e) {
        out.append(e);
      }
    }
    return out.toString();
  }

  @Override
  public void close() {
    RealServer.stop(process, dir);
  }
}
