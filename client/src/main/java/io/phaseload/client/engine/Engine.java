package io.phaseload.client.engine;

import io.phaseload.client.request.ContractAnswer;
import io.phaseload.client.request.Outcome;
import io.phaseload.client.request.Vars;
import io.phaseload.client.result.ExchangeTimes;
import io.phaseload.client.result.OpenedAhead;
import java.util.function.LongConsumer;

/**
 * Sends an iteration's requests to one target. An engine is shared by all user threads; each thread
 * opens its own {@link Session} and uses it alone.
 *
 * <p>Implementations must be thread-safe for {@link #open}; {@link #close} is called once, after
 * every session is closed.
 */
public interface Engine extends AutoCloseable {

  /** A session for the calling thread. Never throws: connection errors surface per request. */
  Session open();

  /**
   * Loads and initialises every class the hot path and the failure path need, before the first
   * phase: a class first loaded mid-run may need a file descriptor (a jar, time-zone data) just
   * when the run has used them all. Called once, before any session is opened.
   */
  default void prepare() {
    ContractAnswer.prepare();
    Failures.prepare();
  }

  /**
   * Runs a phase's {@code users} until every one is {@link User#DONE}: a blocking engine gives each
   * a thread of the run's executor, blocking on its own {@link Session}; the event-loop engine runs
   * them on its loops. Calls {@code started} with the clock's time once every user is ready to send
   * (sessions opened) and before any sends.
   *
   * @throws InterruptedException if the calling thread is interrupted while the users run
   */
  void drive(User[] users, Drive how, LongConsumer started) throws InterruptedException;

  /**
   * Closes every open connection at once, so that threads blocked in I/O return (their requests
   * count as I/O errors) and later requests fail fast. For a run that must end now: Ctrl-C after
   * its grace period, or the run deadline. Thread-safe; may be called from any thread, more than
   * once.
   */
  void abort();

  @Override
  void close();

  /**
   * One user thread's view of the target: for the raw engine its own connection, for Jersey a
   * handle on the shared pool. Not thread-safe; used by the thread that opened it. Its {@link
   * ExchangeTimes} are the last {@link #execute}'s, measured by engines made with {@link
   * EngineSettings#keepAlive} false.
   */
  interface Session extends AutoCloseable, ExchangeTimes {

    /**
     * Sends request {@code request} of the scenario, rendered with the thread's {@code vars}, and
     * reads the whole response.
     *
     * @return a packed {@link Outcome}; never throws, never returns 0
     */
    int execute(int request, Vars vars);

    /**
     * Takes request {@code request}'s captures from the response {@link #execute} just returned
     * into {@code vars}, after it was timed, and returns its outcome: {@code outcome}, or a capture
     * failure ({@link io.phaseload.client.request.Capture#takeAll}).
     */
    int capture(int outcome, int request, Vars vars);

    /**
     * Opens the session's connections now, one per origin, connected and TLS-handshaken, before the
     * run's clock starts ({@link User#opensAhead}), each within the connect and read timeouts, and
     * counts each into {@code tally}. Does nothing for an engine that opens a connection per
     * request ({@link EngineSettings#keepAlive} false) or whose connections are a shared pool's.
     */
    default void openAhead(OpenedAhead tally) {}

    @Override
    void close();
  }
}
