package io.phaseload.client.live;

import io.phaseload.client.plan.Phase;
import io.phaseload.client.result.PhaseResult;
import java.io.PrintStream;

/**
 * Somewhere a run's figures go while it runs: the {@code --live} port (the page, and {@code
 * /metrics} for Prometheus to pull), the {@code --push} Pushgateway, the Prometheus metrics both
 * serve. The run hands every output the same things, in this order: {@link #open} before the run;
 * {@link #runStarted} and each phase's boundaries as they happen; once a second each request read
 * from the recording since ({@link #request}) and then the moment's figures ({@link #moment});
 * after the run the last of both, exact, and {@link #finished}. Nothing reaches an output from the
 * threads that send requests: a feed thread reads what they recorded.
 *
 * <p>Threads: {@link #open}, {@link #finished}, {@link #report} and {@link #close} come from the
 * command's thread; {@link #runStarted}, {@link #phaseStarted} and {@link #phaseFinished} from the
 * run's thread, and must not block; {@link #request} and {@link #moment} from the one feed thread,
 * in turn, so an output's state of them needs no lock, but what it shares with the phase events or
 * its own threads does.
 */
public interface LiveOutput {

  /**
   * Before the run: binds, connects, makes a first push.
   *
   * @throws LiveRefusedException with one line for a person, if the output cannot work; the run is
   *     then not started
   */
  default void open(LiveRun run) throws LiveRefusedException {}

  /** The run began: its first phase follows. */
  default void runStarted() {}

  default void phaseStarted(Phase phase) {}

  /** Every user has left the phase. */
  default void phaseFinished(PhaseResult result) {}

  /**
   * One request read from the recording: each request of the run comes once, in the order the feed
   * reads the threads' slices.
   *
   * @param request its index among the plan's request names
   * @param outcome its {@link io.phaseload.client.request.Outcome} code
   * @param startNanos its send, since the run began
   * @param latencyNanos its latency: in the open model from the intended send (corrected for
   *     coordinated omission)
   * @param serviceNanos from its actual send to its end
   * @param lateArrival whether it began an open-model arrival late, as {@link
   *     io.phaseload.client.result.ArrivalStats} counts it
   */
  default void request(
      int request,
      int outcome,
      long startNanos,
      long latencyNanos,
      long serviceNanos,
      boolean lateArrival) {}

  /** The figures after a reading: once a second, and once more, exact, after the run. */
  default void moment(LiveMoment moment) {}

  /**
   * After the run, once the last moment was handed over.
   *
   * @param finalPage the run's report page (the {@code --html} page), for an output that shows one;
   *     null for none
   */
  default void finished(String finalPage) throws InterruptedException {}

  /** After the run: a line of what the output did, if it has one to say. */
  default void report(PrintStream out) {}

  /** Stops the output's threads and releases what it holds; may come without {@link #open}. */
  default void close() {}
}
