package io.phaseload.client.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The jar keeps and sends cookies by RFC 6265's rules for domain, path, expiry and Secure. */
class CookieJarTest {

  private static final long NOW = 1_800_000_000_000L;

  private static String header(CookieJar jar, String host, boolean https, String path) {
    ByteBuf out = new ByteBuf(64);
    byte[] p = ("GET " + path).getBytes(StandardCharsets.US_ASCII);
    jar.appendHeader(host, https, p, 4, p.length, NOW, out);
    return new String(out.array(), 0, out.length(), StandardCharsets.US_ASCII);
  }

  @Test
  void aCookieGoesBackToItsHostOnItsPath() {
    CookieJar jar = new CookieJar();
    jar.receive("sid=abc; Path=/; HttpOnly", "127.0.0.1", "/", NOW);
    jar.receive("pref=1; Path=/app", "127.0.0.1", "/", NOW);
    assertEquals("Cookie: sid=abc\r\n", header(jar, "127.0.0.1", false, "/other?x=1"));
    assertEquals("Cookie: sid=abc; pref=1\r\n", header(jar, "127.0.0.1", false, "/app/items"));
    assertEquals("Cookie: sid=abc; pref=1\r\n", header(jar, "127.0.0.1", false, "/app?q"));
    assertEquals("Cookie: sid=abc\r\n", header(jar, "127.0.0.1", false, "/apple"));
    assertEquals("", header(jar, "127.0.0.2", false, "/"), "host-only: not another host");
  }

  @Test
  void withoutAPathTheRequestsDirectoryIsItsPath() {
    assertEquals("/a", CookieJar.defaultPath("/a/login"));
    assertEquals("/", CookieJar.defaultPath("/login"));
    assertEquals("/", CookieJar.defaultPath("/"));
    assertEquals("/a/b", CookieJar.defaultPath("/a/b/c?x=/y"));
    CookieJar jar = new CookieJar();
    jar.receive("t=1", "h.test", CookieJar.defaultPath("/a/login"), NOW);
    assertEquals("Cookie: t=1\r\n", header(jar, "h.test", false, "/a/me"));
    assertEquals("", header(jar, "h.test", false, "/b"));
  }

  @Test
  void aDomainCookieGoesToItsSubdomainsAndAForeignOneIsRefused() {
    CookieJar jar = new CookieJar();
    jar.receive("d=1; Domain=.example.com; Path=/", "www.example.com", "/", NOW);
    jar.receive("x=1; Domain=other.org; Path=/", "www.example.com", "/", NOW);
    assertEquals(1, jar.size(), "a domain the host is not in is ignored");
    assertEquals("Cookie: d=1\r\n", header(jar, "api.example.com", false, "/"));
    assertEquals("Cookie: d=1\r\n", header(jar, "example.com", false, "/"));
    assertEquals("", header(jar, "badexample.com", false, "/"));
  }

  @Test
  void secureOnlyOverHttpsAndExpiredOnesGo() {
    CookieJar jar = new CookieJar();
    jar.receive("s=1; Secure; Path=/", "h.test", "/", NOW);
    jar.receive("old=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Path=/", "h.test", "/", NOW);
    jar.receive("brief=1; Max-Age=60; Path=/", "h.test", "/", NOW - 61_000);
    assertEquals("", header(jar, "h.test", false, "/"));
    assertEquals("Cookie: s=1\r\n", header(jar, "h.test", true, "/"));
    assertEquals(1, jar.size(), "the expired are dropped");
  }

  @Test
  void aNewValueReplacesTheOldAndMaxAgeZeroDeletes() {
    CookieJar jar = new CookieJar();
    jar.receive("sid=a; Path=/", "h.test", "/", NOW);
    jar.receive("sid=b; Path=/", "h.test", "/", NOW);
    assertEquals("Cookie: sid=b\r\n", header(jar, "h.test", false, "/"));
    jar.receive("sid=; Max-Age=0; Path=/", "h.test", "/", NOW);
    assertTrue(jar.isEmpty());
    jar.receive("garbage", "h.test", "/", NOW);
    jar.receive("=nameless", "h.test", "/", NOW);
    assertTrue(jar.isEmpty(), "what cannot be parsed is ignored");
  }
}
