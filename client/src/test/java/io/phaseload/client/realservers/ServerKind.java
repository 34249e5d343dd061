package io.phaseload.client.realservers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The web servers of the matrix, from Debian's packages: how to find each, configure it for one
 * directory and one port on 127.0.0.1, and where it serves each {@link Resource}.
 */
public enum ServerKind {
  NGINX("nginx", "nginx") {
    @Override
    Optional<Path> binary() {
      return executable("/usr/sbin/nginx");
    }

    @Override
    List<String> configure(Path binary, Path dir, Path docroot, int port) throws IOException {
      Files.createDirectories(dir.resolve("tmp"));
      Path conf = writeConfig(dir, "nginx.conf", docroot, port, Map.of());
      return List.of(
          binary.toString(), "-p", dir.toString(), "-e", dir + "/error.log", "-c", conf.toString());
    }
  },

  APACHE("apache2", "apache2") {
    private static final String MODULES = "/usr/lib/apache2/modules";

    @Override
    Optional<Path> binary() {
      return Files.isDirectory(Path.of(MODULES))
          ? executable("/usr/sbin/apache2")
          : Optional.empty();
    }

    @Override
    List<String> configure(Path binary, Path dir, Path docroot, int port) throws IOException {
      Path conf = writeConfig(dir, "apache2.conf", docroot, port, Map.of("MODULES", MODULES));
      return List.of(
          binary.toString(), "-DFOREGROUND", "-d", dir.toString(), "-f", conf.toString());
    }
  },

  LIGHTTPD("lighttpd", "lighttpd") {
    @Override
    Optional<Path> binary() {
      return executable("/usr/sbin/lighttpd");
    }

    @Override
    List<String> configure(Path binary, Path dir, Path docroot, int port) throws IOException {
      Path conf = writeConfig(dir, "lighttpd.conf", docroot, port, Map.of());
      return List.of(binary.toString(), "-D", "-f", conf.toString(), "-m", "/usr/lib/lighttpd");
    }
  },

  /** {@code python3 -m http.server}: HTTP/1.0, so it closes every connection after its answer. */
  PYTHON("python3 -m http.server", "python3") {
    /** One line per request it answered: {@code 127.0.0.1 - - [date] "GET / HTTP/1.1" 200 -}. */
    private static final Pattern REQUEST_LINE = Pattern.compile("\\] \".*\" \\d{3} ");

    @Override
    Optional<Path> binary() {
      Optional<Path> debian = executable("/usr/bin/python3");
      return debian.isPresent() ? debian : onPath("python3");
    }

    @Override
    List<String> configure(Path binary, Path dir, Path docroot, int port) {
      return List.of(
          binary.toString(),
          "-m",
          "http.server",
          Integer.toString(port),
          "--bind",
          "127.0.0.1",
          "--directory",
          docroot.toString());
    }

    @Override
    Path accessLog(Path dir) {
      return RealServer.output(dir);
    }

    @Override
    boolean isRequest(String logLine) {
      return REQUEST_LINE.matcher(logLine).find();
    }
  };

  private final String label;
  private final String debianPackage;
  private final Map<Resource, String> paths = new EnumMap<>(Resource.class);
  private final Map<Resource, String> missing = new EnumMap<>(Resource.class);

  ServerKind(String label, String debianPackage) {
    this.label = label;
    this.debianPackage = debianPackage;
  }

  static {
    for (ServerKind kind : values()) {
      kind.paths.put(Resource.STATIC, "/static.json");
      kind.paths.put(Resource.BIG, "/big.bin");
      kind.paths.put(Resource.MISSING, "/missing.json");
      kind.paths.put(Resource.REDIRECT, "/dir");
      kind.paths.put(Resource.NO_KEEP_ALIVE, "/close/static.json");
    }
    NGINX.paths.put(Resource.NO_CONTENT, "/empty");
    NGINX.paths.put(Resource.CHUNKED, "/chunked.txt");
    APACHE.paths.put(Resource.NO_CONTENT, "/empty");
    APACHE.paths.put(Resource.CHUNKED, "/nph-chunked.cgi");
    LIGHTTPD.paths.put(Resource.NO_CONTENT, "/empty.cgi");
    LIGHTTPD.paths.put(Resource.CHUNKED, "/chunked.cgi");
    PYTHON.missing.put(Resource.NO_CONTENT, "python3 -m http.server never answers 204");
    PYTHON.missing.put(
        Resource.CHUNKED, "python3 -m http.server sends every body with a Content-Length");
  }

  /** The installed binary, if there is one. */
  abstract Optional<Path> binary();

  /** Writes the server's configuration for {@code dir} and {@code port}; returns its command. */
  abstract List<String> configure(Path binary, Path dir, Path docroot, int port) throws IOException;

  /** The file with one line per request the server answered. */
  Path accessLog(Path dir) {
    return dir.resolve("access.log");
  }

  /** Whether a line of {@link #accessLog} stands for one request. */
  boolean isRequest(String logLine) {
    return !logLine.isBlank();
  }

  /** Why this server is not in the matrix on this machine, for a skipped test. */
  public String notInstalled() {
    return label + " not installed: apt-get install " + debianPackage;
  }

  public boolean installed() {
    return binary().isPresent();
  }

  /** The path of {@code resource} on this server, or empty if it cannot serve it. */
  public Optional<String> path(Resource resource) {
    return Optional.ofNullable(paths.get(resource));
  }

  /** Why this server cannot serve {@code resource}. */
  public String cannotServe(Resource resource) {
    return missing.getOrDefault(resource, label + " does not serve " + resource);
  }

  @Override
  public String toString() {
    return label;
  }

  private static Path writeConfig(
      Path dir, String template, Path docroot, int port, Map<String, String> extra)
      throws IOException {
    Map<String, String> values = new HashMap<>(extra);
    values.put("DIR", dir.toString());
    values.put("DOCROOT", docroot.toString());
    values.put("PORT", Integer.toString(port));
    Path conf = dir.resolve(template);
    Files.writeString(conf, Docroot.template(template, values), StandardCharsets.UTF_8);
    return conf;
  }

  private static Optional<Path> executable(String path) {
    Path p = Path.of(path);
    return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
  }

  private static Optional<Path> onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String d : path.split(":")) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, name))) {
        return Optional.of(Path.of(d, name));
      }
    }
    return Optional.empty();
  }
}
