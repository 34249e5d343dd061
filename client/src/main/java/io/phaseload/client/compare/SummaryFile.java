package io.phaseload.client.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.stats.Figures;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One side of a comparison read from a run's {@code --json} summary (schema {@code
 * phaseload-run/N}, from a run or from {@code report}): each request name's exact values, and the
 * run's shape. A summary holds no blocks of time, so a comparison with one has no noise estimate.
 * Immutable.
 *
 * @param sides ALL first, then each request name in the run's order
 */
public record SummaryFile(List<Comparison.Side> sides, Shape shape) {

  /** The schema a run's summary names, before its version. */
  static final String SCHEMA = "phaseload-run/";

  public SummaryFile {
    sides = List.copyOf(sides);
  }

  /** Whether the file is JSON rather than a record: its first non-blank byte is a brace. */
  public static boolean looksLikeJson(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      for (int b = in.read(); b >= 0; b = in.read()) {
        if (!Character.isWhitespace(b)) {
          return b == '{';
        }
      }
      return false;
    }
  }

  /**
   * Reads a summary.
   *
   * @throws IllegalArgumentException with one line naming the file and what is wrong with it
   */
  public static SummaryFile read(Path file) throws IOException {
    JsonNode doc;
    try {
      doc = new ObjectMapper().readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          file + " is not valid JSON (line " + e.getLocation().getLineNr() + ")");
    }
    String schema = doc.path("schema").asText("");
    if (!schema.startsWith(SCHEMA)) {
      throw new IllegalArgumentException(
          file
              + " is "
              + (schema.isEmpty() ? "JSON without a schema" : "a " + schema + " document")
              + ", not a run's --json summary ("
              + SCHEMA
              + "N)");
    }
    double wall = need(file, doc, "wallSeconds").asDouble();
    JsonNode settings = need(file, doc, "settings");
    List<String> names = new ArrayList<>();
    need(file, doc, "requestNames").forEach(n -> names.add(n.asText()));
    List<String> phases = new ArrayList<>();
    need(file, doc, "phases").forEach(p -> phases.add(p.path("name").asText()));
    List<Comparison.Side> sides = new ArrayList<>();
    sides.add(side("ALL", need(file, doc, "total"), wall));
    JsonNode requests = doc.path("requests");
    for (String name : names) {
      if (requests.has(name)) {
        sides.add(side(name, requests.get(name), wall));
      }
    }
    String model =
        "open".equals(settings.path("model").asText())
            ? Shape.open(
                settings.path("rate").asDouble(),
                settings.path("arrivals").asText(),
                settings.path("phaseSeconds").isNumber()
                    ? settings.get("phaseSeconds").asDouble()
                    : null)
            : "closed";
    Shape shape =
        new Shape(
            settings.path("threads").asInt(),
            settings.path("iterations").asInt(),
            phases,
            names,
            model);
    return new SummaryFile(sides, shape);
  }

  private static JsonNode need(Path file, JsonNode doc, String field) {
    JsonNode n = doc.get(field);
    if (n == null || n.isNull()) {
      throw new IllegalArgumentException(
          file + " has no " + field + ": not a run's --json summary");
    }
    return n;
  }

  /** A group's values in metric order, as {@link Metric#of} computes them from a record. */
  private static Comparison.Side side(String name, JsonNode g, double wallSeconds) {
    double[] v = new double[Metric.values().length];
    JsonNode l = g.path("latencyMs");
    long ok = g.path("ok").asLong();
    long all = g.path("sent").asLong() + g.path("notSent").asLong();
    long bad = g.path("failed").asLong() + g.path("notSent").asLong();
    v[Metric.THROUGHPUT.ordinal()] = Figures.throughput(ok, wallSeconds);
    v[Metric.P50.ordinal()] = l.path("p50").asDouble(0);
    v[Metric.P95.ordinal()] = l.path("p95").asDouble(0);
    v[Metric.P99.ordinal()] = l.path("p99").asDouble(0);
    v[Metric.P999.ordinal()] = l.path("p99.9").asDouble(0);
    v[Metric.MAX.ordinal()] = l.path("max").asDouble(0);
    v[Metric.ERRORS.ordinal()] = 100 * Figures.errorRate(bad, all);
    return new Comparison.Side(name, v);
  }
}
