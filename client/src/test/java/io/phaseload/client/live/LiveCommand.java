package io.phaseload.client.live;

import io.phaseload.client.cli.Main;
import io.phaseload.client.stats.Analysis;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real command line run on a thread of the test's, so that the test can look at the live page
 * and the metrics while it runs and while its final page lingers; {@link #stop} is Ctrl-C.
 */
final class LiveCommand implements AutoCloseable {

  private static final Pattern URL = Pattern.compile("Live page: (http://\\S+/) ");

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final List<Analysis> runs = new CopyOnWriteArrayList<>();
  private final Main main;
  private final ExecutorService thread = Executors.newSingleThreadExecutor();
  private final Future<Integer> code;

  LiveCommand(String... args) {
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    main = new Main(o, e).observe(runs::add);
    code = thread.submit(() -> main.run(args));
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** The live page's URL, once the command printed it; null before. */
  String url() {
    Matcher m = URL.matcher(out());
    return m.find() ? m.group(1) : null;
  }

  /** Whether the run is over and its final page is served. */
  boolean lingering() {
    return out().contains("Final page at ");
  }

  boolean done() {
    return code.isDone();
  }

  Analysis finished() {
    return runs.get(0);
  }

  /** Ctrl-C, then the exit code (the run's, when it came while the final page lingered). */
  int stop() throws Exception {
    main.interrupt();
    return code.get(60, TimeUnit.SECONDS);
  }

  /** The exit code, once the command ends by itself. */
  int code() throws Exception {
    return code.get(120, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    main.interrupt();
    thread.shutdownNow();
  }
}
