package io.phaseload.lambda;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;

/**
 * The sayHello contract, shared by the map handlers and the API Gateway proxy handlers: {@code GET
 * -> {"response":"hello"}}, {@code POST {"input":"abcd"} -> {"response":"4"}} (the length of {@code
 * input} in UTF-16 code units, as the server counts it). Stateless and thread-safe.
 */
public final class SayHello {

  public static final String GET_BODY = "{\"response\":\"hello\"}";

  static final String MISSING_INPUT = "missing \"input\": send {\"input\":\"abcd\"}";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private SayHello() {}

  public static Map<String, String> get() {
    return Map.of("response", "hello");
  }

  /**
   * The answer to a POST whose {@code input} is given.
   *
   * @throws IllegalArgumentException if {@code input} is null
   */
  public static Map<String, String> post(String input) {
    if (input == null) {
      throw new IllegalArgumentException(MISSING_INPUT);
    }
    return Map.of("response", String.valueOf(input.length()));
  }

  /**
   * The JSON answer to a raw POST body.
   *
   * @throws IllegalArgumentException with a one-line reason if the body is not {@code
   *     {"input":"..."}}
   */
  public static String postBody(String body) {
    JsonNode root;
    try {
      root = body == null || body.isBlank() ? null : MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("malformed JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("body must be a JSON object like {\"input\":\"abcd\"}");
    }
    JsonNode input = root.get("input");
    if (input == null || input.isNull()) {
      throw new IllegalArgumentException(MISSING_INPUT);
    }
    if (!input.isTextual()) {
      throw new IllegalArgumentException("\"input\" must be a string");
    }
    return json(post(input.textValue()));
  }

  /** A JSON object from a map, or an error object. */
  public static String json(Map<String, String> value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String error(String message) {
    return json(Map.of("error", message));
  }
}
