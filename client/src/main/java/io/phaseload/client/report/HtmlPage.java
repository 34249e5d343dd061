package io.phaseload.client.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One self-contained HTML file: the page template, its style and script, the uPlot charting library
 * from its WebJar on the classpath, and the data as JSON, all inlined, so that the file opens with
 * no network, years later. What the page shows is decided by the data: its {@code sections} list
 * names, in order, the sections the script renders (see {@code page.js}), so a new kind of section
 * is a name, a renderer and the data it reads. Stateless; for {@link HtmlReport} and the sweep.
 */
public final class HtmlPage {

  private static final String RESOURCES = "/io/phaseload/client/report/page/";
  private static final String WEBJAR = "META-INF/resources/webjars/uplot/";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * The script's parts, in order: page-main.js renders what the others define (page-live.js: a
   * run's live page, which follows the run's updates).
   */
  private static final List<String> SCRIPTS =
      List.of("page.js", "page-sweep.js", "page-answers.js", "page-live.js", "page-main.js");

  private HtmlPage() {}

  /**
   * Writes the page.
   *
   * @param title the page's title, plain text
   * @param data what the script renders: {@code sections} and whatever those sections read
   */
  public static void write(String title, Map<String, Object> data, Writer out) throws IOException {
    String template = resource(RESOURCES + "page.html");
    // In JSON '<' only occurs inside strings, where \u003c means the same: no "</script>" can end
    // the data's script element early.
    String json = MAPPER.writeValueAsString(data).replace("<", "\\u003c");
    String uplot = WEBJAR + uplotVersion() + "/dist/";
    Map<String, String> parts =
        Map.of(
            "title", escape(title),
            "style", resource(RESOURCES + "page.css"),
            "uplot-style", resource("/" + uplot + "uPlot.min.css"),
            "uplot", resource("/" + uplot + "uPlot.iife.min.js"),
            "data", json,
            "script", script());
    // One pass over the template: nothing inserted is searched for markers again.
    int at = 0;
    while (true) {
      int open = template.indexOf("{{", at);
      if (open < 0) {
        break;
      }
      int close = template.indexOf("}}", open);
      String part = parts.get(template.substring(open + 2, close));
      if (part == null) {
        throw new IllegalStateException(
            "page.html names no part " + template.substring(open, close));
      }
      out.write(template, at, open - at);
      out.write(part);
      at = close + 2;
    }
    out.write(template, at, template.length() - at);
  }

  /**
   * The page's script: the helpers and a run's sections, a sweep's and the answers' sections, then
   * what renders them; one script element, in one strict mode.
   */
  private static String script() throws IOException {
    StringBuilder b = new StringBuilder();
    for (String part : SCRIPTS) {
      b.append(resource(RESOURCES + part)).append('\n');
    }
    return b.toString();
  }

  /** The version of the uPlot WebJar on the classpath, as its Maven properties name it. */
  static String uplotVersion() {
    Properties p = new Properties();
    try (InputStream in =
        HtmlPage.class.getResourceAsStream(
            "/META-INF/maven/org.webjars.npm/uplot/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("the uPlot WebJar is not on the classpath");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p.getProperty("version");
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = HtmlPage.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Text for HTML: the five characters that could start markup or end an attribute. */
  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;")
        .replace("'", "&#39;");
  }
}
