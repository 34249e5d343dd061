package io.phaseload.client.result;

import io.phaseload.client.plan.Phase;
import io.phaseload.client.plan.Shard;
import java.util.List;

/**
 * One generator's part of a merged run: who it was, when it started and what it sent. Immutable.
 *
 * @param host the machine's name, as the generator saw it
 * @param java the generator's JDK
 * @param startEpochNanos when its run began, nanoseconds since the epoch
 * @param offsetNanos its start after the earliest shard's: the skew between the generators' starts
 *     (as far as their clocks agree)
 * @param phases its phases, their starts on the merged run's axis (from the earliest shard's start)
 * @param stopReason null if its run completed
 */
public record ShardRun(
    Shard shard,
    String host,
    String java,
    long startEpochNanos,
    long offsetNanos,
    long wallNanos,
    List<PhaseResult> phases,
    long sent,
    long failed,
    long notSent,
    String stopReason) {

  public ShardRun {
    phases = List.copyOf(phases);
  }

  /**
   * Whether this shard had threads in {@code phase} (one of the whole plan's); else it skipped it.
   */
  public boolean hadThreads(Phase phase) {
    return shard.share(phase.threads()) > 0;
  }
}
