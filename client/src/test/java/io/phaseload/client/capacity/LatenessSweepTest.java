package io.phaseload.client.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.plan.OpenPhases;
import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Spacing;
import io.phaseload.client.record.RecordFile;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Reasons;
import io.phaseload.client.result.ArrivalStats;
import io.phaseload.client.result.LatencyRecorder;
import io.phaseload.client.result.PhaseResult;
import io.phaseload.client.result.RunResult;
import io.phaseload.client.testing.TestInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep's lateness equals the one a reading of the whole recording gives (every iteration's
 * begin, due and end held, the iterations in flight counted from them sorted), for a recording in
 * memory and for the same run streamed from its record, whose requests come in another order and in
 * many chunks.
 */
class LatenessSweepTest {

  private static final long MS = 1_000_000;

  @TempDir Path dir;

  @Test
  void iterationsOfThreeRequestsSomeCutShortMatchTheWholeReading() throws Exception {
    sameAsWholeReading(run(3, 3_000, 8), 8);
  }

  @Test
  void manyChunksOfOneRequestStreamedMatchTheWholeReading() throws Exception {
    sameAsWholeReading(run(1, 90_000, 20), 20);
  }

  private void sameAsWholeReading(RunResult run, int threads) throws Exception {
    LatencyRecorder rec = run.recording();
    List<LatenessSweep.Window> windows = new ArrayList<>();
    for (int p = 0; p < rec.phaseCount(); p++) {
      windows.add(LatenessSweep.Window.of(p, threads));
      long from = run.phases().get(p).startNanos();
      windows.add(new LatenessSweep.Window(p, threads / 2, from + 200 * MS, from + 900 * MS));
    }
    List<Lateness> expected = wholeReading(rec, windows);
    assertTrue(expected.get(0).late() > 10, "the run has late arrivals: " + expected);
    assertTrue(expected.get(0).busy() > 0 && expected.get(0).free() > 0, expected.toString());
    assertEquals(expected, LatenessSweep.of(rec, windows));

    Path file = dir.resolve("run.plr");
    RecordFile.write(file, run, TestInfo.of(run.plan(), 7), List.of("GET /"));
    LatencyRecorder streamed = RecordFile.open(file).recording();
    assertTrue(streamed.isStreamed());
    assertEquals(expected, LatenessSweep.of(streamed, windows));
  }

  /** Each iteration's times held, and the iterations in flight found from them sorted. */
  private static List<Lateness> wholeReading(
      LatencyRecorder rec, List<LatenessSweep.Window> windows) {
    List<long[]> units = new ArrayList<>(); // phase, begin, due, end
    for (int p = 0; p < rec.phaseCount(); p++) {
      for (int a = 0; a < rec.units(p, 0); a++) {
        int first = rec.start(p, 0, a);
        if (rec.reached(first)) {
          units.add(
              new long[] {
                p, rec.startNanos(first), rec.intendedNanos(first), rec.lastAnswerNanos(first, 0)
              });
        }
      }
    }
    long[] begins = units.stream().mapToLong(u -> u[1]).sorted().toArray();
    long[] ends = units.stream().mapToLong(u -> u[3]).sorted().toArray();
    List<Lateness> out = new ArrayList<>();
    for (LatenessSweep.Window w : windows) {
      long late = 0;
      long busy = 0;
      int peak = 0;
      long held = 0;
      long counted = 0;
      for (long[] u : units) {
        if (u[0] != w.phase() || u[2] < w.fromNanos() || u[2] >= w.toNanos()) {
          continue;
        }
        if (u[3] > u[1]) {
          held += u[3] - u[1];
          counted++;
        }
        peak = Math.max(peak, inFlight(begins, ends, u[1]));
        if (u[1] - u[2] > ArrivalStats.LATE_NANOS) {
          late++;
          if (inFlight(begins, ends, u[2]) >= w.threads()) {
            busy++;
          }
        }
      }
      out.add(new Lateness(late, busy, late - busy, peak, counted == 0 ? 0 : held / counted));
    }
    return out;
  }

  private static int inFlight(long[] begins, long[] ends, long t) {
    return atMost(begins, t) - atMost(ends, t);
  }

  private static int atMost(long[] sorted, long t) {
    int i = Arrays.binarySearch(sorted, t);
    if (i < 0) {
      return -i - 1;
    }
    while (i + 1 < sorted.length && sorted[i + 1] == t) {
      i++;
    }
    return i + 1;
  }

  /**
   * Two phases of {@code arrivals} each, due evenly over a second, taken by {@code threads}
   * threads: each arrival begins when its time has come and a thread is free (some a little late
   * even then), its requests one after another; one in 300 iterations is cut short.
   */
  private static RunResult run(int perUnit, int arrivals, int threads) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < perUnit; i++) {
      names.add("r" + i);
    }
    LoadPlan plan =
        LoadPlan.of(threads, arrivals, List.of(1.0, 1.0), names)
            .withModel(new OpenPhases(arrivals, Duration.ofSeconds(1), Spacing.UNIFORM));
    LatencyRecorder rec = LatencyRecorder.allocate(plan);
    SplittableRandom random = new SplittableRandom(39);
    long[] free = new long[threads];
    List<PhaseResult> phases = new ArrayList<>();
    long phaseStart = 0;
    for (Phase phase : plan.phases()) {
      int p = phase.index();
      for (int a = 0; a < rec.units(p, 0); a++) {
        long due = phaseStart + a * 1_000 * MS / arrivals;
        int thread = 0;
        for (int i = 1; i < threads; i++) {
          thread = free[i] < free[thread] ? i : thread;
        }
        long t = Math.max(due, free[thread]) + (random.nextInt(20) == 0 ? 2 * MS : 0);
        int first = rec.start(p, 0, a);
        for (int i = 0; i < perUnit; i++) {
          if (random.nextInt(300) == 0) {
            break;
          }
          long latency = random.nextLong(threads * 1_000 * MS / arrivals * 2);
          rec.recordOpen(first + i, due, t, latency, p, i, Outcome.of(Outcome.OK, 200));
          t += latency + random.nextLong(50_000);
        }
        free[thread] = t;
      }
      phases.add(new PhaseResult(phase, phaseStart, 1_000 * MS, false));
      phaseStart += 1_000 * MS;
    }
    return new RunResult(
        plan,
        1_700_000_000_000_000_000L,
        phaseStart,
        PhaseResult.counted(phases, rec, plan),
        rec,
        new Reasons(),
        null,
        threads,
        false,
        List.of());
  }
}
