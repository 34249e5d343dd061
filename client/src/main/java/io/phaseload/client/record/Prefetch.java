package io.phaseload.client.record;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.SlotWords;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A record read on a second core: a thread of its own reads a {@link LatencyRecorder.Source}'s
 * requests (the frames decoded, a shard's laid into the merge) into parts of {@value #PART}, while
 * the caller's visitor (the statistics) takes the parts read before. A pass then takes about as
 * long as the slower of the two, not both; on one core, the source is read in the caller's thread.
 *
 * <p>Each part is its own scratch recording, handed from one thread to the other through queues
 * (whose hand-over orders their writes before the other's reads), three in all, so that the heap
 * holds three parts whatever the record's length.
 */
final class Prefetch implements LatencyRecorder.Source {

  static final int PART = 1 << 16;

  /** Parts at once: one being read, one being visited, one waiting between them. */
  private static final int PARTS = 3;

  private final LoadPlan plan;
  private final SlotWords words;
  private final LatencyRecorder.Source source;

  Prefetch(LoadPlan plan, SlotWords words, LatencyRecorder.Source source) {
    this.plan = plan;
    this.words = words;
    this.source = source;
  }

  /** Some requests read, in a recording of their own, and their slots. */
  private static final class Part {
    final LatencyRecorder rec;
    final int[] slots = new int[PART];
    int count;

    Part(LatencyRecorder rec) {
      this.rec = rec;
    }
  }

  /** Marks the end of a pass in the queue of parts read. */
  private static final Part END = new Part(null);

  @Override
  public void each(LatencyRecorder.Visitor visitor) {
    if (Runtime.getRuntime().availableProcessors() < 2) {
      source.each(visitor);
      return;
    }
    LatencyRecorder layout = LatencyRecorder.sparse(plan, words);
    BlockingQueue<Part> free = new ArrayBlockingQueue<>(PARTS);
    BlockingQueue<Part> read = new ArrayBlockingQueue<>(PARTS + 1);
    for (int i = 0; i < PARTS; i++) {
      free.add(new Part(layout.scratch()));
    }
    Throwable[] failed = {null};
    Thread reader =
        new Thread(
            () -> {
              try {
                Part[] part = {free.take()};
                source.each(
                    (rec, k) -> {
                      Part p = part[0];
                      for (int w = 0; w < rec.stride(); w++) {
                        p.rec.setWord(k, w, rec.word(k, w));
                      }
                      p.slots[p.count++] = k;
                      if (p.count == PART) {
                        part[0] = handOver(p, read, free);
                      }
                    });
                if (part[0].count > 0) {
                  read.put(part[0]);
                }
              } catch (InterruptedException e) {
                return; // the caller gave up: no one takes what is read
              } catch (Throwable t) {
                failed[0] = t;
              }
              read.add(END);
            },
            "phaseload-record-read");
    reader.setDaemon(true);
    reader.start();
    try {
      for (Part p = take(read); p != END; p = take(read)) {
        for (int i = 0; i < p.count; i++) {
          visitor.slot(p.rec, p.slots[i]);
        }
        p.rec.clear();
        p.count = 0;
        free.add(p);
      }
      join(reader);
    } finally {
      reader.interrupt();
    }
    if (failed[0] instanceof RuntimeException e) {
      throw e;
    }
    if (failed[0] instanceof Error e) {
      throw e;
    }
    if (failed[0] != null) {
      throw new IllegalStateException(failed[0]);
    }
  }

  /** Hands a full part to the visiting thread; the next free one, once there is one. */
  private static Part handOver(Part full, BlockingQueue<Part> read, BlockingQueue<Part> free) {
    try {
      read.put(full);
      return free.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Stopped();
    }
  }

  /** Unwinds the reading thread's pass when the caller has stopped taking its parts. */
  private static final class Stopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stopped() {
      super(null, null, false, false);
    }
  }

  private static Part take(BlockingQueue<Part> read) {
    try {
      return read.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading a record", e);
    }
  }

  private static void join(Thread reader) {
    try {
      reader.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading a record", e);
    }
  }
}
