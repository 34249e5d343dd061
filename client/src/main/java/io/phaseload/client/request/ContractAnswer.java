package io.phaseload.client.request;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.phaseload.common.Contract;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The check of the sayHello contract's answers: GET must answer {@code {"response":"hello"}}, POST
 * of {@link Contract#POST_BODY} must answer {@link Contract#POST_ANSWER}. The fast path compares
 * bytes; a body that differs only in JSON formatting still passes. Thread-safe.
 */
public final class ContractAnswer {

  private static final String GET_EXPECTED = Contract.HELLO;
  private static final String POST_EXPECTED = Contract.answer(Contract.POST_INPUT);
  private static final byte[] GET_BYTES = Contract.GET_ANSWER.getBytes(StandardCharsets.UTF_8);
  private static final byte[] POST_BYTES = Contract.POST_ANSWER.getBytes(StandardCharsets.UTF_8);
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ContractAnswer() {}

  /**
   * Initialises the check and the JSON parser behind its slow path, before a run: their first use
   * reads files (class data, time-zone data) that a run out of file descriptors could not open.
   */
  public static void prepare() {
    byte[] spaced = "{ \"response\" : \"hello\" }".getBytes(StandardCharsets.UTF_8);
    if (!matches(false, spaced, spaced.length)) {
      throw new IllegalStateException("the contract check does not accept its own answer");
    }
  }

  /** Whether {@code body[0, len)} is the right answer to the contract's POST, or GET. */
  public static boolean matches(boolean post, byte[] body, int len) {
    byte[] exact = post ? POST_BYTES : GET_BYTES;
    if (Arrays.equals(body, 0, len, exact, 0, exact.length)) {
      return true;
    }
    try {
      JsonNode root = MAPPER.readTree(body, 0, len);
      if (root == null || !root.isObject()) {
        return false;
      }
      JsonNode response = root.get(Contract.RESPONSE_FIELD);
      String expected = post ? POST_EXPECTED : GET_EXPECTED;
      return response != null && response.isTextual() && response.textValue().equals(expected);
    } catch (IOException e) {
      return false;
    }
  }
}
