package io.phaseload.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The sayHello contract, shared by every endpoint that speaks it: {@code GET ->
 * {"response":"hello"}} and {@code POST {"input":"abcd"} -> {"response":"4"}}. Stateless and
 * thread-safe.
 */
public final class Contract {

  public static final String GET_BODY = "{\"response\":\"hello\"}";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Contract() {}

  /**
   * Answers a POST body.
   *
   * @return the JSON response body
   * @throws BadInputException if the body is not a JSON object with a string {@code input}
   */
  public static String post(byte[] body) {
    JsonNode root;
    try {
      root = MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw new BadInputException("malformed JSON: " + firstLine(e.getOriginalMessage()));
    } catch (java.io.IOException e) {
      throw new BadInputException("unreadable body: " + firstLine(e.getMessage()));
    }
    if (root == null || !root.isObject()) {
      throw new BadInputException("body must be a JSON object like {\"input\":\"abcd\"}");
    }
    JsonNode input = root.get("input");
    if (input == null || input.isNull()) {
      throw new BadInputException("missing \"input\": send {\"input\":\"abcd\"}");
    }
    if (!input.isTextual()) {
      throw new BadInputException("\"input\" must be a string");
    }
    return "{\"response\":\"" + input.textValue().length() + "\"}";
  }

  /** A JSON error body with the message escaped. */
  public static String error(String message) {
    try {
      return MAPPER.writeValueAsString(java.util.Map.of("error", message));
    } catch (JsonProcessingException e) {
      return "{\"error\":\"internal error\"}";
    }
  }

  static String toJson(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /** The client sent something the contract cannot answer: 400 with the message. */
  public static final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
      super(message, null, false, false);
    }
  }
}
