package io.phaseload.client.engine;

import io.phaseload.client.result.OpenedAhead;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * What an engine needs of the run to drive its users ({@link Engine#drive}). Immutable; its parts
 * are thread-safe.
 *
 * @param executor the run's one executor, which every phase's user threads run on
 * @param clock the run's clock, which the recording uses
 * @param waitUntil how a thread waits until a time on that clock
 * @param stop stops the run with a reason (a user thread that could not start, or failed)
 * @param stopped whether the run is stopping: a user waiting for its time is woken to see it, and
 *     answers {@link User#DONE}
 * @param openedAhead where the engine counts the connections it opens before the clock starts, for
 *     the users that ask ({@link User#opensAhead}), if it keeps its connections
 */
public record Drive(
    ExecutorService executor,
    LongSupplier clock,
    LongConsumer waitUntil,
    Consumer<String> stop,
    BooleanSupplier stopped,
    OpenedAhead openedAhead) {}
