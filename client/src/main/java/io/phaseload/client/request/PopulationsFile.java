package io.phaseload.client.request;

import com.fasterxml.jackson.databind.JsonNode;
import io.phaseload.client.plan.Population;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a scenario's {@code populations:}, several kinds of user in one run. Each entry has a
 * {@code name}; one share, {@code weight: W} (its part of THREADS, or of the arrivals, beside the
 * other weighted ones), {@code threads: N} (N users in every phase of a closed-model run) or {@code
 * rate: R/s} with {@code threads: N} as its cap (R arrivals a second in every phase of an
 * open-model run); and its requests, inline ({@code setup}, {@code requests}, {@code teardown}) or
 * from {@code scenario: FILE}, a file of those lists only. Its requests are named {@code
 * population:request} in every report. Stateless.
 */
final class PopulationsFile {

  private static final Set<String> KEYS =
      Set.of("name", "weight", "threads", "rate", "scenario", "setup", "requests", "teardown");

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

  private PopulationsFile() {}

  /**
   * Reads {@code list}, the populations of scenario {@code file}, their requests into {@code
   * requests} (population by population) and their names into {@code names}.
   *
   * @throws InvalidScenario in one line, naming the file, the population and what is wrong
   */
  static List<Population> read(
      Path file, JsonNode list, List<RequestSpec> requests, Set<String> names)
      throws InvalidScenario {
    String where = file.toString();
    if (list == null || !list.isArray() || list.isEmpty()) {
      throw new InvalidScenario(
          where + ": 'populations' must be a list of at least one population");
    }
    List<Population> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode p = list.get(i);
      String label = where + ": population " + (i + 1);
      if (p == null || !p.isObject()) {
        throw new InvalidScenario(label + ": expected a mapping");
      }
      JsonNode n = p.get("name");
      String name = n == null || !n.isValueNode() ? null : n.asText();
      if (name == null || !NAME.matcher(name).matches()) {
        throw new InvalidScenario(
            label + ": needs a name of letters, digits, '_', '.' or '-' (at most 64)");
      }
      label = where + ": population '" + name + "'";
      if (!seen.add(name)) {
        throw new InvalidScenario(label + ": the name is used twice");
      }
      RequestYaml.unknownKeys(label, p, KEYS);
      Population.Share share;
      try {
        share = share(p);
      } catch (IllegalArgumentException e) {
        throw new InvalidScenario(label + ": " + e.getMessage());
      }
      Path source = file;
      JsonNode lists = p;
      if (p.has("scenario")) {
        for (String key : RequestYaml.LISTS) {
          if (p.has(key)) {
            throw new InvalidScenario(
                label + ": give its requests in 'scenario' or in '" + key + "', not both");
          }
        }
        source = file.resolveSibling(p.get("scenario").asText());
        lists = RequestYaml.yaml(source);
        if (lists == null || !lists.isObject()) {
          throw new InvalidScenario(source + ": expected a mapping with a 'requests' list");
        }
        RequestYaml.unknownKeys(
            source
                + " (the scenario of population '"
                + name
                + "'; data, cookies and slo go in "
                + file.getFileName()
                + ")",
            lists,
            Set.copyOf(RequestYaml.LISTS));
      }
      int first = requests.size();
      String prefix = name + ":";
      int setup = RequestYaml.list(source, lists, "setup", false, requests, names, prefix);
      int iteration = RequestYaml.list(source, lists, "requests", true, requests, names, prefix);
      int teardown = RequestYaml.list(source, lists, "teardown", false, requests, names, prefix);
      out.add(new Population(name, share, first, setup, iteration, teardown));
    }
    return out;
  }

  /** Its share: {@code weight}, {@code threads} alone, or {@code rate} with {@code threads}. */
  private static Population.Share share(JsonNode p) {
    JsonNode weight = p.get("weight");
    JsonNode threads = p.get("threads");
    JsonNode rate = p.get("rate");
    if (weight != null && (threads != null || rate != null)) {
      throw new IllegalArgumentException(
          "give it a weight, or threads, or a rate with threads as its cap: one of them");
    }
    if (weight != null) {
      if (!weight.isNumber()) {
        throw new IllegalArgumentException(
            "weight must be a number, got '" + weight.asText() + "'");
      }
      return new Population.Weight(weight.asDouble());
    }
    if (threads != null && !threads.canConvertToInt()) {
      throw new IllegalArgumentException("threads must be a whole number, got '" + threads + "'");
    }
    if (rate != null) {
      if (threads == null) {
        throw new IllegalArgumentException(
            "rate needs threads: N, the most of its arrivals in flight at once");
      }
      return new Population.Rate(perSecond(rate.asText()), threads.asInt());
    }
    if (threads != null) {
      return new Population.Users(threads.asInt());
    }
    throw new IllegalArgumentException(
        "needs a share: weight: W (of THREADS, or of the arrivals), threads: N (users in every"
            + " phase), or rate: R/s with threads: N");
  }

  /** "5/s" or "5": arrivals per second. */
  private static double perSecond(String text) {
    String t = text.strip();
    String number = t.endsWith("/s") ? t.substring(0, t.length() - 2).strip() : t;
    try {
      double r = Double.parseDouble(number);
      if (r > 0 && !Double.isInfinite(r)) {
        return r;
      }
    } catch (NumberFormatException e) {
      // one message below
    }
    throw new IllegalArgumentException(
        "rate must be arrivals per second, e.g. 5/s, got '" + text + "'");
  }

  /**
   * Each population's requests' SLOs, named {@code population:request}, into {@code out}, for a
   * file {@link #read} accepted.
   */
  static void slos(Path file, JsonNode list, List<String> out) throws InvalidScenario {
    for (JsonNode p : list) {
      String prefix = p.get("name").asText() + ":";
      if (p.has("scenario")) {
        Path source = file.resolveSibling(p.get("scenario").asText());
        RequestYaml.requestSlos(source, RequestYaml.yaml(source), prefix, out);
      } else {
        RequestYaml.requestSlos(file, p, prefix, out);
      }
    }
  }
}
