package io.phaseload.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.lambda.local.LocalContext;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The handlers as the Lambda runtime calls them, with the event as a map. */
class HandlersTest {

  private final LocalContext context = new LocalContext(line -> {});

  @Test
  void getAnswersHelloWhateverItIsGiven() {
    assertEquals(Map.of("response", "hello"), new GetHandler().handleRequest(Map.of(), context));
    assertEquals(Map.of("response", "hello"), new GetHandler().handleRequest(null, context));
  }

  @Test
  void postAnswersTheLengthOfInput() {
    PostHandler post = new PostHandler();
    assertEquals(Map.of("response", "4"), post.handleRequest(Map.of("input", "abcd"), context));
    assertEquals(Map.of("response", "0"), post.handleRequest(Map.of("input", ""), context));
    assertEquals(
        Map.of("response", "1000"), post.handleRequest(Map.of("input", "x".repeat(1000)), context));
    // UTF-16 code units, as the server counts: one for "é", two for a surrogate pair.
    assertEquals(
        Map.of("response", "3"), post.handleRequest(Map.of("input", "é\uD83D\uDE00"), context));
  }

  @Test
  void postWithoutInputIsAClearError() {
    PostHandler post = new PostHandler();
    Map<String, String> noInput = new HashMap<>();
    noInput.put("other", "x");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> post.handleRequest(noInput, context));
    assertTrue(e.getMessage().contains("missing \"input\""), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> post.handleRequest(null, context));
  }
}
