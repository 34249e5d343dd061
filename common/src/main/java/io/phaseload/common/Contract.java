package io.phaseload.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The sayHello contract, defined once for every side that speaks or checks it: the server, the
 * Lambda handlers, the client's check of answers and the nginx baseline of {@code scripts/bench.sh}
 * (through {@link ContractMain}).
 *
 * <p>{@code GET /sayHello} answers {@link #GET_ANSWER}. {@code POST /sayHello} with {@code
 * {"input":"abcd"}} answers {@code {"response":"4"}}: the length of {@code input} in UTF-16 code
 * units, as {@link String#length()} counts it, so that every JVM side agrees on inputs outside the
 * Basic Multilingual Plane. Any other POST body is a client mistake, answered with a 400 and {@link
 * #error} of one of the fixed messages below.
 *
 * <p>Stateless and thread-safe: any thread may call anything here at any time.
 */
public final class Contract {

  /** Where the contract is served. */
  public static final String PATH = "/sayHello";

  /** The field of every answer. */
  public static final String RESPONSE_FIELD = "response";

  /** The field of a POST body. */
  public static final String INPUT_FIELD = "input";

  /** What GET answers in {@link #RESPONSE_FIELD}. */
  public static final String HELLO = "hello";

  /** The body of every GET answer. */
  public static final String GET_ANSWER = "{\"response\":\"hello\"}";

  /** The POST body a load generator sends. */
  public static final String POST_BODY = "{\"input\":\"abcd\"}";

  /** The {@code input} of {@link #POST_BODY}. */
  public static final String POST_INPUT = "abcd";

  /** The answer to {@link #POST_BODY}. */
  public static final String POST_ANSWER = "{\"response\":\"4\"}";

  /** How the message of a body that is not JSON starts; the parser's first line follows. */
  public static final String MALFORMED_JSON = "malformed JSON";

  /** The message for JSON that is not an object (an array, a number, an empty body). */
  public static final String NOT_AN_OBJECT = "body must be a JSON object like " + POST_BODY;

  /** The message for an object without {@code input}, or with {@code "input":null}. */
  public static final String MISSING_INPUT = "missing \"input\": send " + POST_BODY;

  /** The message for an {@code input} that is a number, an object, ... */
  public static final String INPUT_NOT_A_STRING = "\"input\" must be a string";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Contract() {}

  /**
   * Answers a POST body.
   *
   * @param body the request body as sent, UTF-8; null or empty is not an object
   * @return the JSON answer
   * @throws BadInputException with one of the fixed messages if the body is not a JSON object with
   *     a string {@code input}
   */
  public static String post(byte[] body) {
    JsonNode root;
    try {
      root = body == null || body.length == 0 ? null : MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw new BadInputException(MALFORMED_JSON + ": " + firstLine(e.getOriginalMessage()));
    } catch (IOException e) {
      throw new BadInputException(MALFORMED_JSON + ": " + firstLine(e.getMessage()));
    }
    if (root == null || !root.isObject()) {
      throw new BadInputException(NOT_AN_OBJECT);
    }
    JsonNode input = root.get(INPUT_FIELD);
    if (input == null || input.isNull()) {
      throw new BadInputException(MISSING_INPUT);
    }
    if (!input.isTextual()) {
      throw new BadInputException(INPUT_NOT_A_STRING);
    }
    return "{\"" + RESPONSE_FIELD + "\":\"" + answer(input.textValue()) + "\"}";
  }

  /** {@link #post(byte[])} for a body held as text. */
  public static String post(String body) {
    return post(body == null ? null : body.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * What POST answers in {@link #RESPONSE_FIELD} for {@code input}: its length in UTF-16 code
   * units.
   *
   * @throws BadInputException with {@link #MISSING_INPUT} if {@code input} is null
   */
  public static String answer(String input) {
    if (input == null) {
      throw new BadInputException(MISSING_INPUT);
    }
    return String.valueOf(input.length());
  }

  /** The JSON error body {@code {"error":"..."}}, with the message escaped. */
  public static String error(String message) {
    try {
      return MAPPER.writeValueAsString(Map.of("error", String.valueOf(message)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a one-entry map of strings always serialises", e);
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /**
   * A body the contract cannot answer: the server and the Lambda handlers turn it into a 400 with
   * {@link #error} of the message. Unchecked, without a stack trace (it is a routine answer).
   */
  public static final class BadInputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
      super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }
}
