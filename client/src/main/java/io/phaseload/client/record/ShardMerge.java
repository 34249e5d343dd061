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
 * <p>Stateless; {@link #merge} reads a few files at a time, on as many threads, so that the heap
 * holds the merged array and those shards' recordings.
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
    // Shards of one command all open connections per request or none do; a shard without the
    // times merges as zeros (none measured) beside those with them.
    boolean connections = headers.stream().anyMatch(RecordHeader::connections);
    LatencyRecorder merged = LatencyRecorder.sparse(whole, connections);
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
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(readers, files.size())),
            r -> {
              Thread t = new Thread(r, "phaseload-merge");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<ShardRun>> reading = new ArrayList<>();
      for (int i : order) {
        Path file = files.get(i);
        int[] renumbered = codes[i];
        reading.add(pool.submit(() -> readInto(file, merged, origin, renumbered)));
      }
      for (Future<ShardRun> f : reading) {
        shards.add(await(f));
      }
    } finally {
      pool.shutdownNow();
    }
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

  /**
   * Reads one shard's file and places its requests; called on a reader thread. Shards' slots are
   * disjoint, so readers write the merged array without a lock.
   */
  private static ShardRun readInto(Path file, LatencyRecorder merged, long origin, int[] codes)
      throws RecordFileException {
    RecordFile.Contents c = RecordFile.read(file);
    RecordHeader h = c.header();
    long offset = h.startEpochNanos() - origin;
    long[] counts = place(c.recording(), h.plan(), merged, offset, codes);
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
    return new ShardRun(
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
  }

  private static ShardRun await(Future<ShardRun> reading) throws RecordFileException {
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
   * Copies a shard's requests into their one-run slots, moved by {@code offset} and with their
   * reasons renumbered.
   *
   * @return sent, failed (sent but not ok) and not sent
   */
  private static long[] place(
      LatencyRecorder shard, LoadPlan plan, LatencyRecorder merged, long offset, int[] codes) {
    long[] counts = new long[3];
    for (Phase phase : plan.phases()) {
      int p = phase.index();
      for (int q = 0; q < plan.populations().size(); q++) {
        int per = merged.perUnit(q);
        long units = plan.units(phase, q);
        for (long j = 0; j < units; j++) {
          copy(
              shard,
              shard.start(p, q, j),
              merged,
              merged.start(p, q, plan.wholeUnit(phase, q, j)),
              per,
              offset,
              codes,
              counts);
        }
      }
    }
    return counts;
  }

  private static void copy(
      LatencyRecorder src,
      int from,
      LatencyRecorder dst,
      int to,
      int slots,
      long offset,
      int[] codes,
      long[] counts) {
    boolean connections = src.connections() && dst.connections();
    for (int a = src.next(from); a < from + slots; a = src.next(a + 1)) {
      int b = to + a - from;
      long start = src.startWord(a);
      if (start == 0) {
        continue; // a slot no request reached
      }
      int outcome = RecordLayout.outcome(start);
      int reason = Outcome.reason(outcome);
      if (reason != 0 && codes[reason] != reason) {
        outcome = Outcome.of(Outcome.kind(outcome), codes[reason]);
      }
      if (Outcome.sent(outcome)) {
        counts[0]++;
        if (!Outcome.ok(outcome)) {
          counts[1]++;
        }
      } else {
        counts[2]++;
      }
      dst.setWord(
          b,
          RecordLayout.START_WORD,
          RecordLayout.packStart(RecordLayout.start(start) + offset, outcome));
      dst.setWord(b, RecordLayout.TIME_WORD, src.timeWord(a));
      if (src.hasIntendedStarts()) {
        dst.setWord(b, RecordLayout.INTENDED_WORD, src.intendedNanos(a) + offset);
      }
      if (connections) {
        for (int i = 0; i < RecordLayout.CONNECTION_LONGS; i++) {
          dst.setWord(b, dst.connectionWord() + i, src.word(a, src.connectionWord() + i));
        }
      }
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
