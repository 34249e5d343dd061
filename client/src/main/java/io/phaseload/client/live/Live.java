package io.phaseload.client.live;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.PhaseListener;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A run watched while it goes ({@code --live}, {@code --push}): opened before the run, so that a
 * port in use or a gateway that does not answer is refused before a request is sent; its {@link
 * #listener} joins the run; {@link #finished} after it serves the final page and pushes the last
 * figures; {@link #linger} keeps the final page up.
 *
 * <p>For the command's thread; {@link #stopLingering} and {@link #close} from any thread.
 */
public final class Live implements AutoCloseable {

  /** Pushes this often during the run: a few per minute, as a scrape interval would be. */
  static final Duration PUSH_EVERY = Duration.ofSeconds(5);

  private final LiveConfig config;
  private final LiveMetrics metrics;
  private final LiveServer server;
  private final Pusher pusher;
  private final LiveFeed feed;
  private final ScheduledExecutorService pushes;
  private final AtomicLong pushed = new AtomicLong();
  private final AtomicLong pushFailures = new AtomicLong();
  private final CountDownLatch stop = new CountDownLatch(1);
  private volatile String lastPushError;

  private Live(
      LiveConfig config, LiveMetrics metrics, LiveServer server, Pusher pusher, LiveFeed feed) {
    this.config = config;
    this.metrics = metrics;
    this.server = server;
    this.pusher = pusher;
    this.feed = feed;
    this.pushes =
        pusher == null
            ? null
            : Executors.newSingleThreadScheduledExecutor(
                r -> {
                  Thread t = new Thread(r, "phaseload-push");
                  t.setDaemon(true);
                  return t;
                });
  }

  /**
   * The most heap the live page's window of latencies may take in a run of {@code plan}, for the
   * heap check before the run.
   */
  public static long heapBytes(LoadPlan plan) {
    return LiveSeries.windowBytes(plan);
  }

  /**
   * Binds the live port and makes a first push, before the run.
   *
   * @param requestNames the names the metrics label requests with
   * @param title the live page's title
   * @param commandLine the command that runs, as the page quotes it
   * @throws LiveRefusedException with one line for a person if the port cannot be bound or the
   *     gateway does not take a push
   */
  public static Live open(LiveConfig config, LoadPlan plan, String title, String commandLine)
      throws LiveRefusedException {
    LiveMetrics metrics = new LiveMetrics(plan.requestNames(), config.shard());
    LiveServer server = null;
    if (config.address() != null) {
      try {
        server = LiveServer.start(config.address(), metrics.registry(), title);
      } catch (BindException e) {
        throw new LiveRefusedException(
            "--live " + hostPort(config) + ": cannot listen there: " + e.getMessage());
      } catch (IOException | RuntimeException e) {
        throw new LiveRefusedException("--live " + hostPort(config) + ": " + e);
      }
    }
    Pusher pusher = null;
    if (config.push() != null) {
      pusher = new Pusher(config.push(), config.shard(), metrics.registry());
      try {
        pusher.push();
      } catch (IOException e) {
        if (server != null) {
          server.close();
        }
        throw new LiveRefusedException(
            "--push " + config.push() + ": the first push failed: " + describe(e));
      }
    }
    LiveServer s = server;
    LiveFeed feed =
        new LiveFeed(plan, metrics, s == null ? page -> {} : s::update, title, commandLine);
    Live live = new Live(config, metrics, server, pusher, feed);
    live.pushed.incrementAndGet();
    return live;
  }

  private static String hostPort(LiveConfig config) {
    return config.address().getAddress().getHostAddress() + ":" + config.address().getPort();
  }

  private static String describe(IOException e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }

  /** The page's URL, for the line printed before the run; null without {@code --live}. */
  public String url() {
    if (server == null) {
      return null;
    }
    String host = config.address().getAddress().getHostAddress();
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    return "http://" + host + ":" + server.port() + "/";
  }

  /** What joins the run: reads its recording once a second, and starts the pushes. */
  public PhaseListener listener() {
    if (pushes != null) {
      long every = PUSH_EVERY.toMillis();
      pushes.scheduleAtFixedRate(this::pushNow, every, every, TimeUnit.MILLISECONDS);
    }
    return feed;
  }

  private void pushNow() {
    try {
      pusher.push();
      pushed.incrementAndGet();
    } catch (IOException | RuntimeException e) {
      pushFailures.incrementAndGet();
      metrics.pushFailed();
      lastPushError = e instanceof IOException io ? describe(io) : e.toString();
    }
  }

  /**
   * After the run: reads what is left of the recording (exact now), serves {@code finalPage} at the
   * page's address, and makes the last push.
   *
   * @param finalPage the final report page; null to keep the last live one
   */
  public void finished(String finalPage) throws InterruptedException {
    feed.finish();
    if (server != null && finalPage != null) {
      server.finish(finalPage);
    }
    if (pushes != null) {
      pushes.shutdownNow();
      pushes.awaitTermination(Pusher.TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS);
      pushNow();
    }
  }

  /** After the run: the pushes' line, if there were any, with the failed ones counted. */
  public void report(PrintStream out) {
    if (pusher != null) {
      out.println(
          "Pushed to "
              + pusher.target()
              + ": "
              + pushed.get()
              + " pushes"
              + (pushFailures.get() == 0
                  ? ""
                  : ", " + pushFailures.get() + " failed (last: " + lastPushError + ")"));
    }
  }

  /** Pushes that failed during and after the run. */
  public long pushFailures() {
    return pushFailures.get();
  }

  /**
   * Serves the final page until {@link #stopLingering} (Ctrl-C) or for {@code --live-linger}; at
   * once without {@code --live}.
   */
  public void linger(PrintStream out) throws InterruptedException {
    if (server == null) {
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
    if (pushes != null) {
      pushes.shutdownNow();
    }
    if (server != null) {
      server.close();
    }
  }
}
