package io.phaseload.client.request;

import java.nio.charset.StandardCharsets;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A user's cookies, as a browser keeps them (RFC 6265): each {@code Set-Cookie} a response carries
 * is stored by name, domain and path, with its expiry and {@code Secure}; each request is sent the
 * {@code Cookie} header of those whose domain, path, expiry and {@code Secure} match it. It lives
 * as long as its user (in the open model, one arrival). Taking cookies happens after the response
 * is timed; matching them costs a request nothing while the jar is empty.
 *
 * <p>Not thread-safe: one per user, in its {@link Vars}.
 */
public final class CookieJar {

  private static final byte[] COOKIE = "Cookie: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SEPARATOR = "; ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CRLF = "\r\n".getBytes(StandardCharsets.US_ASCII);

  /** A stored cookie; {@code pair} is "name=value" as sent. */
  private record Entry(
      String name,
      String domain,
      boolean hostOnly,
      String path,
      long expiresMillis,
      boolean secure,
      byte[] pair) {}

  private final List<Entry> cookies = new ArrayList<>();

  public boolean isEmpty() {
    return cookies.isEmpty();
  }

  /** How many cookies are stored. */
  public int size() {
    return cookies.size();
  }

  /** Forgets every cookie: a new user's jar. */
  public void clear() {
    cookies.clear();
  }

  /**
   * Takes one {@code Set-Cookie} header value that a response from {@code host} to a request whose
   * path's directory is {@code defaultPath} carried, at {@code nowMillis}. One that cannot be
   * parsed, or names a domain {@code host} is not in, is ignored, as browsers do; one already
   * expired deletes the cookie it names.
   */
  public void receive(String setCookie, String host, String defaultPath, long nowMillis) {
    String[] parts = setCookie.split(";");
    int eq = parts[0].indexOf('=');
    if (eq <= 0) {
      return;
    }
    String name = parts[0].substring(0, eq).trim();
    String value = parts[0].substring(eq + 1).trim();
    if (name.isEmpty()) {
      return;
    }
    String domain = null;
    String path = null;
    boolean secure = false;
    long expires = Long.MAX_VALUE;
    boolean maxAgeSeen = false;
    for (int i = 1; i < parts.length; i++) {
      String a = parts[i].trim();
      int e = a.indexOf('=');
      String key = (e < 0 ? a : a.substring(0, e)).trim().toLowerCase(Locale.ROOT);
      String v = e < 0 ? "" : a.substring(e + 1).trim();
      switch (key) {
        case "domain" -> domain = v.startsWith(".") ? v.substring(1) : v;
        case "path" -> path = v.startsWith("/") ? v : null;
        case "secure" -> secure = true;
        case "max-age" -> {
          try {
            long seconds = Long.parseLong(v);
            expires =
                seconds <= 0 ? Long.MIN_VALUE : nowMillis + Math.min(seconds, 1L << 40) * 1000;
            maxAgeSeen = true;
          } catch (NumberFormatException ex) {
            // an unreadable Max-Age is ignored (RFC 6265 section 5.2.2)
          }
        }
        case "expires" -> {
          if (!maxAgeSeen) {
            try {
              expires =
                  ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME)
                      .toInstant()
                      .toEpochMilli();
            } catch (DateTimeParseException ex) {
              // an unreadable date is ignored (RFC 6265 section 5.2.1)
            }
          }
        }
        default -> {
          // HttpOnly, SameSite and others change nothing for a load generator
        }
      }
    }
    String h = host.toLowerCase(Locale.ROOT);
    boolean hostOnly = domain == null || domain.isEmpty();
    String d = hostOnly ? h : domain.toLowerCase(Locale.ROOT);
    if (!hostOnly && !domainMatches(h, d)) {
      return;
    }
    String p = path == null ? defaultPath : path;
    cookies.removeIf(c -> c.name.equals(name) && c.domain.equals(d) && c.path.equals(p));
    if (expires > nowMillis) {
      byte[] pair = (name + "=" + value).getBytes(StandardCharsets.UTF_8);
      cookies.add(new Entry(name, d, hostOnly, p, expires, secure, pair));
    }
  }

  /**
   * Appends the {@code Cookie} header line for a request to {@code host} over https or not, whose
   * path is {@code b[pathStart, pathEnd)} (its query, if any, is not part of the match); nothing if
   * no stored cookie matches. Expired cookies are dropped on the way.
   */
  public void appendHeader(
      String host,
      boolean https,
      byte[] b,
      int pathStart,
      int pathEnd,
      long nowMillis,
      ByteBuf out) {
    int end = pathStart;
    while (end < pathEnd && b[end] != '?') {
      end++;
    }
    boolean first = true;
    for (int i = 0; i < cookies.size(); i++) {
      Entry c = cookies.get(i);
      if (c.expiresMillis <= nowMillis) {
        cookies.remove(i--);
        continue;
      }
      boolean domainOk =
          c.hostOnly ? c.domain.equalsIgnoreCase(host) : domainMatches(host, c.domain);
      if (!domainOk || (c.secure && !https) || !pathMatches(b, pathStart, end, c.path)) {
        continue;
      }
      out.append(first ? COOKIE : SEPARATOR).append(c.pair);
      first = false;
    }
    if (!first) {
      out.append(CRLF);
    }
  }

  /** Whether {@code host} is {@code domain} or a name under it (RFC 6265 section 5.1.3). */
  static boolean domainMatches(String host, String domain) {
    String h = host.toLowerCase(Locale.ROOT);
    return h.equals(domain) || (h.endsWith("." + domain) && !Character.isDigit(last(h)));
  }

  private static char last(String s) {
    return s.isEmpty() ? ' ' : s.charAt(s.length() - 1);
  }

  /** Whether the request path {@code b[s, e)} is in cookie path {@code path} (section 5.1.4). */
  static boolean pathMatches(byte[] b, int s, int e, String path) {
    int n = path.length();
    if (e - s < n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (b[s + i] != path.charAt(i)) {
        return false;
      }
    }
    return e - s == n || path.charAt(n - 1) == '/' || b[s + n] == '/';
  }

  /**
   * The default path of a request path (RFC 6265 section 5.1.4): up to, not including, its last
   * "/"; "/" if that leaves nothing. {@code path} as written, without its query.
   */
  public static String defaultPath(String path) {
    int q = path.indexOf('?');
    String p = q < 0 ? path : path.substring(0, q);
    int slash = p.lastIndexOf('/');
    return slash <= 0 ? "/" : p.substring(0, slash);
  }
}
