package io.phaseload.client.bench;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenStages;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.plan.Stage;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.record.RecordFileException;
import io.phaseload.client.record.RecordWriter;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.GeneratorLoad;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.RunView;
import io.phaseload.client.result.SlotWords;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The soak benchmark's day: writes the record of an open-model run of HOURS at RATE arrivals a
 * second (one GET each, 50 threads) without sending anything, as a run writes it: through {@link
 * RecordWriter}, pages dropped once on disk, so that a day's 864 M requests are written in bounded
 * memory, and {@code report} can be timed on a record longer than this machine could run. Arrivals
 * due evenly, begun 20 to 80 us after their time and one in 2,000 over a millisecond late;
 * latencies log-normal around 1 ms; one in 100 an HTTP 503. Prints one line.
 *
 * <p>{@code java -Xmx1g -cp client.jar io.phaseload.client.bench.DayRecord FILE 24 10000}
 */
public final class DayRecord {

  /** The most slots the filler runs ahead of the writer: what the recording holds at most. */
  private static final long AHEAD = 4L << 20;

  private DayRecord() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length != 3) {
      System.err.println("usage: DayRecord FILE HOURS RATE");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    Duration length = Duration.ofSeconds(Math.round(Double.parseDouble(args[1]) * 3600));
    double rate = Double.parseDouble(args[2]);
    LoadPlan plan =
        OpenStages.plan(
            50, List.of(new Stage(rate, rate, length)), Spacing.UNIFORM, List.of("GET"));
    List<String> scenario = List.of("GET: GET /items/1");
    RunInfo info =
        RunInfo.of(
            plan,
            "loop",
            "platform",
            Duration.ofSeconds(5),
            Duration.ofSeconds(30),
            "http://127.0.0.1:8080/items/1",
            false,
            0);
    LatencyRecorder rec = LatencyRecorder.sparse(plan, SlotWords.NONE);
    Reasons reasons = new Reasons();
    long epoch = System.currentTimeMillis() * 1_000_000L;
    String[] failed = {null};
    RecordWriter writer =
        new RecordWriter(
            file,
            (at, words) -> RecordFile.start(plan, scenario, at, 0, false, info, words),
            50,
            why -> failed[0] = why);
    writer.runStarted(
        new RunView() {
          @Override
          public LatencyRecorder recording() {
            return rec;
          }

          @Override
          public Reasons reasons() {
            return reasons;
          }

          @Override
          public GeneratorLoad generator() {
            return null;
          }
        });
    long started = System.nanoTime();
    writer.clockStarted(epoch);
    SplittableRandom random = new SplittableRandom(38);
    long arrivals = rec.units(0, 0);
    long written = 0;
    for (long a = 0; a < arrivals; a++) {
      long due = (long) (a * 1e9 / rate);
      long begin = due + 20_000 + random.nextInt(60_000);
      if (random.nextInt(2_000) == 0) {
        begin += 1_000_000 + random.nextInt(4_000_000);
      }
      rec.recordOpen(
          rec.start(0, 0, a),
          due,
          begin,
          Synthetic.latency(random),
          0,
          0,
          Synthetic.outcome(random));
      if ((a & 0xFFFF) == 0) {
        // The writer drops what it wrote; the filler waits while it is too far behind.
        while (rec.slotsAllocated() > AHEAD && failed[0] == null) {
          Thread.sleep(5);
        }
        if (failed[0] != null) {
          throw new IOException(failed[0]);
        }
      }
      written++;
    }
    PhaseResult phase = new PhaseResult(plan.phases().get(0), 0, length.toNanos(), true);
    writer.phaseFinished(phase);
    writer.drain();
    RunResult run =
        new RunResult(plan, epoch, length.toNanos(), List.of(phase), rec, reasons, null, 0, false);
    long bytes;
    try {
      // Its arrivals counted from the record, as a run by time's are once it is over.
      RunResult read = run.readFrom(RecordFile.streamed(file));
      bytes = writer.finish(RecordFile.header(read, info, scenario));
    } catch (RecordFileException e) {
      throw new IOException(e.getMessage(), e);
    }
    System.out.printf(
        Locale.ROOT,
        "file=%s requests=%d bytes=%d bytes_per_request=%.2f write_s=%.1f%n",
        file,
        written,
        bytes,
        (double) bytes / written,
        (System.nanoTime() - started) / 1e9);
  }
}
