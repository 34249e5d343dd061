package io.phaseload.client.record;

import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseListener;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunView;
import io.phaseload.client.result.SlotWords;
import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code --record FILE} as the run goes: from its own thread, once a {@link #PERIOD}, the requests
 * recorded since the last time, and the run's header as it stands, are written and made durable
 * ({@link RecordStream}), so that a process killed at any moment leaves a file that reads, short of
 * at most the last period's requests. The run's threads are never waited for and never wait.
 *
 * <p>A write that fails (a full disk, a lost volume) stops the run with its reason, once; what was
 * written still reads, as a cut run. {@link #finish} writes what is left and the end mark.
 */
public final class RecordWriter implements PhaseListener, AutoCloseable {

  /** How often the recording reaches the disk. */
  public static final Duration PERIOD = Duration.ofMillis(500);

  /**
   * The header of the run as it begins, given the instant its clock started and the words its
   * recording keeps after each request's own, which the header says as the file's frames hold them.
   */
  @FunctionalInterface
  public interface Start {
    RecordHeader at(long startEpochNanos, SlotWords words);
  }

  private final Path file;
  private final Start start;
  private final int inFlight;
  private final Consumer<String> stop;
  private final List<PhaseResult> done = new CopyOnWriteArrayList<>();
  private volatile LatencyRecorder recording;
  private volatile Reasons reasons;
  private volatile Thread thread;
  private final CountDownLatch ended = new CountDownLatch(1);
  private volatile String failure;
  private RecordHeader header;
  private RecordStream stream;
  private FileOutputStream out;

  /**
   * @param inFlight the most users (arrivals) the run has in flight at once
   * @param stop told, once, why the run must stop: the record cannot be written
   */
  public RecordWriter(Path file, Start start, int inFlight, Consumer<String> stop) {
    this.file = file;
    this.start = start;
    this.inFlight = inFlight;
    this.stop = stop;
  }

  @Override
  public void runStarted(RunView run) {
    recording = run.recording();
    reasons = run.reasons();
  }

  @Override
  public void clockStarted(long startEpochNanos) {
    Thread t = new Thread(() -> loop(startEpochNanos), "phaseload-record");
    t.setDaemon(true);
    thread = t;
    t.start();
  }

  @Override
  public void phaseFinished(PhaseResult result) {
    done.add(result);
  }

  private void loop(long startEpochNanos) {
    try {
      synchronized (this) {
        header = start.at(startEpochNanos, recording.words());
        out = new FileOutputStream(file.toFile());
        FileOutputStream sink = out;
        try {
          stream =
              new RecordStream(
                  new BufferedOutputStream(sink, 1 << 16),
                  () -> sink.getChannel().force(false),
                  header,
                  recording,
                  inFlight,
                  true);
          sink.getChannel().force(false);
        } catch (IOException e) {
          // A file without its whole header is no record: nothing is left at the path.
          sink.close();
          out = null;
          Files.deleteIfExists(file);
          throw e;
        }
      }
      // Woken by its latch, never interrupted: an interrupt would close the file's channel.
      while (!ended.await(PERIOD.toMillis(), TimeUnit.MILLISECONDS)) {
        stream.flush(standing(), false);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException | RuntimeException e) {
      fail(e);
    }
  }

  private RecordHeader standing() {
    return header.standing(List.copyOf(done), reasons.messages(), reasons.answers());
  }

  private void fail(Exception e) {
    if (failure == null) {
      failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      stop.accept("cannot write the record " + file + ": " + failure);
    }
  }

  /** Stops the writing thread and waits for it; the frame it is writing is finished first. */
  private void halt() {
    ended.countDown();
    Thread t = thread;
    if (t != null) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Once the run is over, writes every request not yet written and makes it durable, without the
   * end mark, so that the statistics can be read from the file ({@link RecordFile#streamed}) before
   * {@link #finish} ends it.
   *
   * @throws IOException if it or an earlier write failed
   */
  public void drain() throws IOException {
    halt();
    synchronized (this) {
      onStream(
          s -> {
            s.flush(standing(), true);
            return null;
          });
    }
  }

  /** What is written to the stream once the writing thread has stopped. */
  @FunctionalInterface
  private interface Last<T> {
    T write(RecordStream stream) throws IOException;
  }

  /**
   * Writes {@code last} to the stream, after the writing thread has stopped: refused with the first
   * failure's reason if a write failed, or if the run ended before its clock started; a failure
   * here is the run's failure, once.
   */
  private <T> T onStream(Last<T> last) throws IOException {
    try {
      if (failure != null) {
        throw new IOException(failure);
      }
      if (stream == null) {
        throw new IOException("the run ended before its clock started");
      }
      return last.write(stream);
    } catch (IOException | RuntimeException e) {
      fail(e);
      throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
    }
  }

  /** The file written. */
  public Path file() {
    return file;
  }

  /**
   * Writes the requests left and the run's final header, {@code header}, and closes the file.
   *
   * @return the file's size in bytes
   * @throws IOException if it or an earlier write failed, with the first failure's reason
   */
  public long finish(RecordHeader complete) throws IOException {
    halt();
    try {
      return onStream(s -> s.end(complete));
    } finally {
      close();
    }
  }

  @Override
  public void close() {
    halt();
    synchronized (this) {
      if (out != null) {
        try {
          out.close();
        } catch (IOException e) {
          fail(e);
        }
        out = null;
      }
    }
  }
}
