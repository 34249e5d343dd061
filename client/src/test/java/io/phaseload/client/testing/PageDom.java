package io.phaseload.client.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads back what an {@code --html} page drew, from the DOM headless Chromium dumped ({@link
 * Chromium#dumpDom}): its self-check, its charts, its tables and texts. Stateless.
 */
public final class PageDom {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private PageDom() {}

  /** What the page recorded in #selfcheck: done, with no error. */
  public static JsonNode selfCheck(String dom) throws Exception {
    Matcher m =
        Pattern.compile("<pre id=\"selfcheck\"[^>]*>(.*?)</pre>", Pattern.DOTALL).matcher(dom);
    assertTrue(m.find(), "the page wrote its self-check");
    JsonNode check = MAPPER.readTree(unescape(m.group(1)));
    assertTrue(check.get("done").asBoolean());
    assertEquals(0, check.get("errors").size(), "errors on the page: " + check.get("errors"));
    return check;
  }

  /** Chart id to whether it drew: points handed to it and opaque pixels in its plot area. */
  public static Map<String, Boolean> drawn(JsonNode check) {
    Map<String, Boolean> out = new HashMap<>();
    for (JsonNode c : check.get("charts")) {
      out.put(c.get("id").asText(), c.get("points").asLong() > 0 && c.get("pixels").asLong() > 0);
    }
    return out;
  }

  /** The text of the element of id {@code id}. */
  public static String text(String dom, String id) {
    Matcher m = Pattern.compile("id=\"" + id + "\">([^<]*)<").matcher(dom);
    assertTrue(m.find(), "an element " + id);
    return unescape(m.group(1));
  }

  /** The cells of the table of id {@code id}'s body, row by row. */
  public static List<List<String>> table(String dom, String id) {
    int at = dom.indexOf("<table id=\"" + id + "\"");
    assertTrue(at >= 0, "table " + id);
    String body = dom.substring(dom.indexOf("<tbody>", at), dom.indexOf("</tbody>", at));
    List<List<String>> rows = new ArrayList<>();
    Matcher tr = Pattern.compile("<tr[^>]*>(.*?)</tr>").matcher(body);
    while (tr.find()) {
      List<String> cells = new ArrayList<>();
      Matcher td = Pattern.compile("<td[^>]*>(.*?)</td>").matcher(tr.group(1));
      while (td.find()) {
        cells.add(unescape(td.group(1)));
      }
      rows.add(cells);
    }
    return rows;
  }

  public static String unescape(String html) {
    return html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
  }
}
