package io.phaseload.client.result;

import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.request.Reasons;
import java.util.List;

/**
 * A finished (or stopped) run: the plan, what ran when, the recording of every request and the
 * messages behind its failure reasons. Everything a report needs besides the statistics.
 *
 * @param startEpochNanos wall-clock time the run began, nanoseconds since the epoch (as precise as
 *     the clock): what places shards run on different machines on one time axis
 * @param wallNanos from the first phase's setup to the last phase's end: phases + setup + other;
 *     for shards merged, from the first shard's start to the last one's end
 * @param phases the phases that started, in order
 * @param reasons the messages of the failure reasons the recording refers to
 * @param stopReason null if the run completed; otherwise why it stopped early
 * @param seed the seed the requests' random variables drew from
 * @param seedPrinted whether any request drew from it, so that reports name it
 * @param shards for the merged records of several generators, each one's run (empty for one
 *     generator's own run)
 * @param openedAhead the connections opened before the clock started, in the setup (the open
 *     model); null if none were, or the run was read back from records
 */
public record RunResult(
    LoadPlan plan,
    long startEpochNanos,
    long wallNanos,
    List<PhaseResult> phases,
    LatencyRecorder recording,
    Reasons reasons,
    String stopReason,
    long seed,
    boolean seedPrinted,
    List<ShardRun> shards,
    OpenedAhead openedAhead) {

  public RunResult {
    phases = List.copyOf(phases);
    shards = List.copyOf(shards);
  }

  /** A run that opened no connections ahead, or the merge of several generators' records. */
  public RunResult(
      LoadPlan plan,
      long startEpochNanos,
      long wallNanos,
      List<PhaseResult> phases,
      LatencyRecorder recording,
      Reasons reasons,
      String stopReason,
      long seed,
      boolean seedPrinted,
      List<ShardRun> shards) {
    this(
        plan,
        startEpochNanos,
        wallNanos,
        phases,
        recording,
        reasons,
        stopReason,
        seed,
        seedPrinted,
        shards,
        null);
  }

  /** One generator's own run. */
  public RunResult(
      LoadPlan plan,
      long startEpochNanos,
      long wallNanos,
      List<PhaseResult> phases,
      LatencyRecorder recording,
      Reasons reasons,
      String stopReason,
      long seed,
      boolean seedPrinted) {
    this(
        plan,
        startEpochNanos,
        wallNanos,
        phases,
        recording,
        reasons,
        stopReason,
        seed,
        seedPrinted,
        List.of());
  }

  /** Wall-clock time the run began, milliseconds since the epoch. */
  public long startEpochMillis() {
    return Math.floorDiv(startEpochNanos, 1_000_000L);
  }

  /** Whether this is the merge of several generators' records. */
  public boolean merged() {
    return !shards.isEmpty();
  }

  public boolean partial() {
    return stopReason != null;
  }

  /** Time in the phases themselves, from each start gate to its last thread's end. */
  public long phaseNanos() {
    return phases.stream().mapToLong(PhaseResult::durationNanos).sum();
  }

  /** Time before the phases' start gates: starting their threads and opening their sessions. */
  public long setupNanos() {
    return phases.stream().mapToLong(PhaseResult::setupNanos).sum();
  }

  /** The rest of the wall time: listeners and bookkeeping between phases. */
  public long otherNanos() {
    return wallNanos - phaseNanos() - setupNanos();
  }

  /** Names of the plan's phases that never started (a stopped run). */
  public List<String> phasesNotReached() {
    return plan.phases().subList(phases.size(), plan.phases().size()).stream()
        .map(p -> p.name())
        .toList();
  }

  /**
   * This run with its requests read through {@code recording}, of the same layout and the same
   * requests ({@link SharedPasses}): nothing is counted again.
   */
  RunResult withRecording(LatencyRecorder recording) {
    return with(phases, recording);
  }

  /**
   * This run with its requests read from {@code recording} (its record on disk, streamed), and its
   * open-model phases' arrivals counted there where the run left them uncounted.
   */
  public RunResult readFrom(LatencyRecorder recording) {
    return with(
        recording.hasIntendedStarts() ? PhaseResult.counted(phases, recording, plan) : phases,
        recording);
  }

  private RunResult with(List<PhaseResult> phases, LatencyRecorder recording) {
    return new RunResult(
        plan,
        startEpochNanos,
        wallNanos,
        phases,
        recording,
        reasons,
        stopReason,
        seed,
        seedPrinted,
        shards,
        openedAhead);
  }
}
