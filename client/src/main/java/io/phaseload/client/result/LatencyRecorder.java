package io.phaseload.client.result;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.request.Outcome;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Every request of a run, in pages of {@value #PAGE_SLOTS} slots packed as {@link RecordLayout}
 * says: {@value RecordLayout#BYTES_PER_REQUEST} bytes per request, more in the open model and for
 * the words a run measures besides ({@link SlotWords}: the connection it opens for each request,
 * its wait for an HTTP/2 stream). A plan of a known count has every page allocated before the run,
 * so that recording allocates nothing; a run by time ({@link #sparse}), whose users' iterations are
 * a bound and not a count, has a page allocated when its first slot is recorded, so that it holds
 * what was recorded, not what might have been.
 *
 * <p>Requests are stored phase by phase, in each phase population by population, each population's
 * users (closed model) or arrivals (open model) one after another, each one's requests in the order
 * it sent them: request {@code k} belongs to exactly one user or arrival.
 *
 * <p>Thread-safety: each user thread writes only its own slice, {@link #sliceStart}, so writes
 * never contend and need no lock; the thread that joins the phase's tasks (which happens-after
 * every write) may then read everything. A reader during the run ({@link RecordingCursor}) reads a
 * slot through {@link #publishedStartWord}: the start word is written last, with release semantics,
 * so a slot whose start word it sees has its other words in place.
 */
public final class LatencyRecorder {

  private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

  private static final int PAGE_BITS = 12;

  /** Slots per page: a page is 64 KiB of the closed model's slots. */
  public static final int PAGE_SLOTS = 1 << PAGE_BITS;

  private static final int PAGE_MASK = PAGE_SLOTS - 1;

  /**
   * A {@link #scratch} recording's pages are smaller: 128 slots. A part read from a record holds
   * runs of many users' slots, a few dozen each, and a page of 4,096 for each would allocate and
   * clear a thousand times what the part holds.
   */
  private static final int SCRATCH_PAGE_BITS = 7;

  /** The most a scratch recording keeps of its dropped pages for use again: 8 MiB. */
  private static final int SPARE_LONGS = (8 << 20) / Long.BYTES;

  private static final String STREAMED = "a recording read from disk is read through each()";

  /** The pages; one not yet allocated (a sparse recording's) holds no reached slot. */
  private final AtomicReferenceArray<long[]> pages;

  /** Pages allocated since the recording was made, and when {@link #full} is told. */
  private final AtomicInteger allocated = new AtomicInteger();

  private volatile int pageLimit = Integer.MAX_VALUE;
  private volatile Runnable full = () -> {};

  private final int capacity;
  private final boolean sparse;
  private final int stride;
  private final boolean open;

  /** The words each slot holds after a request's own. */
  private final SlotWords words;

  /** Where a request's connection times begin in its slot; -1 when the recording has none. */
  private final int connectionWord;

  /** Where a request's wait for an HTTP/2 stream is in its slot; -1 when the recording has none. */
  private final int streamWaitWord;

  /** The first slot of each phase's each population: its users' or arrivals' slots follow. */
  private final int[][] regionBase;

  /** Each phase's each population's users (closed model) or arrivals (open model). */
  private final int[][] units;

  /** Each population's slots per user (closed model) or arrival (open model). */
  private final int[] perUnit;

  private final int[] phaseBase;
  private final int[] phaseSlots;

  /** The {@link #unitIndex} of each phase's each population's first unit. */
  private final int[][] unitBase;

  /** The readers during the run, whose places in each slice bound what may be dropped. */
  private final List<Reader> readers = new CopyOnWriteArrayList<>();

  /** Whether a page of requests was dropped once on disk ({@link #releasePassed}). */
  private volatile boolean released;

  /** Where a recording read from disk holds its requests; null when the pages hold them. */
  private final Source source;

  /**
   * When a {@link #streamed} recording's last sent request started, once known: found by its source
   * as it first read the record, or by the first pass that asks; {@link Long#MIN_VALUE} until then.
   * Held only for a streamed recording, whose requests no longer change.
   */
  private volatile long lastSentStart = Long.MIN_VALUE;

  /** Slots per page, as a power of two: {@link #PAGE_SLOTS}, or fewer in a scratch recording. */
  private final int pageBits;

  private final int pageMask;

  /**
   * A {@link #scratch} recording's pages, which are few at once in a page table that may be far too
   * large to allocate (a run by time's plan bounds a billion slots), and those {@link #clear}
   * dropped, to be used again; null for others, whose pages are in {@link #pages}. Scratch
   * recordings are one thread's at a time.
   */
  private final ScratchPages scratchPages;

  private LatencyRecorder(
      int capacity,
      boolean sparse,
      int base,
      SlotWords words,
      int[][] regionBase,
      int[][] units,
      int[] perUnit,
      int[] phaseSlots) {
    this.capacity = capacity;
    this.sparse = sparse;
    // The layout decides what a request's words hold; the intended start is the word it adds.
    this.open = base == RecordLayout.OPEN_LONGS_PER_REQUEST;
    this.words = words;
    this.connectionWord = words.connections() ? base : -1;
    this.streamWaitWord =
        words.streamWait() ? base + (words.connections() ? RecordLayout.CONNECTION_LONGS : 0) : -1;
    this.stride = base + words.longs();
    this.regionBase = regionBase;
    this.units = units;
    this.perUnit = perUnit;
    this.phaseSlots = phaseSlots;
    this.source = null;
    this.scratchPages = null;
    this.pageBits = PAGE_BITS;
    this.pageMask = PAGE_MASK;
    this.phaseBase = new int[regionBase.length];
    this.unitBase = new int[regionBase.length][perUnit.length];
    int before = 0;
    for (int p = 0; p < regionBase.length; p++) {
      phaseBase[p] = regionBase[p][0];
      for (int q = 0; q < perUnit.length; q++) {
        unitBase[p][q] = before;
        before += units[p][q];
      }
    }
    this.pages = new AtomicReferenceArray<>((capacity + PAGE_MASK) >>> PAGE_BITS);
    if (!sparse) {
      for (int i = 0; i < pages.length(); i++) {
        pages.set(i, newPage(i));
      }
    }
  }

  /** A recording of {@code layout}'s layout whose requests {@code source} holds, or none. */
  private LatencyRecorder(LatencyRecorder layout, Source source) {
    this.capacity = layout.capacity;
    this.sparse = true;
    this.open = layout.open;
    this.words = layout.words;
    this.connectionWord = layout.connectionWord;
    this.streamWaitWord = layout.streamWaitWord;
    this.stride = layout.stride;
    this.regionBase = layout.regionBase;
    this.units = layout.units;
    this.perUnit = layout.perUnit;
    this.phaseSlots = layout.phaseSlots;
    this.phaseBase = layout.phaseBase;
    this.unitBase = layout.unitBase;
    this.source = source;
    this.pageBits = source == null ? SCRATCH_PAGE_BITS : PAGE_BITS;
    this.scratchPages = source == null ? new ScratchPages((1 << pageBits) * stride) : null;
    this.pageMask = (1 << pageBits) - 1;
    this.pages = new AtomicReferenceArray<>(0); // the source's, or the scratch pages', hold them
  }

  /**
   * Where a recording too large to hold at once is kept (a record on disk), read a part at a time:
   * what {@link #streamed} recordings read through.
   */
  @FunctionalInterface
  public interface Source {
    /**
     * Hands every slot it holds to {@code visitor}, once each, through recordings of the same
     * layout that hold a part of them at a time ({@link #scratch}).
     */
    void each(Visitor visitor);
  }

  /**
   * A recording of {@code plan} whose requests stay in {@code source} and are read a part at a time
   * by {@link #each}: it holds no page, and its slots cannot be read one by one, by {@link #word}
   * or {@link #next}, which refuse.
   */
  public static LatencyRecorder streamed(LoadPlan plan, SlotWords words, Source source) {
    return new LatencyRecorder(sparse(plan, words), source);
  }

  /**
   * A recording of this one's layout whose requests are read through {@code source}: for a source
   * that reads this one's ({@link SharedPasses}). It knows when its last sent request started if
   * this one does.
   */
  LatencyRecorder through(Source source) {
    LatencyRecorder view = new LatencyRecorder(this, source);
    view.lastSentStart = lastSentStart;
    return view;
  }

  /** An empty sparse recording of this one's layout, for a {@link Source} to place a part in. */
  public LatencyRecorder scratch() {
    return new LatencyRecorder(this, null);
  }

  /** Whether the requests are read from a {@link Source} ({@link #streamed}), not held here. */
  public boolean isStreamed() {
    return source != null;
  }

  /** A reader during the run ({@link RecordingCursor}): its place in each slice. */
  interface Reader {
    /** The first slot of slice {@code s} it has not yet passed. */
    int position(int s);
  }

  /** Counts {@code reader} among the readers whose places bound {@link #releasePassed}. */
  void addReader(Reader reader) {
    readers.add(reader);
  }

  /**
   * Drops the pages of each slice, beginning at {@code first} (this recording's {@link Slices}),
   * that lie wholly below both {@code written[s]} and every reader's place in it: the requests
   * there are on disk and every reader during the run has passed them, so that a run holds in
   * memory the requests in flight and not yet written, not all it sent. A page shared by two slices
   * stays. From the record's writer only, after what it wrote is durable.
   *
   * @param done each slice's first page not yet dropped; advanced
   */
  public void releasePassed(int[] first, int[] written, int[] done) {
    for (int s = 0; s < first.length; s++) {
      int bound = written[s];
      for (Reader r : readers) {
        bound = Math.min(bound, r.position(s));
      }
      int page = Math.max(done[s], (first[s] + pageMask) >>> pageBits);
      int end = bound >>> pageBits; // the first page not wholly below the bound
      for (; page < end; page++) {
        if (pages.getAndSet(page, null) != null) {
          allocated.decrementAndGet();
          released = true;
        }
      }
      done[s] = Math.max(done[s], page);
    }
  }

  /**
   * Whether pages were dropped during the run ({@link #releasePassed}): the recording then holds
   * only what was not yet on disk, and the statistics are read from the record.
   */
  public boolean released() {
    return released;
  }

  /**
   * Drops every page of a {@link #scratch} recording, for a {@link Source} done with the part it
   * placed: its pages are kept (up to 8 MiB) for the next part's, uncleared.
   */
  public void clear() {
    scratchPages.clear();
  }

  /** Slots in each page but perhaps the last: {@link #PAGE_SLOTS}, or fewer in a scratch. */
  public int slotsPerPage() {
    return 1 << pageBits;
  }

  /** Page {@code i}, sized to the slots it holds: the last one may hold fewer. */
  private long[] newPage(int i) {
    return new long[pageSlots(i) * stride];
  }

  private int pageSlots(int i) {
    return Math.min((1 << pageBits), capacity - (i << pageBits));
  }

  /** The page that holds slot {@code k}, allocated if it was not: by the first of its writers. */
  private long[] writable(int k) {
    int i = k >>> pageBits;
    if (scratchPages != null) {
      long[] page = scratchPages.get(i);
      if (page == null) {
        // A page used again keeps the last part's words in slots this part does not write: a
        // scratch is read only at the slots its part wrote, which it hands to the visitor.
        page = scratchPages.spare();
        if (page == null || page.length != pageSlots(i) * stride) {
          page = newPage(i);
        }
        scratchPages.put(i, page);
      }
      return page;
    }
    long[] page = pages.get(i);
    if (page == null) {
      long[] fresh = newPage(i);
      page = pages.compareAndExchange(i, null, fresh);
      if (page == null) {
        page = fresh;
        if (allocated.incrementAndGet() == pageLimit) {
          full.run();
        }
      }
    }
    return page;
  }

  /** Page {@code i}; null if it was never allocated or was dropped. */
  private long[] page(int i) {
    return scratchPages != null ? scratchPages.get(i) : pages.get(i);
  }

  /** Where slot {@code k}'s word {@code word} is in its page. */
  private int at(int k, int word) {
    return (k & pageMask) * stride + word;
  }

  /** Slot {@code k}'s word {@code word}; 0 in a page not allocated. */
  public long word(int k, int word) {
    if (source != null) {
      throw new IllegalStateException(STREAMED);
    }
    long[] page = page(k >>> pageBits);
    return page == null ? 0 : page[at(k, word)];
  }

  /**
   * Sets slot {@code k}'s word {@code word}: for the record file and the merge, which fill a
   * recording with what another wrote, and for nothing during a run.
   */
  public void setWord(int k, int word, long value) {
    writable(k)[at(k, word)] = value;
  }

  /**
   * Tells {@code full}, once, on the thread that allocates it, when a sparse recording allocates
   * its {@code pages}-th page: the room the heap has for it is taken, and the run must stop while
   * the pages beyond (the reserve {@code pages} leaves) hold its requests in flight.
   */
  public void limitPages(int pages, Runnable full) {
    this.full = full;
    this.pageLimit = pages;
  }

  /** Bytes one page of {@link #PAGE_SLOTS} slots of {@code plan}'s recording takes. */
  public static long pageBytes(LoadPlan plan, SlotWords words) {
    return (long) PAGE_SLOTS * RecordLayout.longsPerRequest(plan, words) * Long.BYTES;
  }

  /**
   * The first slot from {@code k} on that a request may have reached: {@code k} itself, unless its
   * page was never allocated, when the first slot of the next page that was; {@link #capacity} if
   * none. What a pass over every slot steps by, so that a sparse recording is read in the time its
   * pages take, not its plan's bound: {@code for (k = next(0); k < capacity(); k = next(k + 1))}.
   */
  public int next(int k) {
    if (source != null) {
      throw new IllegalStateException(STREAMED);
    }
    int i = k >>> pageBits;
    if (k >= capacity || page(i) != null) {
      return Math.min(k, capacity);
    }
    while (++i < (capacity + pageMask) >>> pageBits && page(i) == null) {
      // a page never written: no request reached its slots
    }
    return Math.min(capacity, i << pageBits);
  }

  /**
   * Whether pages are allocated as they fill ({@link #sparse(LoadPlan, SlotWords)}): the plan's
   * slots are then a bound on the requests, not their count.
   */
  public boolean sparse() {
    return sparse;
  }

  /** Slots in the pages allocated: at least every slot a request reached. */
  public long slotsAllocated() {
    long n = 0;
    for (int i = 0; i < pages.length(); i++) {
      long[] page = pages.get(i);
      if (page != null) {
        n += page.length / stride;
      }
    }
    return n;
  }

  /**
   * Allocates the array for the whole plan.
   *
   * @throws IllegalArgumentException if the plan has more requests than one array can hold, or more
   *     phases or requests per iteration than the layout can tell apart
   */
  public static LatencyRecorder allocate(LoadPlan plan) {
    return allocate(plan, SlotWords.NONE);
  }

  /**
   * Allocates the array for the whole plan, with room for {@code words} after each request's own
   * (connection times for a run that opens a connection per request, the stream wait for HTTP/2).
   *
   * @throws IllegalArgumentException if the plan has more requests than one array can hold, or more
   *     phases or requests per iteration than the layout can tell apart
   */
  public static LatencyRecorder allocate(LoadPlan plan, SlotWords words) {
    return allocate(plan, words, false);
  }

  /**
   * A recording of the plan whose pages are allocated as requests are recorded in them: for a run
   * by time, whose users' iterations bound what it may record, not what it will.
   */
  public static LatencyRecorder sparse(LoadPlan plan, SlotWords words) {
    return allocate(plan, words, true);
  }

  private static LatencyRecorder allocate(LoadPlan plan, SlotWords words, boolean sparse) {
    long total = plan.totalRequests();
    if (total > RecordLayout.MAX_REQUESTS) {
      throw new IllegalArgumentException(
          "the plan has "
              + total
              + " requests; one run records at most "
              + RecordLayout.MAX_REQUESTS
              + ": lower THREADS or ITERATIONS");
    }
    int phases = plan.phases().size();
    int populations = plan.populations().size();
    int[][] base = new int[phases][populations];
    int[][] units = new int[phases][populations];
    int[] perUnit = new int[populations];
    int[] slots = new int[phases];
    for (int q = 0; q < populations; q++) {
      perUnit[q] = plan.perUnit(q);
    }
    long next = 0;
    for (Phase phase : plan.phases()) {
      int p = phase.index();
      for (int q = 0; q < populations; q++) {
        base[p][q] = (int) next;
        units[p][q] = (int) plan.units(phase, q);
        next += (long) units[p][q] * perUnit[q];
      }
      slots[p] = (int) (next - base[p][0]);
    }
    return new LatencyRecorder(
        (int) total,
        sparse,
        RecordLayout.longsPerRequest(plan),
        words,
        base,
        units,
        perUnit,
        slots);
  }

  /** Bytes the recording of {@code plan} takes. */
  public static long bytesFor(LoadPlan plan) {
    return bytesFor(plan, SlotWords.NONE);
  }

  /** Bytes the recording of {@code plan} takes, with {@code words} after each request's own. */
  public static long bytesFor(LoadPlan plan, SlotWords words) {
    return plan.totalRequests() * RecordLayout.longsPerRequest(plan, words) * Long.BYTES;
  }

  /** Longs per request. */
  public int stride() {
    return stride;
  }

  /** Request slots the array holds (reached or not). */
  public int capacity() {
    return capacity;
  }

  /**
   * Whether this recording holds each request's intended start ({@link
   * io.phaseload.client.plan.Model#recordsIntendedStarts}): its latencies count from them,
   * corrected for coordinated omission, and its service times are apart. What readers of a
   * recording ask, rather than which model ran.
   */
  public boolean hasIntendedStarts() {
    return open;
  }

  /** The words each slot holds after a request's own. */
  public SlotWords words() {
    return words;
  }

  /** Whether this recording holds each request's connection times ({@code --no-keepalive}). */
  public boolean connections() {
    return connectionWord >= 0;
  }

  /** Whether this recording holds each request's wait for an HTTP/2 stream ({@code --http2}). */
  public boolean streamWait() {
    return streamWaitWord >= 0;
  }

  /**
   * The word of a slot where its connection times begin ({@link #word}): its connect, TLS and first
   * byte times at {@link RecordLayout#CONNECT_OFFSET} and after. Only if {@link #connections}.
   */
  public int connectionWord() {
    return connectionWord;
  }

  /** The word of a slot that holds its stream wait ({@link #word}). Only if {@link #streamWait}. */
  public int streamWaitWord() {
    return streamWaitWord;
  }

  /** Slots of phase {@code phase}: its requests, sent or not. */
  public int phaseSlots(int phase) {
    return phaseSlots[phase];
  }

  /** The first slot of phase {@code phase}. */
  public int phaseStart(int phase) {
    return phaseBase[phase];
  }

  /**
   * The first slot of arrival {@code arrival} (0-based in its phase) in the open model, of a plan
   * of one population.
   */
  public int arrivalStart(int phase, long arrival) {
    return start(phase, 0, arrival);
  }

  public int phaseCount() {
    return phaseBase.length;
  }

  public int populations() {
    return perUnit.length;
  }

  /** Population {@code population}'s users (closed model) or arrivals (open) in a phase. */
  public int units(int phase, int population) {
    return units[phase][population];
  }

  /** Slots each user (closed model) or arrival (open) of population {@code population} owns. */
  public int perUnit(int population) {
    return perUnit[population];
  }

  /**
   * The first slot of population {@code population}'s user (closed model) or arrival (open) {@code
   * unit}, 0-based in its phase and population.
   */
  public int start(int phase, int population, long unit) {
    return regionBase[phase][population] + (int) (unit * perUnit[population]);
  }

  /**
   * When the user or arrival whose first slot is {@code first} ({@link #start}), of population
   * {@code population}, had its last answer: the latest start + latency of its requests, up to its
   * first slot not reached; 0 if none was.
   */
  public long lastAnswerNanos(int first, int population) {
    long end = 0;
    for (int k = first; k < first + perUnit[population] && reached(k); k++) {
      end = Math.max(end, startNanos(k) + latencyNanos(k));
    }
    return end;
  }

  /**
   * Index of the first request of {@code thread} (0-based) in phase {@code phase}, of a plan of one
   * population.
   */
  public int sliceStart(int phase, int thread) {
    return start(phase, 0, thread);
  }

  /**
   * Records request {@code k}. Called only by the thread that owns {@code k}'s slice.
   *
   * @param startNanos when it was sent, in nanoseconds since the run began
   * @param latencyNanos how long it took, clamped to the representable range
   * @param request its index in the iteration
   */
  public void record(
      int k, long startNanos, long latencyNanos, int phase, int request, int outcome) {
    long[] page = writable(k);
    page[at(k, RecordLayout.TIME_WORD)] = RecordLayout.packTime(latencyNanos, phase, request);
    publish(page, k, RecordLayout.packStart(startNanos, outcome));
  }

  /**
   * Writes the start word, which marks the slot reached, after the slot's other words: a release
   * store (on x86 an ordinary store; on ARM a store-release), so that a reader during the run never
   * sees a reached slot without its latency.
   */
  private void publish(long[] page, int k, long startWord) {
    WORDS.setRelease(page, at(k, RecordLayout.START_WORD), startWord);
  }

  /**
   * Request {@code k}'s start word as a reader during the run may see it: 0 while no request
   * reached the slot; once not 0, the slot's time word and intended start are readable too.
   */
  public long publishedStartWord(int k) {
    long[] page = page(k >>> pageBits);
    return page == null ? 0 : (long) WORDS.getAcquire(page, at(k, RecordLayout.START_WORD));
  }

  /**
   * Records request {@code k} of the open model. Called only by the thread that owns {@code k}'s
   * arrival.
   *
   * @param intendedNanos when it should have been sent, in nanoseconds since the run began
   */
  public void recordOpen(
      int k,
      long intendedNanos,
      long startNanos,
      long latencyNanos,
      int phase,
      int request,
      int outcome) {
    long[] page = writable(k);
    page[at(k, RecordLayout.TIME_WORD)] = RecordLayout.packTime(latencyNanos, phase, request);
    page[at(k, RecordLayout.INTENDED_WORD)] = intendedNanos;
    publish(page, k, RecordLayout.packStart(startNanos, outcome));
  }

  /**
   * Records the times of request {@code k}'s exchange that this recording holds, as {@code times}
   * gives them: its connection's ({@link #connections}), its wait for an HTTP/2 stream ({@link
   * #streamWait}); nothing for a recording that holds neither. Before {@link #record} or {@link
   * #recordOpen}, whose start word, written last, publishes the whole slot to readers during the
   * run. Called only by the thread that owns {@code k}.
   */
  public void recordExchange(int k, ExchangeTimes times) {
    if (connectionWord >= 0) {
      recordConnection(k, times.connectNanos(), times.tlsNanos(), times.firstByteNanos());
    }
    if (streamWaitWord >= 0) {
      recordStreamWait(k, times.streamWaitNanos());
    }
  }

  /**
   * Records request {@code k}'s connection times, before {@link #record} or {@link #recordOpen}.
   * Called only by the thread that owns {@code k}, and only if {@link #connections}.
   *
   * @param connectNanos the TCP connect, 0 if none
   * @param tlsNanos the TLS handshake, 0 if none
   * @param firstByteNanos from the send (before any connect) to the response's first byte, 0 if
   *     none arrived or the engine cannot tell
   */
  public void recordConnection(int k, long connectNanos, long tlsNanos, long firstByteNanos) {
    long[] page = writable(k);
    int i = at(k, connectionWord);
    page[i + RecordLayout.CONNECT_OFFSET] = connectNanos;
    page[i + RecordLayout.TLS_OFFSET] = tlsNanos;
    page[i + RecordLayout.FIRST_BYTE_OFFSET] = firstByteNanos;
  }

  /**
   * Records request {@code k}'s wait for a free HTTP/2 stream, before {@link #record} or {@link
   * #recordOpen}. Called only by the thread that owns {@code k}, and only if {@link #streamWait}.
   *
   * @param waitNanos from the request's hand-over to its stream's opening, 0 if it waited for none
   */
  public void recordStreamWait(int k, long waitNanos) {
    // Never negative: the record file writes it as an unsigned integer.
    writable(k)[at(k, streamWaitWord)] = Math.max(0, waitNanos);
  }

  /** Request {@code k}'s TCP connect time; 0 if none, or if the recording has no such times. */
  public long connectNanos(int k) {
    return connectionWord < 0 ? 0 : word(k, connectionWord + RecordLayout.CONNECT_OFFSET);
  }

  /** Request {@code k}'s TLS handshake time; 0 if none, or if the recording has no such times. */
  public long tlsNanos(int k) {
    return connectionWord < 0 ? 0 : word(k, connectionWord + RecordLayout.TLS_OFFSET);
  }

  /** Request {@code k}'s time to first byte; 0 if unknown, or the recording has no such times. */
  public long firstByteNanos(int k) {
    return connectionWord < 0 ? 0 : word(k, connectionWord + RecordLayout.FIRST_BYTE_OFFSET);
  }

  /** Request {@code k}'s wait for an HTTP/2 stream; 0 if none, or the recording has no waits. */
  public long streamWaitNanos(int k) {
    return streamWaitWord < 0 ? 0 : word(k, streamWaitWord);
  }

  /** When request {@code k} should have been sent; its start in the closed model. */
  public long intendedNanos(int k) {
    return open ? word(k, RecordLayout.INTENDED_WORD) : startNanos(k);
  }

  /**
   * Request {@code k}'s latency from its intended start, corrected for coordinated omission; its
   * service time in the closed model.
   */
  public long correctedNanos(int k) {
    return startNanos(k) + latencyNanos(k) - intendedNanos(k);
  }

  /** Request {@code k}'s time word with its corrected latency in place of its service time. */
  public long correctedTimeWord(int k) {
    long time = timeWord(k);
    return RecordLayout.packTime(
        correctedNanos(k), RecordLayout.phase(time), RecordLayout.request(time));
  }

  /** Whether a request reached slot {@code k} (sent or not sent, but recorded). */
  public boolean reached(int k) {
    return startWord(k) != 0;
  }

  /** Request {@code k}'s start word (start and outcome), as {@link RecordLayout} reads it. */
  public long startWord(int k) {
    return word(k, RecordLayout.START_WORD);
  }

  /** Request {@code k}'s time word (latency and cell), as {@link RecordLayout} reads it. */
  public long timeWord(int k) {
    return word(k, RecordLayout.TIME_WORD);
  }

  public long startNanos(int k) {
    return RecordLayout.start(startWord(k));
  }

  public long latencyNanos(int k) {
    return RecordLayout.latency(timeWord(k));
  }

  public int phase(int k) {
    return RecordLayout.phase(timeWord(k));
  }

  public int request(int k) {
    return RecordLayout.request(timeWord(k));
  }

  public int outcome(int k) {
    return RecordLayout.outcome(startWord(k));
  }

  /**
   * The thread (0-based, within its phase, the phase's populations' numbered one after another)
   * that sent request {@code k}; in the open model, where any free thread takes the next arrival,
   * the arrival's number instead.
   */
  public int thread(int k) {
    return unitIndex(k) - unitBase[(int) (region(k) >>> 32)][0];
  }

  /**
   * Whether slot {@code k} is the first of its user's (closed model) or arrival's (open) slots
   * ({@link #start}): an arrival's first request, what its begin and lateness are read from.
   */
  public boolean firstOfUnit(int k) {
    long region = region(k);
    int q = (int) region;
    return (k - regionBase[(int) (region >>> 32)][q]) % perUnit[q] == 0;
  }

  /**
   * The number of slot {@code k}'s user (closed model) or arrival (open) among every phase's and
   * population's, counted in phase order and, within a phase, in population order: what {@link
   * UnitTimes} keeps a unit's times by.
   */
  public int unitIndex(int k) {
    long region = region(k);
    int p = (int) (region >>> 32);
    int q = (int) region;
    return unitBase[p][q] + (k - regionBase[p][q]) / perUnit[q];
  }

  /** The {@link #unitIndex} of phase {@code phase}'s population {@code population}'s first unit. */
  public int unitBase(int phase, int population) {
    return unitBase[phase][population];
  }

  /**
   * The phase (high half) and population (low half) whose slots hold slot {@code k}: with {@link
   * #start} and {@link #perUnit}, which unit's it is and where in it, for a merge that lays a
   * shard's slots where the whole plan's run has them.
   */
  public long region(int k) {
    int p = phaseBase.length - 1;
    while (p > 0 && phaseBase[p] > k) {
      p--;
    }
    int q = perUnit.length - 1;
    while (q > 0 && regionBase[p][q] > k) {
      q--;
    }
    return (long) p << 32 | q;
  }

  /**
   * When the last request that was sent (left the client) started, in nanoseconds since the run
   * began; -1 if none was. A streamed recording keeps it, so that the statistics that need it (each
   * time series' span) do not read the record again for it.
   */
  public long lastSentStart() {
    long known = lastSentStart;
    if (known != Long.MIN_VALUE) {
      return known;
    }
    long[] last = {-1};
    each(
        (rec, k) -> {
          if (Outcome.sent(rec.outcome(k))) {
            last[0] = Math.max(last[0], rec.startNanos(k));
          }
        });
    if (source != null) {
      lastSentStart = last[0];
    }
    return last[0];
  }

  /**
   * Tells a {@link #streamed} recording when its last sent request started (-1 if none), as its
   * source found it reading the record through, so that {@link #lastSentStart} needs no pass.
   */
  public void knowLastSentStart(long nanos) {
    if (source == null) {
      throw new IllegalStateException("only a streamed recording keeps its last start");
    }
    lastSentStart = nanos;
  }

  /** Told of each slot a request reached, by {@link #each}. */
  @FunctionalInterface
  public interface Visitor {
    /**
     * @param rec the recording that holds slot {@code k} during the call
     * @param k the slot
     */
    void slot(LatencyRecorder rec, int k);
  }

  /**
   * Hands every slot a request reached to {@code visitor}, once each: one pass over the recording,
   * what every statistic after the run is computed by. The order is the slots' here; a recording
   * read from disk gives them in the order they were written, so a visitor must not depend on it.
   */
  public void each(Visitor visitor) {
    if (source != null) {
      source.each(visitor);
      return;
    }
    for (int k = next(0); k < capacity; k = next(k + 1)) {
      if (startWord(k) != 0) {
        visitor.slot(this, k);
      }
    }
  }

  /**
   * The pages a scratch recording holds, by index, in a small open-addressed table cleared part by
   * part; the last page found is kept, as a part's requests come in runs. The whole pages a clear
   * drops (up to 8 MiB) are kept to be used again, uncleared. One thread's at a time.
   */
  private static final class ScratchPages {
    /** The longs of a whole page: only those are kept to be used again. */
    private final int pageLongs;

    private final ArrayDeque<long[]> spare = new ArrayDeque<>();

    /** Each entry's page index plus one; 0 where empty. */
    private int[] keys = new int[1 << 10];

    private long[][] values = new long[1 << 10][];
    private int size;
    private int lastKey = -1;
    private long[] lastPage;

    ScratchPages(int pageLongs) {
      this.pageLongs = pageLongs;
    }

    /** A whole page a clear dropped, its words as they were; null if none is kept. */
    long[] spare() {
      return spare.poll();
    }

    long[] get(int i) {
      if (i == lastKey) {
        return lastPage;
      }
      int mask = keys.length - 1;
      for (int h = hash(i) & mask; ; h = (h + 1) & mask) {
        int key = keys[h];
        if (key == i + 1) {
          lastKey = i;
          lastPage = values[h];
          return lastPage;
        }
        if (key == 0) {
          return null;
        }
      }
    }

    void put(int i, long[] page) {
      if (2 * (size + 1) > keys.length) {
        grow();
      }
      insert(i, page);
      size++;
      lastKey = i;
      lastPage = page;
    }

    private void insert(int i, long[] page) {
      int mask = keys.length - 1;
      int h = hash(i) & mask;
      while (keys[h] != 0) {
        h = (h + 1) & mask;
      }
      keys[h] = i + 1;
      values[h] = page;
    }

    private void grow() {
      int[] oldKeys = keys;
      long[][] oldValues = values;
      keys = new int[oldKeys.length * 2];
      values = new long[oldKeys.length * 2][];
      for (int h = 0; h < oldKeys.length; h++) {
        if (oldKeys[h] != 0) {
          insert(oldKeys[h] - 1, oldValues[h]);
        }
      }
    }

    /** Empties the table, keeping its whole pages (up to 8 MiB) for {@link #spare}. */
    void clear() {
      for (int h = 0; h < keys.length; h++) {
        if (keys[h] != 0) {
          long[] page = values[h];
          if (page.length == pageLongs && spare.size() * pageLongs < SPARE_LONGS) {
            spare.push(page);
          }
          keys[h] = 0;
          values[h] = null;
        }
      }
      size = 0;
      lastKey = -1;
      lastPage = null;
    }

    private static int hash(int i) {
      return i * 0x9E3779B9 >>> 7;
    }
  }
}
