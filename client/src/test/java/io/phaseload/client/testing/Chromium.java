package io.phaseload.client.testing;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's headless Chromium, run once per page with a fresh profile and no network: every host
 * name resolves to nothing and every connection goes to a proxy that is not there, so a page that
 * reached for anything outside its file would fail to load it. A page served on 127.0.0.1 reaches
 * that address only.
 */
public final class Chromium {

  public static final Path BINARY = Path.of("/usr/bin/chromium");

  private static final long TIMEOUT_SECONDS = 60;

  private Chromium() {}

  /** Whether Chromium is installed ({@code scripts/install-test-browser.sh}). */
  public static boolean installed() {
    return Files.isExecutable(BINARY);
  }

  /**
   * Skips the calling test, saying why on stdout and in the report, where Chromium is not
   * installed.
   *
   * @param test the test's name, for the line on stdout
   */
  public static void assumeInstalled(String test) {
    if (!installed()) {
      String why = BINARY + " is not installed (scripts/install-test-browser.sh)";
      System.out.println(test + " skipped: " + why);
      Assumptions.abort(why);
    }
  }

  /** The page's DOM after its scripts ran (and their timers, up to 3 s of virtual time). */
  public static String dumpDom(Path page) throws IOException, InterruptedException {
    return dumpFinished(page.toAbsolutePath().toUri().toString());
  }

  /**
   * The DOM of the page at {@code url} (a server on 127.0.0.1, which Chromium reaches without the
   * proxy), once its scripts ran and its connections ended.
   */
  public static String dumpDom(URI url) throws IOException, InterruptedException {
    return dumpFinished(url.toString());
  }

  /** A self-check that says it is done. */
  private static final Pattern DONE = Pattern.compile("done(&quot;|\")\\s*:\\s*true");

  /**
   * The DOM once the page's self-check, if it has one, says it is done. Chromium dumps the DOM when
   * its virtual time budget is spent, and work the page awaits that is not a timer (a chart's image
   * decoding) can still be under way on a busy machine; the page is then loaded afresh, up to three
   * times, and the last dump returned whatever it holds.
   */
  private static String dumpFinished(String url) throws IOException, InterruptedException {
    String dom = run(url, List.of("--dump-dom"));
    for (int attempt = 1; attempt < 3 && !finished(dom); attempt++) {
      dom = run(url, List.of("--dump-dom"));
    }
    return dom;
  }

  private static boolean finished(String dom) {
    return !dom.contains("id=\"selfcheck\"") || DONE.matcher(dom).find();
  }

  /** A PNG of the page, {@code width} x {@code height} pixels. */
  public static void screenshot(Path page, Path png, int width, int height)
      throws IOException, InterruptedException {
    screenshot(page.toAbsolutePath().toUri().toString(), png, width, height);
  }

  /** A PNG of the page at {@code url}, {@code width} x {@code height} pixels. */
  public static void screenshot(URI url, Path png, int width, int height)
      throws IOException, InterruptedException {
    screenshot(url.toString(), png, width, height);
  }

  private static void screenshot(String url, Path png, int width, int height)
      throws IOException, InterruptedException {
    run(
        url,
        List.of(
            "--hide-scrollbars",
            "--window-size=" + width + "," + height,
            "--screenshot=" + png.toAbsolutePath()));
    if (!Files.isRegularFile(png)) {
      throw new IOException("chromium wrote no screenshot " + png);
    }
  }

  private static String run(String url, List<String> action)
      throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory("phaseload-chromium");
    Path out = profile.resolve("stdout");
    Path err = profile.resolve("stderr");
    try {
      List<String> command = new ArrayList<>();
      command.add(BINARY.toString());
      command.addAll(
          List.of(
              "--headless",
              "--no-sandbox",
              "--disable-gpu",
              "--no-first-run",
              "--disable-background-networking",
              "--disable-component-update",
              "--disable-sync",
              "--disable-extensions",
              "--user-data-dir=" + profile.resolve("profile"),
              // A page served on 127.0.0.1 (the live page) is reached there, and nowhere else.
              url.startsWith("http://127.0.0.1:")
                  ? "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
                  : "--host-resolver-rules=MAP * ~NOTFOUND",
              "--proxy-server=127.0.0.1:9",
              "--virtual-time-budget=3000"));
      command.addAll(action);
      command.add(url);
      Process p =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("chromium did not finish in " + TIMEOUT_SECONDS + " s");
      }
      String stdout = Files.readString(out, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new IOException(
            "chromium exited "
                + p.exitValue()
                + ": "
                + Files.readString(err, StandardCharsets.UTF_8));
      }
      return stdout;
    } finally {
      try (Stream<Path> files = Files.walk(profile)) {
        for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(f);
        }
      }
    }
  }
}
