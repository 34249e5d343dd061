package io.phaseload.client.request;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import io.phaseload.client.plan.Target;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the lists of requests a scenario file holds ({@code setup}, {@code requests}, {@code
 * teardown}, at its top level or in each of its populations), each request with a {@code name}, a
 * {@code method}, one of {@code path}, {@code url} or {@code urls} (with {@code pick}), {@code
 * headers}, {@code body} or {@code bodyFile}, {@code expect} ({@code status}, {@code bodyContains}
 * or {@code bodyEquals}), {@code capture} and {@code think}. Any problem is one line naming the
 * file, the request and what is wrong. Stateless.
 */
public final class RequestYaml {

  /** The largest body a request may send. */
  public static final int MAX_BODY_BYTES = 1 << 20;

  /**
   * The largest scenario file: room for a body of {@link #MAX_BODY_BYTES} and its requests. The
   * YAML parser's time grows with the square of a scalar's length (0.5 s for 1 MiB, 2 s for 2 MiB,
   * 7.5 s for 4 MiB), so the bytes are counted before it reads them.
   */
  public static final int MAX_FILE_BYTES = 2 << 20;

  private static final Set<String> REQUEST_KEYS =
      Set.of(
          "name",
          "method",
          "path",
          "url",
          "urls",
          "pick",
          "headers",
          "body",
          "bodyFile",
          "expect",
          "capture",
          "think",
          "slo");
  private static final Set<String> EXPECT_KEYS = Set.of("status", "bodyContains", "bodyEquals");

  /** The lists of requests a scenario, or each of its populations, may hold, in the order sent. */
  static final List<String> LISTS = List.of("setup", "requests", "teardown");

  /**
   * Reads a YAML (or JSON) file of at most {@link #MAX_FILE_BYTES}, or says in one line why it
   * cannot.
   */
  static JsonNode yaml(Path file) throws InvalidScenario {
    String where = file.toString();
    byte[] bytes;
    try {
      bytes = FileBytes.atMost(file, MAX_FILE_BYTES, "the file");
    } catch (IOException e) {
      throw new InvalidScenario(where + ": cannot be read: " + e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new InvalidScenario(
          where + ": " + e.getMessage() + "; give a large body its own file (bodyFile)");
    }
    try {
      return NoAliases.readTree(bytes);
    } catch (JacksonException e) {
      throw new InvalidScenario(
          YamlError.describe(where, new String(bytes, StandardCharsets.UTF_8), e));
    } catch (IOException e) {
      throw new InvalidScenario(where + ": cannot be read: " + e.getMessage());
    }
  }

  /**
   * Reads the list {@code key} ({@code setup}, {@code requests} or {@code teardown}) into {@code
   * requests}, each named with {@code prefix} in front, its names into {@code names}, and returns
   * how many it held.
   */
  static int list(
      Path file,
      JsonNode root,
      String key,
      boolean required,
      List<RequestSpec> requests,
      Set<String> names,
      String prefix)
      throws InvalidScenario {
    String where = file.toString();
    JsonNode list = root.get(key);
    if (list == null && !required) {
      return 0;
    }
    if (list == null || !list.isArray() || list.isEmpty()) {
      throw new InvalidScenario(where + ": '" + key + "' must be a list of at least one request");
    }
    for (int i = 0; i < list.size(); i++) {
      JsonNode r = list.get(i);
      String label = (key.equals("requests") ? "request " : key + " request ") + (i + 1);
      if (r == null || !r.isObject()) {
        throw new InvalidScenario(where + ": " + label + ": expected a mapping");
      }
      JsonNode name = r.get("name");
      if (name != null && name.isTextual() && !name.asText().isBlank()) {
        label = "request '" + name.asText() + "'";
      }
      try {
        RequestSpec spec = request(file, r);
        if (!prefix.isEmpty()) {
          spec = spec.named(prefix + spec.name());
        }
        if (!names.add(spec.name())) {
          throw new IllegalArgumentException("the name is used twice");
        }
        requests.add(spec);
      } catch (IllegalArgumentException e) {
        throw new InvalidScenario(where + ": " + label + ": " + e.getMessage());
      }
    }
    return list.size();
  }

  /** Each request's SLOs in {@code root}'s lists, with {@code prefix} and its name in front. */
  static void requestSlos(Path file, JsonNode root, String prefix, List<String> out)
      throws InvalidScenario {
    for (String key : LISTS) {
      for (JsonNode r : root.path(key)) {
        String name = prefix + r.get("name").asText();
        sloList(file + ": request '" + name + "': slo", r.get("slo"), name + ":", out);
      }
    }
  }

  static void sloList(String where, JsonNode slo, String prefix, List<String> out)
      throws InvalidScenario {
    if (slo == null || slo.isNull()) {
      return;
    }
    for (JsonNode e : slo.isArray() ? slo : List.of(slo)) {
      if (!e.isValueNode() || e.asText().isBlank()) {
        throw new InvalidScenario(
            where + " must be an expression or a list of them, e.g. p99<50ms");
      }
      out.add(prefix + e.asText());
    }
  }

  private static RequestSpec request(Path file, JsonNode r) {
    for (Iterator<String> it = r.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      if (!REQUEST_KEYS.contains(k)) {
        throw new IllegalArgumentException(
            "unknown key '" + k + "' (known: " + String.join(", ", sorted(REQUEST_KEYS)) + ")");
      }
    }
    String name = text(r, "name", null);
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("needs a name");
    }
    String method = text(r, "method", "GET").toUpperCase(Locale.ROOT);
    List<RequestSpec.Endpoint> endpoints = endpoints(r);
    RequestSpec.Pick pick = RequestSpec.Pick.ROUND_ROBIN;
    String p = text(r, "pick", null);
    if (p != null) {
      pick =
          switch (p) {
            case "round-robin" -> RequestSpec.Pick.ROUND_ROBIN;
            case "random" -> RequestSpec.Pick.RANDOM;
            default ->
                throw new IllegalArgumentException(
                    "pick must be round-robin or random, got '" + p + "'");
          };
    }
    List<RequestSpec.Header> headers = new ArrayList<>();
    JsonNode h = r.get("headers");
    if (h != null) {
      if (!h.isObject()) {
        throw new IllegalArgumentException("headers must be a mapping of name: value");
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = h.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!e.getValue().isValueNode() || e.getValue().isNull()) {
          throw new IllegalArgumentException("header " + e.getKey() + " needs a value");
        }
        headers.add(new RequestSpec.Header(e.getKey(), Template.parse(e.getValue().asText())));
      }
    }
    Template body = body(file, r);
    return new RequestSpec(
        name,
        method,
        endpoints,
        pick,
        headers,
        body,
        expectation(r),
        Capture.list(r.get("capture")),
        Think.of(r.get("think")));
  }

  private static List<RequestSpec.Endpoint> endpoints(JsonNode r) {
    int given = (r.has("path") ? 1 : 0) + (r.has("url") ? 1 : 0) + (r.has("urls") ? 1 : 0);
    if (given != 1) {
      throw new IllegalArgumentException("give exactly one of path, url or urls");
    }
    List<RequestSpec.Endpoint> out = new ArrayList<>();
    if (r.has("path")) {
      String path = text(r, "path", "/");
      if (!path.startsWith("/")) {
        throw new IllegalArgumentException("path must start with /, got '" + path + "'");
      }
      out.add(new RequestSpec.Endpoint(null, Template.parse(path)));
    } else if (r.has("url")) {
      out.add(endpoint(text(r, "url", "")));
    } else {
      JsonNode urls = r.get("urls");
      if (!urls.isArray() || urls.isEmpty()) {
        throw new IllegalArgumentException("urls must be a list of at least one URL");
      }
      for (JsonNode u : urls) {
        out.add(endpoint(u.asText()));
      }
    }
    return out;
  }

  /** An absolute URL, whose path may hold variables (the scheme, host and port may not). */
  public static RequestSpec.Endpoint endpoint(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      String meant = Target.withScheme(url);
      throw new IllegalArgumentException(
          "'"
              + url
              + "' is not an http or https URL"
              + (meant == null ? "" : ": did you mean " + meant + "?"));
    }
    int slash = url.indexOf('/', scheme + 3);
    String origin = slash < 0 ? url : url.substring(0, slash);
    String path = slash < 0 ? "/" : url.substring(slash);
    if (origin.contains("${")) {
      throw new IllegalArgumentException(
          "variables may go in a URL's path and query, not its host or port: " + url);
    }
    return new RequestSpec.Endpoint(Target.parse(origin), Template.parse(path));
  }

  private static Template body(Path file, JsonNode r) {
    if (r.has("body") && r.has("bodyFile")) {
      throw new IllegalArgumentException("give body or bodyFile, not both");
    }
    String text;
    if (r.has("bodyFile")) {
      Path f = file.toAbsolutePath().resolveSibling(text(r, "bodyFile", ""));
      text = readBody(f);
    } else if (r.has("body")) {
      JsonNode b = r.get("body");
      text = b.isTextual() ? b.asText() : b.toString(); // a mapping is sent as its JSON
    } else {
      return null;
    }
    if (text.getBytes(StandardCharsets.UTF_8).length > MAX_BODY_BYTES) {
      throw new IllegalArgumentException("the body is over " + MAX_BODY_BYTES + " bytes");
    }
    return Template.parse(text);
  }

  /** A body file's text, read once before the run. */
  public static String readBody(Path f) {
    try {
      byte[] bytes = FileBytes.atMost(f, MAX_BODY_BYTES, "body file " + f);
      return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read body file " + f + ": " + e.getMessage());
    }
  }

  private static Expectation expectation(JsonNode r) {
    JsonNode x = r.get("expect");
    if (x == null) {
      return Expectation.any2xx();
    }
    if (!x.isObject()) {
      throw new IllegalArgumentException("expect must be a mapping");
    }
    for (Iterator<String> it = x.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      if (!EXPECT_KEYS.contains(k)) {
        throw new IllegalArgumentException(
            "unknown key 'expect." + k + "' (use status, bodyContains, bodyEquals)");
      }
    }
    String status = "2xx";
    JsonNode s = x.get("status");
    if (s != null) {
      if (s.isArray()) {
        List<String> codes = new ArrayList<>();
        s.forEach(c -> codes.add(c.asText()));
        status = String.join(",", codes);
      } else {
        status = s.asText();
      }
    }
    if (x.has("bodyContains") && x.has("bodyEquals")) {
      throw new IllegalArgumentException("give bodyContains or bodyEquals, not both");
    }
    if (x.has("bodyContains")) {
      return Expectation.of(status, Expectation.Body.CONTAINS, x.get("bodyContains").asText());
    }
    if (x.has("bodyEquals")) {
      return Expectation.of(status, Expectation.Body.EQUALS, x.get("bodyEquals").asText());
    }
    return Expectation.of(status, Expectation.Body.NONE, null);
  }

  private static String text(JsonNode r, String key, String otherwise) {
    JsonNode v = r.get(key);
    if (v == null || v.isNull()) {
      return otherwise;
    }
    if (!v.isValueNode()) {
      throw new IllegalArgumentException(key + " must be a single value");
    }
    return v.asText();
  }

  static void unknownKeys(String where, JsonNode node, Set<String> known) throws InvalidScenario {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      if (!known.contains(k)) {
        throw new InvalidScenario(
            where + ": unknown key '" + k + "' (known: " + String.join(", ", sorted(known)) + ")");
      }
    }
  }

  private static List<String> sorted(Set<String> keys) {
    List<String> out = new ArrayList<>(keys);
    out.sort(null);
    return out;
  }

  private RequestYaml() {}
}
