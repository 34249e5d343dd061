package io.phaseload.client.capacity;

import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@link Lateness} of an open-model recording's phases, or windows of them, read in two passes
 * over it, in memory bounded by the iterations in flight and the record's disorder, never by its
 * arrivals: a day's record is read as an hour's is.
 *
 * <p>Every iteration (an arrival's requests, from its first send to its last answer) is an event
 * that puts one more in flight at its begin and one fewer at its end. The figures ask how many were
 * in flight at moments: at each arrival's begin (the peak) and at each late arrival's due time
 * (whether every thread was busy). Those questions are events too, and a sweep through all of them
 * in order of time answers each with a counter. A record read from disk gives its iterations in
 * about the order they ended, not of time; so the events wait in a heap until no iteration still to
 * come can have one before them. That floor comes from the first pass: the earliest moment each
 * chunk of {@value #CHUNK} requests (in the order the recording gives them) holds, so that from any
 * chunk on, the earliest event still to come is known. The first pass also finds the iterations
 * recorded short (cut by the end of a run), whose last request is then the one recorded.
 *
 * <p>Both passes must read the requests in one order, as every recording gives them; the second
 * checks it, and a recording read in another order is an error, never a wrong figure.
 */
public final class LatenessSweep {

  /**
   * Requests a floor is kept for: few enough that the events waiting stay a heap of some thousands,
   * which a cache holds; a day's record keeps 211,000 floors.
   */
  private static final int CHUNK = 1 << 12;

  /** Event kinds below {@link #QUERY}: one more in flight, one fewer. */
  private static final int BEGIN = 0;

  private static final int END = 1;

  /** Kinds from here on ask a window's question: {@code QUERY + 2w} its peak, {@code +1} busy. */
  private static final int QUERY = 2;

  private LatenessSweep() {}

  /**
   * The lateness of {@code ran}, an open-model phase of {@code run}, from its recording; {@link
   * #NONE} without reading it when the phase had no late arrival. Empty for a merge of generators'
   * records: their threads were not one pool, so "every thread busy" has no meaning there.
   */
  public static Optional<Lateness> of(RunResult run, PhaseResult ran) {
    if (run.merged()) {
      return Optional.empty();
    }
    if (ran.arrivals() == null || ran.arrivals().late() == 0) {
      return Optional.of(Lateness.NONE);
    }
    return Optional.of(of(run.recording(), ran.phase().index(), run.plan().threads(ran.phase())));
  }

  /** The lateness of phase {@code phase} of an open-model recording run with {@code threads}. */
  public static Lateness of(LatencyRecorder rec, int phase, int threads) {
    return of(rec, List.of(Window.of(phase, threads))).get(0);
  }

  /**
   * The lateness of each of {@code windows} of an open-model recording, in their order, in two
   * passes over it ({@link LatenessSweep}). The iterations in flight are every phase's: the run's
   * arrivals are one schedule through its phases, taken by the same users, so an iteration of an
   * earlier phase still running holds a thread the phase's arrivals wait for.
   */
  public static List<Lateness> of(LatencyRecorder rec, List<Window> windows) {
    return read(rec, windows);
  }

  /**
   * The arrivals of phase {@code phase} due from {@code fromNanos} until {@code toNanos} (on the
   * recording's time axis; a window of a ramp, or the whole phase), run with {@code threads}.
   */
  public record Window(int phase, int threads, long fromNanos, long toNanos) {

    /** The whole of phase {@code phase}. */
    public static Window of(int phase, int threads) {
      return new Window(phase, threads, Long.MIN_VALUE, Long.MAX_VALUE);
    }
  }

  private static List<Lateness> read(LatencyRecorder rec, List<Window> windows) {
    Scan scan = new Scan();
    rec.each(scan::slot);
    Sweep sweep = new Sweep(windows, scan.floors(), scan.units.open);
    rec.each(sweep::slot);
    return sweep.finish();
  }

  /**
   * The iterations of many requests not yet read whole; the times of the one a request completes.
   * Begin, due and end of an iteration are its first request's start and intended start, and the
   * latest start + latency of its requests, as {@link io.phaseload.client.result.UnitTimes} has
   * them.
   */
  private static final class Units {

    /**
     * Iteration (its {@link LatencyRecorder#unitIndex}) to begin + 1 (0 unread), due, end, seen.
     */
    final Map<Integer, long[]> open = new HashMap<>();

    /** Iterations recorded short: how many of their requests the record holds. */
    private final Map<Integer, long[]> shortOnes;

    /** The times of the iteration completed last: begin, due, end; begin -1 if unread. */
    final long[] done = new long[3];

    Units(Map<Integer, long[]> shortOnes) {
      this.shortOnes = shortOnes;
    }

    /** The phase of the slot read last, whether it was its iteration's first, and its due time. */
    int phase;

    boolean first;
    long due;

    /** Reads slot {@code k} into its iteration; true if that completed it ({@link #done}). */
    boolean add(LatencyRecorder rec, int k) {
      long region = rec.region(k);
      phase = (int) (region >>> 32);
      int q = (int) region;
      int perUnit = rec.perUnit(q);
      int at = k - rec.start(phase, q, 0);
      long start = rec.startNanos(k);
      long end = start + rec.latencyNanos(k);
      first = at % perUnit == 0;
      due = first && rec.hasIntendedStarts() ? rec.intendedNanos(k) : start;
      if (perUnit == 1) {
        done[0] = start;
        done[1] = due;
        done[2] = end;
        return true;
      }
      int u = rec.unitBase(phase, q) + at / perUnit;
      long[] unit = open.computeIfAbsent(u, x -> new long[4]);
      if (first) {
        unit[0] = start + 1;
        unit[1] = due;
      }
      unit[2] = Math.max(unit[2], end);
      unit[3]++;
      long[] recorded = shortOnes == null ? null : shortOnes.get(u);
      if (unit[3] < (recorded == null ? perUnit : recorded[3])) {
        return false;
      }
      open.remove(u);
      if (unit[0] == 0) {
        return false; // its first request unread: no iteration to count, as UnitTimes has it
      }
      done[0] = unit[0] - 1;
      done[1] = unit[1];
      done[2] = unit[2];
      return true;
    }

    /** The earliest event of the iterations not yet read whole whose first request was read. */
    long floor() {
      long floor = Long.MAX_VALUE;
      for (long[] unit : open.values()) {
        if (unit[0] != 0) {
          floor = Math.min(floor, Math.min(unit[0] - 1, unit[1]));
        }
      }
      return floor;
    }
  }

  /** The first pass: each chunk's earliest moment, and the iterations recorded short. */
  private static final class Scan {
    private final Units units = new Units(null);
    private long[] mins = new long[16];
    private int chunks;
    private int inChunk = CHUNK;

    void slot(LatencyRecorder rec, int k) {
      if (inChunk == CHUNK) {
        if (chunks == mins.length) {
          mins = Arrays.copyOf(mins, 2 * chunks);
        }
        mins[chunks++] = Long.MAX_VALUE;
        inChunk = 0;
      }
      inChunk++;
      units.add(rec, k);
      if (units.first) {
        long start = rec.startNanos(k);
        mins[chunks - 1] = Math.min(mins[chunks - 1], Math.min(start, units.due));
      }
    }

    /** For each chunk, the earliest moment of it and of every chunk after it; then MAX_VALUE. */
    long[] floors() {
      long[] floors = Arrays.copyOf(mins, chunks + 1);
      floors[chunks] = Long.MAX_VALUE;
      for (int c = chunks - 1; c >= 0; c--) {
        floors[c] = Math.min(floors[c], floors[c + 1]);
      }
      return floors;
    }
  }

  /** The second pass: the events, in a heap until the floor passes them, then in order. */
  private static final class Sweep {
    private final List<Window> windows;
    private final long[] floors;
    private final Units units;

    private final long[] late;
    private final long[] busy;
    private final int[] peak;
    private final long[] held;
    private final long[] counted;

    /**
     * The events waiting, a binary heap: each one's time, doubled, plus 1 for a question (times are
     * nanoseconds from the run's start, far inside half a long's range).
     */
    private long[] keys = new long[1024];

    private int[] kinds = new int[1024];
    private int size;

    /** Everything before this was answered; an event before it is one read out of order. */
    private long answered = Long.MIN_VALUE;

    private int inFlight;
    private int chunk;
    private int inChunk;

    Sweep(List<Window> windows, long[] floors, Map<Integer, long[]> shortOnes) {
      this.windows = windows;
      this.floors = floors;
      this.units = new Units(shortOnes);
      int n = windows.size();
      late = new long[n];
      busy = new long[n];
      peak = new int[n];
      held = new long[n];
      counted = new long[n];
    }

    void slot(LatencyRecorder rec, int k) {
      if (units.add(rec, k)) {
        iteration(units.phase, units.done[0], units.done[1], units.done[2]);
      }
      if (++inChunk == CHUNK) {
        inChunk = 0;
        chunk++;
        answerBefore(Math.min(floors[Math.min(chunk, floors.length - 1)], units.floor()));
      }
    }

    /** One iteration read whole: its events, and what its windows count of it at once. */
    private void iteration(int phase, long begin, long due, long end) {
      push(begin, BEGIN);
      push(end, END);
      for (int w = 0; w < windows.size(); w++) {
        Window window = windows.get(w);
        if (window.phase() != phase || due < window.fromNanos() || due >= window.toNanos()) {
          continue;
        }
        if (end > begin) {
          held[w] += end - begin;
          counted[w]++;
        }
        push(begin, QUERY + 2 * w);
        if (begin - due > ArrivalStats.LATE_NANOS) {
          late[w]++;
          push(due, QUERY + 2 * w + 1);
        }
      }
    }

    List<Lateness> finish() {
      // What the record left short and unread whole (its first request unread) is no iteration.
      answerBefore(Long.MAX_VALUE);
      List<Lateness> out = new ArrayList<>(windows.size());
      for (int w = 0; w < windows.size(); w++) {
        out.add(
            new Lateness(
                late[w],
                busy[w],
                late[w] - busy[w],
                peak[w],
                counted[w] == 0 ? 0 : held[w] / counted[w]));
      }
      return out;
    }

    /** Answers, in order, every event before {@code floor}: no event still to come is. */
    private void answerBefore(long floor) {
      while (size > 0 && keys[0] >> 1 < floor) {
        int kind = kinds[0];
        pop();
        if (kind == BEGIN) {
          inFlight++;
        } else if (kind == END) {
          inFlight--;
        } else {
          int w = (kind - QUERY) >>> 1;
          if (((kind - QUERY) & 1) == 0) {
            peak[w] = Math.max(peak[w], inFlight);
          } else if (inFlight >= windows.get(w).threads()) {
            busy[w]++;
          }
        }
      }
      answered = Math.max(answered, floor == Long.MAX_VALUE ? answered : floor);
    }

    private void push(long time, int kind) {
      if (time < answered) {
        throw new IllegalStateException(
            "the recording gave its requests in another order on its second reading");
      }
      if (size == keys.length) {
        keys = Arrays.copyOf(keys, 2 * size);
        kinds = Arrays.copyOf(kinds, 2 * size);
      }
      // At one moment, iterations begin and end before the questions asked of it are answered.
      long key = 2 * time + (kind < QUERY ? 0 : 1);
      int i = size++;
      for (int parent; i > 0 && key < keys[parent = (i - 1) >>> 1]; i = parent) {
        put(i, keys[parent], kinds[parent]);
      }
      put(i, key, kind);
    }

    private void pop() {
      long key = keys[--size];
      int kind = kinds[size];
      int i = 0;
      for (int child; (child = 2 * i + 1) < size; i = child) {
        if (child + 1 < size && keys[child + 1] < keys[child]) {
          child++;
        }
        if (key <= keys[child]) {
          break;
        }
        put(i, keys[child], kinds[child]);
      }
      put(i, key, kind);
    }

    private void put(int i, long key, int kind) {
      keys[i] = key;
      kinds[i] = kind;
    }
  }
}
