package io.phaseload.client.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TargetTest {

  @Test
  void hostPortAndPathMakeAnHttpUrl() {
    Target t = Target.of("127.0.0.1", 8080, "/sayHello");
    assertEquals("http://127.0.0.1:8080/sayHello", t.toString());
    assertEquals(8080, t.port());
    assertEquals("/sayHello", t.pathAndQuery());
    assertFalse(t.tls());
    assertEquals("http://127.0.0.1:8080/x", Target.of("127.0.0.1", 8080, "x").toString());
  }

  @Test
  void urlsKeepTheirQueryAndDefaultPorts() {
    Target t = Target.parse("https://abc.execute-api.us-west-2.amazonaws.com/Prod/sayHello");
    assertTrue(t.tls());
    assertEquals(443, t.port());
    assertEquals("/Prod/sayHello", t.pathAndQuery());
    assertEquals("/work?ms=20", Target.parse("http://127.0.0.1:1/work?ms=20").pathAndQuery());
    assertEquals(80, Target.parse("http://localhost").port());
    assertEquals("/", Target.parse("http://localhost").pathAndQuery());
  }

  @Test
  void badUrlsSayWhatIsWrong() {
    assertEquals(
        "unsupported URL scheme 'ftp' in ftp://x/y: use http or https",
        assertThrows(IllegalArgumentException.class, () -> Target.parse("ftp://x/y")).getMessage());
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Target.parse("http://exa mple"))
            .getMessage()
            .startsWith("malformed URL"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Target.parse("sayHello"))
            .getMessage()
            .startsWith("malformed URL"));
    assertEquals(
        "PORT must be between 1 and 65535, got 70000",
        assertThrows(IllegalArgumentException.class, () -> Target.of("h", 70000, "/"))
            .getMessage());
  }
}
