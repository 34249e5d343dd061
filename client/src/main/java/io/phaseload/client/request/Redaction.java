package io.phaseload.client.request;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every output of a run hides (stdout, JSON, the HTML and live pages, the record file, the
 * CSV): the values of the secret headers ({@link #ALWAYS} and those {@code --redact-header} names),
 * the password of a URL, and, in failure excerpts, the values a user captured. Each becomes {@link
 * #MASK}, its name kept: {@code Authorization: ***}, {@code http://user:***@host}. The one
 * definition of what is a secret; every output asks it. {@link #NONE} ({@code --no-redact}) keeps
 * everything. Immutable and thread-safe.
 *
 * @param headers the lower-case names of the headers whose values are hidden
 * @param keep whether nothing is hidden ({@code --no-redact})
 */
public record Redaction(Set<String> headers, boolean keep) {

  /** What a hidden value reads as. */
  public static final String MASK = "***";

  /** The headers whose values are always hidden (unless {@code --no-redact}). */
  public static final Set<String> ALWAYS =
      Set.of("authorization", "proxy-authorization", "cookie", "set-cookie");

  /** The default: {@link #ALWAYS}'s values, URL passwords and captured values are hidden. */
  public static final Redaction DEFAULT = new Redaction(ALWAYS, false);

  /** Hides nothing ({@code --no-redact}). */
  public static final Redaction NONE = new Redaction(Set.of(), true);

  /**
   * Captured values shorter than this are left in excerpts: a value of one to three characters (an
   * id like 42, a flag) is no secret, and hiding it would hide every digit 4 and 2 of the excerpt.
   */
  public static final int MIN_CAPTURED = 4;

  /** {@code scheme://user:password@}: the password of a URL's user information. */
  private static final Pattern URL_PASSWORD =
      Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://[^/?#@:\\s]*:)([^/?#@\\s]*)(@)");

  public Redaction {
    Set<String> lower = new TreeSet<>();
    for (String h : headers) {
      lower.add(h.trim().toLowerCase(Locale.ROOT));
    }
    headers = Set.copyOf(lower);
  }

  /**
   * The default redaction, hiding also the headers named in {@code named} ({@code
   * --redact-header}); {@link #NONE} if {@code keep}.
   */
  public static Redaction of(Collection<String> named, boolean keep) {
    if (keep) {
      return NONE;
    }
    Set<String> all = new TreeSet<>(ALWAYS);
    all.addAll(named);
    return new Redaction(all, false);
  }

  /** Whether header {@code name}'s value is hidden. */
  public boolean secret(String name) {
    return !keep && headers.contains(name.trim().toLowerCase(Locale.ROOT));
  }

  /** {@code value}, or {@link #MASK} if header {@code name} is secret. */
  public String value(String name, String value) {
    return secret(name) ? MASK : value;
  }

  /**
   * A header line as typed ({@code "Authorization: Bearer x"}, as {@code -H} takes it), with its
   * value hidden if its name is secret; any URL password in it hidden.
   */
  public String header(String line) {
    int colon = line.indexOf(':');
    if (colon > 0 && secret(line.substring(0, colon))) {
      return line.substring(0, colon + 1) + " " + MASK;
    }
    return url(line);
  }

  /** {@code text} with the password of every URL in it hidden: {@code http://user:***@host}. */
  public String url(String text) {
    if (keep || text == null || text.indexOf('@') < 0) {
      return text;
    }
    return URL_PASSWORD.matcher(text).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
  }

  /**
   * A command line as the reports quote it: {@code prefix} and the arguments, each header's value
   * ({@code -H}, {@code --header}) hidden if secret and every URL's password hidden.
   */
  public String commandLine(String prefix, String... args) {
    List<String> shown = new ArrayList<>();
    boolean headerNext = false;
    for (String a : args) {
      if (headerNext) {
        shown.add(header(a));
      } else if (a.startsWith("--header=")) {
        shown.add("--header=" + header(a.substring("--header=".length())));
      } else {
        shown.add(url(a));
      }
      headerNext = a.equals("-H") || a.equals("--header");
    }
    return prefix + String.join(" ", shown);
  }

  /**
   * {@code text} with every value {@code vars} holds, captured from earlier responses, of at least
   * {@value #MIN_CAPTURED} characters, replaced by {@link #MASK}. Allocates: for reasons, made off
   * the measured path.
   */
  public String captured(String text, Vars vars) {
    if (keep || vars == null) {
      return text;
    }
    String out = text;
    for (int slot = 0; slot < vars.slots(); slot++) {
      String v = vars.value(slot);
      if (v != null && v.length() >= MIN_CAPTURED) {
        out = out.replace(v, MASK);
      }
    }
    return out;
  }
}
