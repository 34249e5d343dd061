package io.phaseload.client.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.client.request.Operation;
import io.phaseload.common.Contract;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The contract's requests and the check of their answers. GET must answer {@code
 * {"response":"hello"}}; POST of {@code {"input":"abcd"}} must answer {@code {"response":"4"}}. The
 * fast path compares bytes; a body that differs only in JSON formatting still passes. Thread-safe.
 */
public final class ContractCheck {

  /** The POST body every request sends. */
  public static final String POST_BODY = Contract.POST_BODY;

  private static final String GET_EXPECTED = Contract.HELLO;
  private static final String POST_EXPECTED = Contract.answer("abcd");
  private static final byte[] GET_BYTES = Contract.GET_ANSWER.getBytes(StandardCharsets.UTF_8);
  private static final byte[] POST_EXPECTED_BYTES =
      Contract.POST_ANSWER.getBytes(StandardCharsets.UTF_8);
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ContractCheck() {}

  /**
   * Initialises the check and the JSON parser behind its slow path, before a run: their first use
   * reads files (class data, time-zone data) that a run out of file descriptors could not open.
   */
  static void prepare() {
    byte[] spaced = "{ \"response\" : \"hello\" }".getBytes(StandardCharsets.UTF_8);
    if (!matches(Operation.GET, spaced, 0, spaced.length)) {
      throw new IllegalStateException("the contract check does not accept its own answer");
    }
  }

  /** Whether {@code body[off, off+len)} is the right answer to {@code op}. */
  public static boolean matches(Operation op, byte[] body, int off, int len) {
    byte[] exact = op == Operation.GET ? GET_BYTES : POST_EXPECTED_BYTES;
    if (Arrays.equals(body, off, off + len, exact, 0, exact.length)) {
      return true;
    }
    return matchesJson(op, body, off, len);
  }

  private static boolean matchesJson(Operation op, byte[] body, int off, int len) {
    try {
      JsonNode root = MAPPER.readTree(body, off, len);
      if (root == null || !root.isObject()) {
        return false;
      }
      JsonNode response = root.get(Contract.RESPONSE_FIELD);
      String expected = op == Operation.GET ? GET_EXPECTED : POST_EXPECTED;
      return response != null && response.isTextual() && response.textValue().equals(expected);
    } catch (IOException e) {
      return false;
    }
  }
}
