package io.phaseload.client.request;

import com.fasterxml.jackson.databind.JsonNode;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Population;
import io.phaseload.client.plan.Stage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Reads a scenario file: YAML (JSON is YAML too) with a {@code requests} list (each user's
 * iteration) and optional {@code setup} and {@code teardown} lists (sent once by each user, before
 * its first iteration and after its last), read by {@link RequestYaml}; or with {@code
 * populations}, several kinds of user, each with those lists of its own ({@link PopulationsFile});
 * and {@code data}, {@code cookies} and {@code slo} for the whole run. Everything is checked before
 * anything is sent; any problem is one line naming the file, the request and what is wrong.
 * Stateless.
 */
public final class ScenarioFile {

  private static final Set<String> TOP_KEYS =
      Set.of("requests", "setup", "teardown", "populations", "slo", "cookies", "data", "stages");

  private ScenarioFile() {}

  /**
   * Reads and checks {@code file}.
   *
   * @param seed the seed of the scenario's random variables
   * @throws InvalidScenario naming the file, the request and what is wrong
   */
  public static Scenario read(Path file, long seed) throws InvalidScenario {
    String where = file.toString();
    JsonNode root = RequestYaml.yaml(file);
    if (root == null || !root.isObject()) {
      throw new InvalidScenario(where + ": expected a mapping with a 'requests' list");
    }
    RequestYaml.unknownKeys(where, root, TOP_KEYS);
    List<RequestSpec> requests = new ArrayList<>();
    Set<String> names = new HashSet<>();
    List<Population> populations;
    if (root.has("populations")) {
      for (String key : RequestYaml.LISTS) {
        if (root.has(key)) {
          throw new InvalidScenario(
              where + ": '" + key + "' belongs in each population of a file with 'populations'");
        }
      }
      populations = PopulationsFile.read(file, root.get("populations"), requests, names);
    } else {
      int setup = RequestYaml.list(file, root, "setup", false, requests, names, "");
      int iteration = RequestYaml.list(file, root, "requests", true, requests, names, "");
      int teardown = RequestYaml.list(file, root, "teardown", false, requests, names, "");
      populations = List.of(Population.flow(setup, iteration, teardown));
    }
    if (requests.size() > LoadPlan.MAX_REQUESTS_PER_ITERATION) {
      throw new InvalidScenario(
          where
              + ": at most "
              + LoadPlan.MAX_REQUESTS_PER_ITERATION
              + " requests, setup and teardown included, got "
              + requests.size());
    }
    JsonNode cookies = root.get("cookies");
    if (cookies != null && !cookies.isBoolean()) {
      throw new InvalidScenario(
          where + ": cookies must be true or false, got '" + cookies.asText() + "'");
    }
    try {
      DataFile data = root.has("data") ? DataFile.read(file, root.get("data")) : null;
      String stages = root.has("stages") ? stages(root.get("stages")) : null;
      return new Scenario(
          requests, seed, false, cookies == null || cookies.asBoolean(), data, populations, stages);
    } catch (IllegalArgumentException e) {
      throw new InvalidScenario(where + ": " + e.getMessage());
    }
  }

  /**
   * A file's {@code stages:}, k6's list ({@code - {duration: 30s, target: 40}}, a target of
   * arrivals written {@code 200/s}) or {@code --stages}' own text, as {@code --stages} writes it,
   * checked as {@code --stages} is.
   */
  private static String stages(JsonNode node) {
    String text;
    if (node.isTextual()) {
      text = node.asText();
    } else if (node.isArray() && !node.isEmpty()) {
      StringJoiner out = new StringJoiner(",");
      for (JsonNode s : node) {
        if (!s.isObject() || !s.has("duration") || !s.has("target")) {
          throw new IllegalArgumentException(
              "stages must be a list of {duration: 30s, target: 40} (or 200/s), or D:T,D:T,...");
        }
        out.add(s.get("duration").asText() + ":" + s.get("target").asText());
      }
      text = out.toString();
    } else {
      throw new IllegalArgumentException(
          "stages must be a list of {duration: 30s, target: 40} (or 200/s), or D:T,D:T,...");
    }
    Stage.parse(text);
    return text;
  }

  /**
   * The SLO expressions of a file {@link #read} accepted, as written: the top level's, then each
   * request's with its name in front ({@code name:p99<50ms}). An {@code slo} is one expression or a
   * list of them; the expressions themselves are checked by their reader.
   */
  public static List<String> slos(Path file) throws InvalidScenario {
    JsonNode root = RequestYaml.yaml(file);
    List<String> out = new ArrayList<>();
    RequestYaml.sloList(file + ": slo", root.get("slo"), "", out);
    if (root.has("populations")) {
      PopulationsFile.slos(file, root.get("populations"), out);
    } else {
      RequestYaml.requestSlos(file, root, "", out);
    }
    return out;
  }
}
