package io.phaseload.client.live;

import io.prometheus.metrics.exporter.pushgateway.PushGateway;
import io.prometheus.metrics.exporter.pushgateway.Scheme;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code --push URL}: the live output that pushes the run's Prometheus metrics ({@link
 * LiveMetrics}) to a Pushgateway, by the Java client's own {@link PushGateway}, job {@code
 * phaseload} (and the grouping key {@code shard} for a shard): once before the run, so that a
 * gateway that does not take it is refused before a request is sent, every {@link #EVERY} on a
 * thread of its own during the run, and once after it. Each push is a PUT, which replaces the
 * group's metrics with these: every counter is cumulative, so the last push holds the whole run. A
 * push that fails during the run is counted, in the metrics too, and the run goes on.
 *
 * <p>Threads as {@link LiveOutput}'s; one push at a time.
 */
final class PushgatewayOutput implements LiveOutput {

  /** Pushes this often during the run: a few per minute, as a scrape interval would be. */
  static final Duration EVERY = Duration.ofSeconds(5);

  /** How long one push may take before it counts as failed: well under the push period. */
  static final Duration TIMEOUT = Duration.ofSeconds(3);

  private final URI gateway;
  private final LiveMetrics metrics;
  private final PushGateway client;
  private final ScheduledExecutorService pushes =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "phaseload-push");
            t.setDaemon(true);
            return t;
          });
  private final AtomicLong pushed = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private volatile String lastError;

  /**
   * @param gateway the gateway's base URL, as {@code --push} gave it
   * @param shard the shard's label ("0/3"); null for a whole plan
   * @param metrics what to push; push failures are counted in it
   */
  PushgatewayOutput(URI gateway, String shard, LiveMetrics metrics) {
    this.gateway = gateway;
    this.metrics = metrics;
    PushGateway.Builder builder =
        PushGateway.builder()
            .address(gateway.getRawAuthority())
            .scheme("https".equals(gateway.getScheme()) ? Scheme.HTTPS : Scheme.HTTP)
            .job("phaseload")
            .registry(metrics.registry())
            .connectionTimeout(TIMEOUT)
            .readTimeout(TIMEOUT);
    if (shard != null) {
      builder.groupingKey("shard", shard);
    }
    this.client = builder.build();
  }

  /** The first push. */
  @Override
  public void open(LiveRun run) throws LiveRefusedException {
    try {
      push();
    } catch (IOException e) {
      throw new LiveRefusedException(
          "--push " + gateway + ": the first push failed: " + describe(e));
    }
    pushed.incrementAndGet();
  }

  @Override
  public void runStarted() {
    long every = EVERY.toMillis();
    pushes.scheduleAtFixedRate(this::pushNow, every, every, TimeUnit.MILLISECONDS);
  }

  /** Stops the pushes during the run and makes the last. */
  @Override
  public void finished(String finalPage) throws InterruptedException {
    pushes.shutdownNow();
    pushes.awaitTermination(TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS);
    pushNow();
  }

  /** The pushes' line, with the failed ones counted. */
  @Override
  public void report(PrintStream out) {
    out.println(
        "Pushed to "
            + gateway
            + ": "
            + pushed.get()
            + " pushes"
            + (failures.get() == 0
                ? ""
                : ", " + failures.get() + " failed (last: " + lastError + ")"));
  }

  @Override
  public void close() {
    pushes.shutdownNow();
  }

  private void pushNow() {
    try {
      push();
      pushed.incrementAndGet();
    } catch (IOException | RuntimeException e) {
      failures.incrementAndGet();
      metrics.pushFailed();
      lastError = e instanceof IOException io ? describe(io) : e.toString();
    }
  }

  /**
   * Pushes the registry's metrics as they are now.
   *
   * @throws IOException if the gateway did not take them (no answer, or not a 2xx status)
   */
  private synchronized void push() throws IOException {
    client.push();
  }

  private static String describe(IOException e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }
}
