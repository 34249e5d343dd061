package io.phaseload.client.plan;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Where requests go: one URL that answers both GET and POST of the contract. Immutable.
 *
 * @param uri an absolute http or https URL with a host
 */
public record Target(URI uri) {

  public Target {
    if (uri == null) {
      throw new IllegalArgumentException("URL must not be empty");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException(
          "unsupported URL scheme '" + uri.getScheme() + "' in " + uri + ": use http or https");
    }
    if (uri.getHost() == null || uri.getHost().isEmpty()) {
      throw new IllegalArgumentException("URL has no host: " + uri);
    }
    if (uri.getPort() > 65535) {
      throw new IllegalArgumentException("port must be between 1 and 65535 in " + uri);
    }
  }

  /** Parses a URL typed by a person; the message says what is wrong. */
  public static Target parse(String url) {
    try {
      URI uri = new URI(url);
      if (!uri.isAbsolute()) {
        throw new IllegalArgumentException(
            "malformed URL '" + url + "': expected http://host:port/path");
      }
      return new Target(uri);
    } catch (URISyntaxException e) {
      // The URL as one line, whatever it holds.
      String shown = url.replace("\r", "\\r").replace("\n", "\\n");
      throw new IllegalArgumentException("malformed URL '" + shown + "': " + e.getReason());
    }
  }

  /**
   * The URL a person most likely meant by {@code url} when it has no scheme ({@code
   * 127.0.0.1:8080/work}, {@code localhost:8080}): it with {@code http://} in front, if that is a
   * URL with a host; null when {@code url} has a scheme or that is no URL either.
   */
  public static String withScheme(String url) {
    if (url.contains("://") || url.matches("(?s)[A-Za-z][A-Za-z0-9+.-]*:(?![0-9]).*")) {
      return null;
    }
    String guess = "http://" + (url.startsWith("//") ? url.substring(2) : url);
    try {
      parse(guess);
      return guess;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** {@code http://HOST:PORT/PATH}. */
  public static Target of(String host, int port, String path) {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("HOST must not be empty");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("PORT must be between 1 and 65535, got " + port);
    }
    String p = path.startsWith("/") ? path : "/" + path;
    String h = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    return parse("http://" + h + ":" + port + p);
  }

  public boolean tls() {
    return uri.getScheme().equalsIgnoreCase("https");
  }

  public String host() {
    return uri.getHost();
  }

  /** The explicit port, else 443 for https and 80 for http. */
  public int port() {
    if (uri.getPort() > 0) {
      return uri.getPort();
    }
    return tls() ? 443 : 80;
  }

  /** Path and query as sent on the request line; "/" when empty. */
  public String pathAndQuery() {
    String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
  }

  @Override
  public String toString() {
    return uri.toString();
  }
}
