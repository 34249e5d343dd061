package io.phaseload.client.live;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.PhaseListener;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A run watched while it goes ({@code --live}, {@code --push}, and any output a caller adds): its
 * live outputs ({@link LiveOutput}) opened before the run, so that a port in use or a gateway that
 * does not answer is refused before a request is sent; its {@link #listener} joins the run and
 * feeds them; {@link #finished} after it hands them the last figures and the final page; {@link
 * #linger} keeps the final page up.
 *
 * <p>For the command's thread; {@link #stopLingering} and {@link #close} from any thread.
 */
public final class Live implements AutoCloseable {

  private final LiveConfig config;
  private final LiveOutputs outputs;
  private final LiveEndpoint endpoint;
  private final LiveFeed feed;
  private final CountDownLatch stop = new CountDownLatch(1);

  private Live(LiveConfig config, LiveOutputs outputs, LiveEndpoint endpoint, LiveFeed feed) {
    this.config = config;
    this.outputs = outputs;
    this.endpoint = endpoint;
    this.feed = feed;
  }

  /**
   * The most heap the live page's window of latencies may take in a run of {@code plan}, for the
   * heap check before the run.
   */
  public static long heapBytes(LoadPlan plan) {
    return LiveSeries.windowBytes(plan);
  }

  /**
   * Opens the outputs {@code config} asks for, then {@code more}, before the run: binds the live
   * port, makes a first push.
   *
   * @param config {@code --live} and {@code --push}; null for neither
   * @param more outputs besides those, told the same
   * @param title the live page's title
   * @param commandLine the command that runs, as the page quotes it
   * @throws LiveRefusedException with one line for a person if an output cannot work: the port
   *     cannot be bound, the gateway does not take a push
   */
  public static Live open(
      LiveConfig config, List<LiveOutput> more, LoadPlan plan, String title, String commandLine)
      throws LiveRefusedException {
    List<LiveOutput> all = new ArrayList<>();
    LiveEndpoint endpoint = null;
    if (config != null) {
      // A new output of the command line's is made here, from its option.
      LiveMetrics metrics = new LiveMetrics(plan.requestNames(), config.shard());
      all.add(metrics);
      if (config.address() != null) {
        endpoint = new LiveEndpoint(config.address(), metrics.registry());
        all.add(endpoint);
      }
      if (config.push() != null) {
        all.add(new PushgatewayOutput(config.push(), config.shard(), metrics));
      }
    }
    all.addAll(more);
    LiveOutputs outputs = new LiveOutputs(all);
    outputs.open(new LiveRun(plan, title, commandLine));
    return new Live(config, outputs, endpoint, new LiveFeed(plan, outputs));
  }

  /** The page's URL, for the line printed before the run; null without {@code --live}. */
  public String url() {
    return endpoint == null ? null : endpoint.url();
  }

  /** What joins the run: reads its recording once a second and hands it to the outputs. */
  public PhaseListener listener() {
    return feed;
  }

  /**
   * After the run: reads what is left of the recording (exact now) and hands it to the outputs,
   * then {@code finalPage}: the page's address serves it, the last push is made.
   *
   * @param finalPage the final report page; null to keep the last live one
   */
  public void finished(String finalPage) throws InterruptedException {
    feed.finish();
    outputs.finished(finalPage);
  }

  /** After the run: the outputs' lines (the pushes', with the failed ones counted). */
  public void report(PrintStream out) {
    outputs.report(out);
  }

  /**
   * Serves the final page until {@link #stopLingering} (Ctrl-C) or for {@code --live-linger}; at
   * once without {@code --live}.
   */
  public void linger(PrintStream out) throws InterruptedException {
    if (endpoint == null) {
      return;
    }
    Duration linger = config.linger();
    if (linger == null && !stdinIsTerminal()) {
      // No one is there to press Ctrl-C (CI, a script, nohup): a wait for it would never end.
      out.println(
          "Final page not kept: standard input is not a terminal, so no Ctrl-C could end it;"
              + " keep it with --live-linger D");
    } else if (linger == null) {
      out.println("Final page at " + url() + " until Ctrl-C");
      out.flush();
      stop.await();
    } else if (!linger.isZero()) {
      out.println("Final page at " + url() + " for " + linger.toSeconds() + " s (--live-linger)");
      out.flush();
      stop.await(linger.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /**
   * Whether standard input is a terminal, someone's there to press Ctrl-C: on Linux what {@code
   * /proc/self/fd/0} names, elsewhere whether the JVM has a console.
   */
  static boolean stdinIsTerminal() {
    Path stdin = Path.of("/proc/self/fd/0");
    try {
      String real = stdin.toRealPath().toString();
      return real.startsWith("/dev/pts/") || real.startsWith("/dev/tty");
    } catch (IOException | RuntimeException e) {
      return System.console() != null;
    }
  }

  /** Ends {@link #linger} at once. */
  public void stopLingering() {
    stop.countDown();
  }

  @Override
  public void close() {
    stopLingering();
    outputs.close();
  }
}
