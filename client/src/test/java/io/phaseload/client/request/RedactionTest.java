package io.phaseload.client.request;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@link Redaction} hides in a command line, a URL and an excerpt, and what it keeps. */
class RedactionTest {

  private final Redaction r = Redaction.of(List.of("X-Api-Key"), false);

  @Test
  void commandLineHidesSecretHeaderValuesAndUrlPasswordsOnly() {
    assertEquals(
        "java -jar client.jar 1 2 -H Authorization: *** --header x-api-key: ***"
            + " --header=COOKIE: *** -H Accept: text/plain --url https://u:***@127.0.0.1:1/p?q=a@b"
            + " --redact-header X-Api-Key",
        r.commandLine(
            "java -jar client.jar ",
            "1",
            "2",
            "-H",
            "Authorization: Bearer t0k",
            "--header",
            "x-api-key: k",
            "--header=COOKIE: a=b",
            "-H",
            "Accept: text/plain",
            "--url",
            "https://u:p%40ss@127.0.0.1:1/p?q=a@b",
            "--redact-header",
            "X-Api-Key"));
  }

  @Test
  void urlWithoutPasswordIsKept() {
    assertEquals("http://user@127.0.0.1/x", r.url("http://user@127.0.0.1/x"));
    assertEquals("http://127.0.0.1/a@b", r.url("http://127.0.0.1/a@b"));
    assertEquals("GET http://u:***@h/x", r.url("GET http://u:pw@h/x"));
  }

  @Test
  void noRedactKeepsEverything() {
    Redaction keep = Redaction.of(List.of("X-Api-Key"), true);
    assertEquals(
        "x -H Authorization: Bearer t http://u:p@h/",
        keep.commandLine("x ", "-H", "Authorization: Bearer t", "http://u:p@h/"));
    assertEquals("k", keep.value("x-api-key", "k"));
  }

  @Test
  void excerptHidesCapturedValuesBeforeItIsCut() {
    Vars vars = new Vars(0, "", 0, 1, 2);
    byte[] token = "tok-123456".getBytes(StandardCharsets.UTF_8);
    vars.set(0, token, 0, token.length);
    vars.set(1, "42".getBytes(StandardCharsets.UTF_8), 0, 2);
    byte[] body = "{\"t\":\"tok-123456\",\"n\":42}".getBytes(StandardCharsets.UTF_8);
    assertEquals(
        "\"{\\\"t\\\":\\\"***\\\",\\\"n\\\":42}\"", Excerpt.of(body, body.length, 80, r, vars));
    // Cut after hiding: no prefix of the value shows where the excerpt ends.
    assertEquals("\"{\\\"t\\\":\\\"**\"...", Excerpt.of(body, body.length, 8, r, vars));
    assertEquals(
        "\"{\\\"t\\\":\\\"tok-123456\\\",\\\"n\\\":42}\"",
        Excerpt.of(body, body.length, 80, Redaction.NONE, vars));
  }
}
