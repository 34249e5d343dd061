package io.phaseload.client.run;

import io.phaseload.client.engine.loop.LoopEngine;
import io.phaseload.client.plan.LoadPlan;
import io.phaseload.client.result.LatencyRecorder;
import java.util.function.LongSupplier;

/**
 * What a phase on the event-loop engine needs of its run, closed model ({@link LoopPhase}) or open
 * ({@link LoopArrivals}). Immutable; its parts are thread-safe as {@link PhaseRunner} documents.
 *
 * @param nanoTime the run's clock, which the recording uses
 * @param stop whether the run stops, and its failure budget
 * @param seed the run's seed, for the users' random variables
 * @param gaps where closed-model users leave their response-to-send gaps
 */
record LoopRun(
    LoadPlan plan,
    LoopEngine engine,
    LatencyRecorder recorder,
    LongSupplier nanoTime,
    RunStop stop,
    long seed,
    SendGaps gaps) {}
