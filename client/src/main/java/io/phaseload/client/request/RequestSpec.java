package io.phaseload.client.request;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Target;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * One named request of an iteration: what to send, where, and what counts as success. Immutable;
 * validated when built, so that a run never starts with a request it cannot send.
 *
 * @param name the row name in every report
 * @param method an HTTP method token (GET, POST, HEAD, ...)
 * @param endpoints where it goes: one, or several to balance across with {@code pick}
 * @param headers extra header lines, in order; each value may hold variables
 * @param body the body, or null for none
 * @param expect what the response must be
 * @param captures the session variables it takes from its response, in order
 * @param think the user's pause after it, before its next request
 */
public record RequestSpec(
    String name,
    String method,
    List<Endpoint> endpoints,
    Pick pick,
    List<Header> headers,
    Template body,
    Expectation expect,
    List<Capture> captures,
    Think think) {

  /** A request that captures nothing. */
  public RequestSpec(
      String name,
      String method,
      List<Endpoint> endpoints,
      Pick pick,
      List<Header> headers,
      Template body,
      Expectation expect) {
    this(name, method, endpoints, pick, headers, body, expect, List.of(), Think.NONE);
  }

  /** How one of several endpoints is chosen for each request. */
  public enum Pick {
    /** In turn, each thread starting at its own place in the list. */
    ROUND_ROBIN,
    /** Uniformly, from the thread's seeded generator. */
    RANDOM
  }

  /**
   * Where a request goes.
   *
   * @param origin scheme, host and port (its path is ignored); null for the run's target
   * @param path the path and query, starting with "/", may hold variables
   */
  public record Endpoint(Target origin, Template path) {

    /** This endpoint's origin, or {@code base} when it has none of its own. */
    public Target originOr(Target base) {
      return origin == null ? base : origin;
    }

    /**
     * The path a cookie this endpoint's response sets without a {@code Path} gets ({@link
     * CookieJar#defaultPath}): taken from the path as written, up to its first variable, since a
     * path whose directories hold variables is known only at its fixed part.
     */
    public String defaultCookiePath() {
      String p = path.toString();
      int var = p.indexOf("${");
      return CookieJar.defaultPath(var < 0 ? p : p.substring(0, var));
    }
  }

  /** A header line; the value may hold variables. */
  public record Header(String name, Template value) {}

  /** Headers phaseload sets itself; a request may not set them. */
  static final List<String> RESERVED = List.of("host", "content-length", "transfer-encoding");

  public RequestSpec {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a request needs a name");
    }
    if (method == null || !method.matches("[A-Z][A-Z0-9_-]*")) {
      throw new IllegalArgumentException(
          "method must be an upper-case token like GET or POST, got '"
              + (method == null ? null : visible(method))
              + "'");
    }
    if (endpoints == null || endpoints.isEmpty()) {
      throw new IllegalArgumentException("a request needs a path or a URL");
    }
    for (Header h : headers) {
      if (!h.name().matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
        throw new IllegalArgumentException("'" + h.name() + "' is not a header name");
      }
      if (RESERVED.contains(h.name().toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException(
            h.name() + " is set by phaseload from the request; leave it out");
      }
      refuseLineBreaks("header " + h.name() + "'s value", h.value());
    }
    for (Endpoint e : endpoints) {
      refuseLineBreaks("the path", e.path());
    }
    endpoints = List.copyOf(endpoints);
    headers = List.copyOf(headers);
    captures = List.copyOf(captures);
    think = think == null ? Think.NONE : think;
    if (captures.size() > LoadPlan.MAX_CAPTURES_PER_REQUEST) {
      throw new IllegalArgumentException(
          "at most " + LoadPlan.MAX_CAPTURES_PER_REQUEST + " captures per request");
    }
    Set<String> captured = new HashSet<>();
    for (Capture c : captures) {
      if (!captured.add(c.name())) {
        throw new IllegalArgumentException("captures " + c.name() + " twice");
      }
    }
    if (expect.text() != null) {
      // A check repeats the values its request was sent with, drawn in the order sent.
      for (Endpoint e : endpoints) {
        List<long[]> draws = new ArrayList<>(e.path().randomRanges());
        for (Header h : headers) {
          draws.addAll(h.value().randomRanges());
        }
        if (body != null) {
          draws.addAll(body.randomRanges());
        }
        expect.text().checkRepeats(draws, "expect of " + name);
      }
    }
  }

  /**
   * Refuses a value written into the request's head with CR, LF or NUL in its text, which would end
   * its line and add lines of its own. (What variables render into it is checked per request, as it
   * is sent.)
   */
  private static void refuseLineBreaks(String what, Template t) {
    String text = t.toString();
    if (text.indexOf('\r') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(
          what
              + " holds a CR, LF or NUL, which would add lines to the request: \""
              + visible(text)
              + "\"");
    }
  }

  /** {@code text} with CR, LF and NUL written as escapes, so that a message stays one line. */
  private static String visible(String text) {
    return text.replace("\r", "\\r").replace("\n", "\\n").replace("\0", "\\0");
  }

  /**
   * The endpoint request number {@code request} of the iteration goes to now, as {@link #pick}s.
   */
  public int pickEndpoint(int request, Vars vars) {
    int n = endpoints.size();
    if (n == 1) {
      return 0;
    }
    return pick == Pick.RANDOM ? vars.randomIndex(n) : vars.nextRoundRobin(request, n);
  }

  /** Whether no part of the request holds a variable, so it can be serialized once. */
  public boolean constant() {
    return endpoints.stream().allMatch(e -> e.path().constant() != null)
        && headers.stream().allMatch(h -> h.value().constant() != null)
        && (body == null || body.constant() != null);
  }

  /** Whether the response to this request has no body by definition (RFC 9110: HEAD). */
  public boolean head() {
    return method.equals("HEAD");
  }

  /** Whether the header {@code name} is set by the request, in any case. */
  public boolean sets(String headerName) {
    return headers.stream().anyMatch(h -> h.name().equalsIgnoreCase(headerName));
  }

  /** The session variables the request uses (path, headers, body, body check), each once. */
  public List<String> sessionNames() {
    return names(Template::sessionNames);
  }

  /** The data columns the request uses, as {@code data.NAME}, each once. */
  public List<String> dataNames() {
    return names(Template::dataNames);
  }

  private List<String> names(Function<Template, List<String>> of) {
    Set<String> names = new LinkedHashSet<>();
    for (Endpoint e : endpoints) {
      names.addAll(of.apply(e.path()));
    }
    for (Header h : headers) {
      names.addAll(of.apply(h.value()));
    }
    if (body != null) {
      names.addAll(of.apply(body));
    }
    if (expect.text() != null) {
      names.addAll(of.apply(expect.text()));
    }
    return List.copyOf(names);
  }

  /** This request under another name: a population's {@code lookup:get} for {@code get}. */
  public RequestSpec named(String newName) {
    return new RequestSpec(
        newName, method, endpoints, pick, headers, body, expect, captures, think);
  }

  /**
   * This request with each path on the run's target under {@code basePath} ({@link
   * Scenario#under}); its variables are parsed again, to be bound by the scenario.
   */
  RequestSpec under(String basePath) {
    return new RequestSpec(
        name,
        method,
        endpoints.stream()
            .map(
                e ->
                    e.origin() != null
                        ? e
                        : new Endpoint(null, Template.parse(basePath + e.path())))
            .toList(),
        pick,
        headers,
        body,
        expect,
        captures,
        think);
  }

  /** This request with its session variables and captures bound to the session's slots. */
  public RequestSpec bind(ToIntFunction<String> slotOf) {
    return new RequestSpec(
        name,
        method,
        endpoints.stream().map(e -> new Endpoint(e.origin(), e.path().bind(slotOf))).toList(),
        pick,
        headers.stream().map(h -> new Header(h.name(), h.value().bind(slotOf))).toList(),
        body == null ? null : body.bind(slotOf),
        expect.bind(slotOf),
        captures.stream().map(c -> c.bind(slotOf.applyAsInt(c.name()))).toList(),
        think);
  }

  /** Whether any part of the request draws from the random generator. */
  public boolean usesRandom() {
    return endpoints.stream().anyMatch(e -> e.path().usesRandom())
        || headers.stream().anyMatch(h -> h.value().usesRandom())
        || (body != null && body.usesRandom())
        || (endpoints.size() > 1 && pick == Pick.RANDOM);
  }
}
