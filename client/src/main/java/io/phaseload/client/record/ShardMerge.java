package io.phaseload.client.record;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Shard;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RecordLayout;
import io.phaseload.client.result.RunInfo;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.result.ShardRun;
import io.phaseload.client.result.SlotWords;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Merges the record files of a plan's shards into the recording one generator running the whole
 * plan would have made: every request in the slot the same request has in one run (shard i's
 * threads are the one-run threads {@link Shard#first} onwards; its arrival j is the one-run arrival
 * {@link Shard#arrival}), its times moved onto one axis by the shards' epoch starts, its failure
 * reason renumbered into one table. Statistics over the merge are therefore exactly those over the
 * union of the shards' requests: nothing is estimated, rounded or averaged.
 *
 * <p>The merge is streamed: {@link #merge} reads each file once, for its checks and its counts (a
 * few at a time, on as many threads), and the merged recording it gives reads the shards' files
 * again on each pass of the statistics, laying each shard's requests into their one-run slots a
 * part at a time. The heap holds a part, not the requests, whatever their number. Files of formats
 * 2 to 5, which are not streamed, are held whole. Stateless.
 */
public final class ShardMerge {

  /**
   * The merged run and how it was set up.
   *
   * @param missing the shards no file was given for
   */
  public record Merged(RunResult result, RunInfo info, List<Shard> missing) {}

  private ShardMerge() {}

  /**
   * Merges the files, which {@link ShardCheck#check} has passed, reading up to {@code readers} of
   * them at once (each holds one shard's recording while it is placed). One file of an unsharded
   * run gives that run's own result back, unchanged.
   */
  public static Merged merge(List<Path> files, List<RecordHeader> headers, int readers)
      throws RecordFileException {
    RecordHeader lowest =
        headers.stream().min(Comparator.comparingInt(h -> h.plan().shard().index())).orElseThrow();
    if (lowest.plan().shard().whole()) {
      RecordFile.Contents only = RecordFile.open(files.get(0));
      return new Merged(only.result(), only.header().info(), List.of());
    }
    LoadPlan whole = lowest.plan().whole();
    long origin = headers.stream().mapToLong(RecordHeader::startEpochNanos).min().orElseThrow();
    // Shards of one command all open connections per request or none do, and all speak HTTP/2 or
    // none do; a shard without a word merges as zeros (none measured) beside those with it.
    SlotWords words =
        headers.stream().map(RecordHeader::words).reduce(SlotWords.NONE, SlotWords::or);
    Reasons reasons = new Reasons();
    List<ShardRun> shards = new ArrayList<>();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < headers.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingInt(i -> headers.get(i).plan().shard().index()));
    // Reasons first, in shard order, so that the merged table is the same whatever the reading
    // order.
    int[][] codes = new int[headers.size()][];
    for (int i : order) {
      codes[i] = renumber(headers.get(i).reasons(), reasons);
      // An unexpected status's reason is the lowest shard's that kept one.
      headers
          .get(i)
          .answers()
          .forEach(
              (request, byStatus) ->
                  byStatus.forEach(
                      (status, message) -> reasons.firstAnswer(request, status, message)));
    }
    List<Part> parts = new ArrayList<>();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(readers, files.size())),
            r -> {
              Thread t = new Thread(r, "phaseload-merge");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<Part>> reading = new ArrayList<>();
      for (int i : order) {
        Path file = files.get(i);
        int[] renumbered = codes[i];
        reading.add(pool.submit(() -> open(file, origin, renumbered)));
      }
      for (Future<Part> f : reading) {
        Part part = await(f);
        parts.add(part);
        shards.add(part.run());
      }
    } finally {
      pool.shutdownNow();
    }
    LatencyRecorder merged =
        LatencyRecorder.streamed(
            whole, words, new Prefetch(whole, words, visitor -> lay(parts, whole, words, visitor)));
    long lastSent = -1;
    for (Part part : parts) {
      long last = part.contents().recording().lastSentStart(); // known from its reading
      if (last >= 0) {
        lastSent = Math.max(lastSent, last + part.offset());
      }
    }
    merged.knowLastSentStart(lastSent);
    int count = lowest.plan().shard().count();
    List<Shard> missing = new ArrayList<>();
    for (int index = 0; index < count; index++) {
      int at = index;
      if (shards.stream().noneMatch(s -> s.shard().index() == at)) {
        missing.add(new Shard(index, count));
      }
    }
    long wall = shards.stream().mapToLong(s -> s.offsetNanos() + s.wallNanos()).max().orElse(0);
    RunResult result =
        new RunResult(
            whole,
            origin,
            wall,
            phases(whole, shards),
            merged,
            reasons,
            stopReason(shards, missing),
            lowest.seed(),
            headers.stream().anyMatch(RecordHeader::seedPrinted),
            shards);
    Map<String, Object> settings = new LinkedHashMap<>(lowest.info().settings());
    settings.remove("shard");
    settings.put("shards", count);
    RunInfo info =
        new RunInfo(
            settings,
            lowest.info().target(),
            lowest.info().embedded(),
            lowest.info().environment());
    return new Merged(result, info, missing);
  }

  /** A shard's file as read once, and where its requests go in the merge. */
  private record Part(RecordFile.Contents contents, ShardRun run, long offset, int[] codes) {}

  /**
   * Reads one shard's file once, for its checks and its counts; called on a reader thread. Its
   * requests stay on disk (or, for a file of formats 2 to 5, in its own recording) until the
   * merge's passes lay them.
   */
  private static Part open(Path file, long origin, int[] codes) throws RecordFileException {
    long[] counts = new long[3]; // sent, failed (sent but not ok), not sent
    RecordFile.Contents c =
        RecordFile.open(
            file,
            (rec, k) -> {
              int outcome = rec.outcome(k);
              if (Outcome.sent(outcome)) {
                counts[0]++;
                counts[1] += Outcome.ok(outcome) ? 0 : 1;
              } else {
                counts[2]++;
              }
            });
    RecordHeader h = c.header();
    long offset = h.startEpochNanos() - origin;
    List<PhaseResult> phases =
        h.phases().stream()
            .map(
                p ->
                    new PhaseResult(
                        p.phase(),
                        p.startNanos() + offset,
                        p.durationNanos(),
                        p.completed(),
                        p.setupNanos(),
                        p.arrivals(),
                        p.thinks(),
                        p.thinkNanos()))
            .toList();
    ShardRun run =
        new ShardRun(
            h.plan().shard(),
            h.host(),
            String.valueOf(h.info().environment().get("java")),
            h.startEpochNanos(),
            offset,
            h.wallNanos(),
            phases,
            counts[0],
            counts[1],
            counts[2],
            h.stopReason());
    return new Part(c, run, offset, codes);
  }

  /**
   * One pass over the merge: each shard's requests in turn, laid into their one-run slots in a
   * recording of the whole plan's layout a part at a time, handed to {@code visitor} and dropped.
   */
  private static void lay(
      List<Part> parts, LoadPlan whole, SlotWords words, LatencyRecorder.Visitor visitor) {
    LatencyRecorder into = LatencyRecorder.sparse(whole, words).scratch();
    for (Part part : parts) {
      Layer layer = new Layer(part, into, visitor);
      part.contents().recording().each(layer);
      layer.flush();
    }
  }

  /**
   * Lays a shard's requests, as its recording hands them over, into their one-run slots: moved by
   * the shard's offset, with their reasons renumbered; every {@value #PART} requests (a part of
   * {@link Prefetch}'s), hands them to the visitor and drops their pages.
   */
  private static final class Layer implements LatencyRecorder.Visitor {
    static final int PART = Prefetch.PART;

    private final LoadPlan plan;
    private final LatencyRecorder into;
    private final long offset;
    private final int[] codes;
    private final LatencyRecorder.Visitor visitor;
    private final int[] laid = new int[PART];
    private int count;

    /**
     * The shard's unit the last request was in (its slots), and where that unit begins in one run.
     */
    private int unitFirst;

    private int unitEnd;
    private int wholeFirst;

    Layer(Part part, LatencyRecorder into, LatencyRecorder.Visitor visitor) {
      this.plan = part.contents().header().plan();
      this.into = into;
      this.offset = part.offset();
      this.codes = part.codes();
      this.visitor = visitor;
    }

    @Override
    public void slot(LatencyRecorder src, int k) {
      if (k < unitFirst || k >= unitEnd) {
        locate(src, k);
      }
      int b = wholeFirst + (k - unitFirst);
      copy(src, k, into, b, offset, codes);
      laid[count++] = b;
      if (count == PART) {
        flush();
      }
    }

    /** Finds slot {@code k}'s unit in the shard, and that unit's first slot in one run. */
    private void locate(LatencyRecorder src, int k) {
      long region = src.region(k);
      int p = (int) (region >>> 32);
      int q = (int) region;
      int base = src.start(p, q, 0);
      int per = src.perUnit(q);
      long unit = (k - base) / per;
      unitFirst = base + (int) unit * per;
      unitEnd = unitFirst + per;
      wholeFirst = into.start(p, q, plan.wholeUnit(plan.phases().get(p), q, unit));
    }

    /** Hands the requests laid since the last call to the visitor, then drops their pages. */
    void flush() {
      for (int i = 0; i < count; i++) {
        visitor.slot(into, laid[i]);
      }
      into.clear();
      count = 0;
    }
  }

  private static <T> T await(Future<T> reading) throws RecordFileException {
    try {
      return reading.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RecordFileException r) {
        throw r;
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RecordFileException("interrupted while reading the records");
    }
  }

  /** For each of a shard's reason codes, its code in the merged table. */
  private static int[] renumber(Map<Integer, String> messages, Reasons merged) {
    int[] codes = new int[Outcome.MAX_DETAIL + 1];
    for (int c = 0; c < codes.length; c++) {
      codes[c] = c;
    }
    messages.forEach(
        (code, message) -> {
          if (Reasons.fixed(code)) {
            if (code != Reasons.OTHER && code != Reasons.NONE) {
              merged.explain(code, message); // e.g. each shard's own open-files limit: one kept
            }
          } else {
            codes[code] = merged.intern(message);
          }
        });
    return codes;
  }

  /**
   * Copies request {@code a} of a shard's recording into slot {@code b} of the merge's, moved by
   * {@code offset} and with its reason renumbered.
   */
  private static void copy(
      LatencyRecorder src, int a, LatencyRecorder dst, int b, long offset, int[] codes) {
    long start = src.startWord(a);
    int outcome = RecordLayout.outcome(start);
    int reason = Outcome.reason(outcome);
    if (reason != 0 && codes[reason] != reason) {
      outcome = Outcome.of(Outcome.kind(outcome), codes[reason]);
    }
    dst.setWord(
        b,
        RecordLayout.START_WORD,
        RecordLayout.packStart(RecordLayout.start(start) + offset, outcome));
    dst.setWord(b, RecordLayout.TIME_WORD, src.timeWord(a));
    if (src.hasIntendedStarts()) {
      dst.setWord(b, RecordLayout.INTENDED_WORD, src.intendedNanos(a) + offset);
    }
    // A shard without a word the merge has gives 0 for it (none measured), written all the same:
    // the merge's scratch pages are used again uncleared, and would keep another part's.
    if (dst.connections()) {
      int c = dst.connectionWord();
      dst.setWord(b, c + RecordLayout.CONNECT_OFFSET, src.connectNanos(a));
      dst.setWord(b, c + RecordLayout.TLS_OFFSET, src.tlsNanos(a));
      dst.setWord(b, c + RecordLayout.FIRST_BYTE_OFFSET, src.firstByteNanos(a));
    }
    if (dst.streamWait()) {
      dst.setWord(b, dst.streamWaitWord(), src.streamWaitNanos(a));
    }
  }

  /**
   * Each phase over all shards: from the first shard's start of it to the last one's end, so that
   * phase windows of skewed shards overlap; its arrivals summed, against the whole plan's schedule
   * and the rate the shards present were asked to hold (all of it when none is missing), achieved
   * over the longest of their own spans.
   */
  private static List<PhaseResult> phases(LoadPlan whole, List<ShardRun> shards) {
    int reached = shards.stream().mapToInt(s -> s.phases().size()).max().orElse(0);
    List<PhaseResult> out = new ArrayList<>();
    for (int p = 0; p < reached; p++) {
      Phase phase = whole.phases().get(p);
      long start = Long.MAX_VALUE;
      long end = Long.MIN_VALUE;
      long setup = 0;
      long thinks = 0;
      long thinkNanos = 0;
      boolean completed = true;
      ArrivalStats arrivals = null;
      long lastStart = Long.MIN_VALUE;
      // A shard with no thread in the phase skipped it in no time; its moment of doing so is no
      // part of the phase's window, unless no shard present had threads in it.
      int index = p;
      boolean anyRan =
          shards.stream().anyMatch(s -> s.phases().size() > index && s.hadThreads(phase));
      for (ShardRun s : shards) {
        if (s.phases().size() <= p) {
          completed = false;
          continue;
        }
        if (anyRan && !s.hadThreads(phase)) {
          continue;
        }
        PhaseResult r = s.phases().get(p);
        start = Math.min(start, r.startNanos());
        end = Math.max(end, r.startNanos() + r.durationNanos());
        setup = Math.max(setup, r.setupNanos());
        thinks += r.thinks();
        thinkNanos += r.thinkNanos();
        completed &= r.completed();
        if (r.arrivals() != null) {
          ArrivalStats a = r.arrivals();
          // Each shard's last arrival after its own phase start: the rate is then the one the
          // shards held, each on its own clock, and the skew between their starts (under Shards)
          // does not read as a rate missed.
          lastStart = Math.max(lastStart, a.lastStartNanos());
          arrivals =
              arrivals == null
                  ? new ArrivalStats(
                      whole.wholeArrivals(phase),
                      a.started(),
                      a.late(),
                      a.maxLateNanos(),
                      a.intendedRate(),
                      0)
                  : new ArrivalStats(
                      arrivals.scheduled(),
                      arrivals.started() + a.started(),
                      arrivals.late() + a.late(),
                      Math.max(arrivals.maxLateNanos(), a.maxLateNanos()),
                      arrivals.intendedRate() + a.intendedRate(),
                      0);
        }
      }
      if (arrivals != null) {
        arrivals =
            new ArrivalStats(
                arrivals.scheduled(),
                arrivals.started(),
                arrivals.late(),
                arrivals.maxLateNanos(),
                arrivals.intendedRate(),
                lastStart);
      }
      out.add(
          new PhaseResult(
              phase, start, end - start, completed, setup, arrivals, thinks, thinkNanos));
    }
    return out;
  }

  /** Why the merged run is partial: shards that stopped early, shards missing; null if neither. */
  private static String stopReason(List<ShardRun> shards, List<Shard> missing) {
    StringJoiner why = new StringJoiner("; ");
    for (ShardRun s : shards) {
      if (s.stopReason() != null) {
        why.add("shard " + s.shard() + ": " + s.stopReason());
      }
    }
    if (!missing.isEmpty()) {
      why.add(
          "no record of shard"
              + (missing.size() == 1 ? " " : "s ")
              + String.join(", ", missing.stream().map(Shard::toString).toList()));
    }
    return why.length() == 0 ? null : why.toString();
  }
}
