package io.phaseload.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ContractTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void theSampleBodiesAgreeWithTheFieldsAndTheAnswer() throws Exception {
    JsonNode get = MAPPER.readTree(Contract.GET_ANSWER);
    assertEquals(Contract.HELLO, get.get(Contract.RESPONSE_FIELD).textValue());
    assertEquals(1, get.size());
    JsonNode post = MAPPER.readTree(Contract.POST_BODY);
    assertEquals(1, post.size());
    String input = post.get(Contract.INPUT_FIELD).textValue();
    assertEquals(
        String.valueOf(input.length()),
        MAPPER.readTree(Contract.POST_ANSWER).get(Contract.RESPONSE_FIELD).textValue());
    assertEquals(Contract.POST_ANSWER, Contract.post(Contract.POST_BODY));
    assertEquals("/sayHello", Contract.PATH);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"input\":\"abcd\"}|{\"response\":\"4\"}",
        "{\"input\":\"\"}|{\"response\":\"0\"}",
        // UTF-16 code units: one for "é", two for the surrogate pair of an emoji.
        "{\"input\":\"é\uD83D\uDE00\"}|{\"response\":\"3\"}",
        "{\"input\":\"\\u00e9\"}|{\"response\":\"1\"}",
        " { \"other\" : 1, \"input\" : \"xy\" } |{\"response\":\"2\"}",
      })
  void postAnswersTheLengthOfInput(String body, String answer) {
    assertEquals(answer, Contract.post(body));
    assertEquals(answer, Contract.post(body.getBytes(StandardCharsets.UTF_8)));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      nullValues = "NULL",
      value = {
        "NULL|" + Contract.NOT_AN_OBJECT,
        "''|" + Contract.NOT_AN_OBJECT,
        "[1,2]|" + Contract.NOT_AN_OBJECT,
        "5|" + Contract.NOT_AN_OBJECT,
        "\"abcd\"|" + Contract.NOT_AN_OBJECT,
        "{}|" + Contract.MISSING_INPUT,
        "{\"other\":1}|" + Contract.MISSING_INPUT,
        "{\"input\":null}|" + Contract.MISSING_INPUT,
        "{\"input\":5}|" + Contract.INPUT_NOT_A_STRING,
        "{\"input\":{}}|" + Contract.INPUT_NOT_A_STRING,
        "{\"input\":[\"a\"]}|" + Contract.INPUT_NOT_A_STRING,
      })
  void badBodiesGetTheirFixedMessage(String body, String message) {
    Contract.BadInputException e =
        assertThrows(Contract.BadInputException.class, () -> Contract.post(body));
    assertEquals(message, e.getMessage());
  }

  @Test
  void malformedJsonSaysSoInOneLine() {
    for (String body : new String[] {"{", "{not json", "{\"input\":\"abcd\"", "\u0000"}) {
      Contract.BadInputException e =
          assertThrows(Contract.BadInputException.class, () -> Contract.post(body));
      assertTrue(e.getMessage().startsWith(Contract.MALFORMED_JSON + ": "), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void badInputIsAnIllegalArgumentWithoutAStackTrace() {
    Contract.BadInputException e = new Contract.BadInputException("x");
    assertTrue(e instanceof IllegalArgumentException);
    assertEquals(0, e.getStackTrace().length);
  }

  @Test
  void answerCountsUtf16CodeUnitsAndRefusesNull() {
    assertEquals("4", Contract.answer("abcd"));
    assertEquals("2", Contract.answer("\uD83D\uDE00"));
    assertEquals(
        Contract.MISSING_INPUT,
        assertThrows(Contract.BadInputException.class, () -> Contract.answer(null)).getMessage());
  }

  @Test
  void errorsAreJsonWithTheMessageEscaped() throws Exception {
    assertEquals("{\"error\":\"not found\"}", Contract.error("not found"));
    String message = Contract.MISSING_INPUT + " \\ \n";
    assertEquals(message, MAPPER.readTree(Contract.error(message)).get("error").textValue());
  }
}
