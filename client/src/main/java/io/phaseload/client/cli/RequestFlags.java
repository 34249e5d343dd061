package io.phaseload.client.cli;

import io.phaseload.client.plan.Target;
import io.phaseload.client.request.Expectation;
import io.phaseload.client.request.InvalidScenario;
import io.phaseload.client.request.RequestSpec;
import io.phaseload.client.request.RequestYaml;
import io.phaseload.client.request.Scenario;
import io.phaseload.client.request.ScenarioFile;
import io.phaseload.client.request.Template;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The command line's say in what an iteration sends: a scenario file, the one request curl-style
 * flags describe (a plain GET with {@code --url} and no flag), or the built-in contract. Pure data
 * until {@link #scenario} reads the scenario or body file, once, before the run.
 *
 * @param scenario the --scenario file, or null
 * @param method -X, or null
 * @param headers every -H, as typed
 * @param data -d (BODY or @FILE), or null
 * @param expectStatus --expect-status, or null
 * @param contract --contract: the sayHello contract even with --url
 * @param seed --seed, or null for a random one
 */
record RequestFlags(
    String scenario,
    String method,
    List<String> headers,
    String data,
    String expectStatus,
    boolean contract,
    Long seed) {

  /**
   * What an iteration sends.
   *
   * @param path the path of the run's target, for the flags' request and the contract
   * @param url the target --url gave, or null: no flag then means one plain GET of it, and a
   *     scenario's paths are joined to its path ({@link Scenario#under})
   */
  Scenario scenario(String path, Target url) throws UsageException {
    boolean urlForm = url != null;
    long runSeed = seed != null ? seed : ThreadLocalRandom.current().nextLong();
    boolean flags = method != null || !headers.isEmpty() || data != null || expectStatus != null;
    if (contract && (flags || scenario != null)) {
      throw new UsageException(
          "--contract sends the sayHello contract; leave out --scenario, -X, -H, -d and"
              + " --expect-status");
    }
    try {
      if (scenario != null) {
        if (flags) {
          throw new UsageException(
              "--scenario describes every request; leave out -X, -H, -d and --expect-status");
        }
        Scenario read = ScenarioFile.read(Path.of(scenario), runSeed);
        return urlForm ? read.under(basePath(url)) : read;
      }
      if (contract || !flags && !urlForm) {
        return Scenario.contract(path, runSeed);
      }
      String m = method != null ? method.toUpperCase(Locale.ROOT) : data != null ? "POST" : "GET";
      List<RequestSpec.Header> parsed = new ArrayList<>();
      for (String h : headers) {
        int colon = h.indexOf(':');
        if (colon <= 0) {
          throw new UsageException("-H must be 'Name: value', got '" + h + "'");
        }
        parsed.add(
            new RequestSpec.Header(
                h.substring(0, colon).trim(), Template.parse(h.substring(colon + 1).trim())));
      }
      Template body = null;
      if (data != null) {
        body =
            Template.parse(
                data.startsWith("@") ? RequestYaml.readBody(Path.of(data.substring(1))) : data);
      }
      RequestSpec one =
          new RequestSpec(
              m,
              m,
              List.of(new RequestSpec.Endpoint(null, Template.parse(path))),
              RequestSpec.Pick.ROUND_ROBIN,
              parsed,
              body,
              Expectation.of(
                  expectStatus == null ? "2xx" : expectStatus, Expectation.Body.NONE, null));
      return new Scenario(List.of(one), runSeed, false);
    } catch (InvalidScenario e) {
      throw new UsageException(e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * The path of {@code --url} that a scenario's paths go under: "/api/v1" of {@code
   * http://host/api/v1} or {@code http://host/api/v1/}, "" of {@code http://host} or {@code
   * http://host/}. A query there would have to be merged with each path's own, so it is refused.
   */
  private static String basePath(Target url) throws UsageException {
    if (url.uri().getRawQuery() != null) {
      throw new UsageException(
          "--url "
              + url
              + " has a query, which a scenario's paths cannot be joined to: give --url without"
              + " ?"
              + url.uri().getRawQuery()
              + " and put it in each request's path");
    }
    String path = url.uri().getRawPath() == null ? "" : url.uri().getRawPath();
    return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }
}
