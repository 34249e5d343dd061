package io.phaseload.client.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Captures find what they say, and nothing else; bad ones are refused when read. */
class CaptureTest {

  private static final String BODY =
      "{\"token\":\"abc\",\"n\":7,\"ok\":true,\"user\":{\"id\":42,\"x-y\":\"dash\"},"
          + "\"items\":[{\"id\":\"first\"},{\"id\":\"second\"}],\"none\":null}";

  private static String json(String path) {
    byte[] b = BODY.getBytes(StandardCharsets.UTF_8);
    return Capture.of("v", Capture.From.JSON, path).find(b, b.length, null);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "$.token|abc",
        "$.n|7",
        "$.ok|true",
        "$.user.id|42",
        "$['user']['x-y']|dash",
        "$[\"user\"].id|42",
        "$.items[1].id|second",
        "$.items[0]|{\"id\":\"first\"}",
      })
  void aJsonPathFindsItsValue(String path, String value) {
    assertEquals(value, json(path));
  }

  @Test
  void aJsonPathThatMatchesNothingFindsNothing() {
    assertNull(json("$.missing"));
    assertNull(json("$.items[5].id"));
    assertNull(json("$.none"), "null is no value");
    byte[] html = "<html>".getBytes(StandardCharsets.UTF_8);
    assertNull(Capture.of("v", Capture.From.JSON, "$.a").find(html, html.length, null));
  }

  @Test
  void aRegexTakesTheFirstGroupOfTheFirstMatch() {
    byte[] b = "<i name=\"csrf\" value=\"k1\"><i name=\"csrf\" value=\"k2\">".getBytes();
    Capture c = Capture.of("csrf", Capture.From.REGEX, "name=\"csrf\" value=\"([^\"]+)\"");
    assertEquals("k1", c.find(b, b.length, null));
    assertNull(c.find(b, 5, null), "only the kept bytes are searched");
  }

  @Test
  void aHeaderCaptureReadsTheHeaderAndSetsOrUnsetsItsSlot() {
    Capture c = Capture.of("where", Capture.From.HEADER, "Location").bind(0);
    assertEquals("location", c.headerName());
    assertFalse(c.readsBody());
    Vars vars = new Vars(0, "P", 0, 1, 1);
    assertTrue(c.take(new byte[0], 0, "/items/9", vars));
    assertEquals("/items/9", vars.value(0));
    assertFalse(c.take(new byte[0], 0, null, vars));
    assertFalse(vars.has(0), "a capture that finds nothing takes the old value away");
  }

  @Test
  void aFailedResponseOrCaptureFailsTheRequestWithAReasonOnce() {
    Reasons reasons = new Reasons();
    Capture token = Capture.of("token", Capture.From.JSON, "$.token").bind(0);
    Vars vars = new Vars(0, "P", 0, 1, 1);
    byte[] good = "{\"token\":\"t\"}".getBytes(StandardCharsets.UTF_8);
    byte[] bad = "{\"error\":\"nope\"}".getBytes(StandardCharsets.UTF_8);
    int ok = Outcome.of(Outcome.OK, 200);
    java.util.List<Capture> list = java.util.List.of(token);
    assertEquals(
        ok, Capture.takeAll(list, ok, good, good.length, false, h -> null, vars, 3, reasons));
    assertEquals("t", vars.value(0));
    int failed = Capture.takeAll(list, ok, bad, bad.length, false, h -> null, vars, 3, reasons);
    assertEquals(Outcome.CAPTURE, Outcome.kind(failed));
    assertFalse(vars.has(0));
    String why = reasons.message(Outcome.reason(failed));
    assertTrue(why.startsWith("capture token (json $.token) found nothing"), why);
    assertTrue(why.contains("nope"), why);
    assertEquals(
        failed, Capture.takeAll(list, ok, good, 0, false, h -> null, vars, 3, reasons), "one code");
    vars.set(0, good, 0, 1);
    int http = Outcome.of(Outcome.HTTP, 500);
    assertEquals(
        http, Capture.takeAll(list, http, good, good.length, false, h -> null, vars, 3, reasons));
    assertFalse(vars.has(0), "a failed response sets nothing");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {"token", "$", "$.", "$.a..b", "$.a[", "$[x]", "$.a b"})
  void aBadJsonPathIsRefused(String path) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Capture.of("v", Capture.From.JSON, path));
    assertTrue(e.getMessage().startsWith("capture v: bad JSONPath"), e.getMessage());
  }
}
