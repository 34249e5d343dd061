package io.phaseload.client.request;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Population;
import io.phaseload.client.plan.Target;
import io.phaseload.common.Contract;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one iteration sends: its requests, in order, and the seed their random variables draw from.
 * The sayHello contract is the default scenario. Immutable.
 *
 * @param seed the run's seed: the same seed sends the same requests
 * @param builtIn whether this is the built-in contract (reports then keep its original wording)
 * @param cookies whether each user keeps a cookie jar ({@link CookieJar}): on unless a scenario
 *     says {@code cookies: false}
 * @param data the data file whose columns requests use as {@code ${data.NAME}}, or null
 * @param populations the kinds of user ({@code populations:}), each with its share and its run of
 *     {@code requests}: those it sends once before its iterations ({@code setup:}), in each
 *     iteration, and once after them ({@code teardown:}); one, of every request, unless the file
 *     names several
 * @param stages the file's load shape ({@code stages:}), as {@code --stages} writes it ({@code
 *     30s:40,1m:40}), which {@code --stages} overrides; null for none
 */
public record Scenario(
    List<RequestSpec> requests,
    long seed,
    boolean builtIn,
    boolean cookies,
    DataFile data,
    List<Population> populations,
    String stages) {

  /** A scenario whose users keep cookies, with no data file. */
  public Scenario(List<RequestSpec> requests, long seed, boolean builtIn) {
    this(requests, seed, builtIn, true, null, null, null);
  }

  public Scenario {
    if (requests == null || requests.isEmpty()) {
      throw new IllegalArgumentException("a scenario needs at least one request");
    }
    if (requests.size() > LoadPlan.MAX_REQUESTS_PER_ITERATION) {
      throw new IllegalArgumentException(
          "a scenario holds at most "
              + LoadPlan.MAX_REQUESTS_PER_ITERATION
              + " requests, got "
              + requests.size());
    }
    populations =
        populations == null
            ? List.of(Population.iterationOf(requests.size()))
            : List.copyOf(populations);
    if (populations.get(populations.size() - 1).end() != requests.size()) {
      throw new IllegalArgumentException(
          "the populations' requests must be the scenario's " + requests.size() + " requests");
    }
    Set<String> names = new HashSet<>();
    for (RequestSpec r : requests) {
      if (!names.add(r.name())) {
        throw new IllegalArgumentException("two requests are named '" + r.name() + "'");
      }
    }
    // A user's session holds what its own population's earlier requests captured.
    Map<String, Integer> slots = new HashMap<>();
    for (Population p : populations) {
      Set<String> captured = new HashSet<>();
      for (RequestSpec r : requests.subList(p.first(), p.end())) {
        for (String n : r.sessionNames()) {
          if (!captured.contains(n)) {
            throw new IllegalArgumentException(
                "request '" + r.name() + "' uses ${" + n + "}, which no earlier request captures");
          }
        }
        for (Capture c : r.captures()) {
          captured.add(c.name());
          slots.putIfAbsent(c.name(), slots.size());
        }
      }
    }
    for (RequestSpec r : requests) {
      for (String n : r.dataNames()) {
        String column = n.substring(Template.DATA_PREFIX.length());
        if (data == null) {
          throw new IllegalArgumentException(
              "request '" + r.name() + "' uses ${" + n + "}, but the scenario has no data file");
        }
        if (data.column(column) < 0) {
          throw new IllegalArgumentException(
              "request '"
                  + r.name()
                  + "' uses ${"
                  + n
                  + "}, a column data file "
                  + data.file()
                  + " does not have (it has: "
                  + String.join(", ", data.columns())
                  + ")");
        }
      }
    }
    DataFile file = data;
    requests =
        requests.stream()
            .map(
                r ->
                    r.bind(
                        n ->
                            n.startsWith(Template.DATA_PREFIX)
                                ? file.column(n.substring(Template.DATA_PREFIX.length()))
                                : slots.get(n)))
            .toList();
  }

  /**
   * This scenario with every path on the run's target sent under {@code basePath}: {@code /api/v1}
   * and {@code path: /sayHello} send {@code /api/v1/sayHello}. Requests with a URL of their own are
   * sent as written. Itself when {@code basePath} is empty.
   *
   * @param basePath "" or a path starting with "/" and not ending with one
   */
  public Scenario under(String basePath) {
    if (basePath.isEmpty()) {
      return this;
    }
    return new Scenario(
        requests.stream().map(r -> r.under(basePath)).toList(),
        seed,
        builtIn,
        cookies,
        data,
        populations,
        stages);
  }

  /**
   * The session variables the requests capture, by slot: the values each user's {@link Vars} holds.
   */
  public List<String> slotNames() {
    return requests.stream()
        .flatMap(r -> r.captures().stream())
        .map(Capture::name)
        .distinct()
        .toList();
  }

  /**
   * The contract on the run's target: GET {@code pathAndQuery}, then POST {@link
   * Contract#POST_BODY} to it.
   */
  public static Scenario contract(String pathAndQuery, long seed) {
    RequestSpec.Endpoint at = new RequestSpec.Endpoint(null, Template.parse(pathAndQuery));
    RequestSpec.Header accept =
        new RequestSpec.Header("Accept", Template.parse("application/json"));
    RequestSpec get =
        new RequestSpec(
            LoadPlan.CONTRACT_REQUESTS.get(0),
            "GET",
            List.of(at),
            RequestSpec.Pick.ROUND_ROBIN,
            List.of(accept),
            null,
            Expectation.contract(false));
    RequestSpec post =
        new RequestSpec(
            LoadPlan.CONTRACT_REQUESTS.get(1),
            "POST",
            List.of(at),
            RequestSpec.Pick.ROUND_ROBIN,
            List.of(
                accept, new RequestSpec.Header("Content-Type", Template.parse("application/json"))),
            Template.parse(Contract.POST_BODY),
            Expectation.contract(true));
    return new Scenario(List.of(get, post), seed, true);
  }

  /** The requests' names, in order: the rows of every report. */
  public List<String> names() {
    return requests.stream().map(RequestSpec::name).toList();
  }

  public int size() {
    return requests.size();
  }

  public RequestSpec get(int i) {
    return requests.get(i);
  }

  /** The distinct origins requests name of their own (not the run's target). */
  public List<Target> origins() {
    Set<String> seen = new HashSet<>();
    List<Target> out = new ArrayList<>();
    for (RequestSpec r : requests) {
      for (RequestSpec.Endpoint e : r.endpoints()) {
        if (e.origin() != null
            && seen.add(
                e.origin().uri().getScheme() + "://" + e.origin().uri().getRawAuthority())) {
          out.add(e.origin());
        }
      }
    }
    return out;
  }

  /**
   * One line per request: its name, method, endpoints, headers and body as written. Shards' record
   * files carry it, so that records of different scenarios are never merged.
   */
  public List<String> describe() {
    return describe(Redaction.DEFAULT);
  }

  /**
   * One line per request, as {@link #describe()}, with what {@code redaction} hides hidden: secret
   * headers' values and URL passwords.
   */
  public List<String> describe(Redaction redaction) {
    List<String> out = new ArrayList<>();
    for (RequestSpec r : requests) {
      StringBuilder sb = new StringBuilder(r.name()).append(": ").append(r.method());
      for (RequestSpec.Endpoint e : r.endpoints()) {
        sb.append(' ')
            .append(e.origin() == null ? "" : redaction.url(e.origin().toString()))
            .append(e.path());
      }
      sb.append(" (").append(r.pick()).append(')');
      for (RequestSpec.Header h : r.headers()) {
        sb.append("; ")
            .append(h.name())
            .append(": ")
            .append(redaction.value(h.name(), h.value().toString()));
      }
      if (r.body() != null) {
        sb.append("; body ").append(r.body());
      }
      for (Capture c : r.captures()) {
        sb.append("; capture ").append(c.name()).append(' ').append(c.from().key());
        sb.append(' ').append(c.expression());
      }
      if (!r.think().none()) {
        sb.append("; think ").append(r.think());
      }
      out.add(sb.toString());
    }
    if (data != null) {
      out.add(data.describe());
    }
    for (Population p : populations) {
      if (p.flow() || populations.size() > 1) {
        out.add(
            "population "
                + p.name()
                + " ("
                + p.share().text()
                + "): setup "
                + p.setup()
                + ", iteration "
                + p.iteration()
                + ", teardown "
                + p.teardown());
      }
    }
    return out;
  }

  /** Whether any request draws random numbers (so the seed matters). */
  public boolean usesRandom() {
    return requests.stream().anyMatch(RequestSpec::usesRandom);
  }
}
