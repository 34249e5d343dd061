package io.phaseload.client.engine.loop;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.request.Vars;
import java.util.concurrent.locks.LockSupport;

/**
 * The loop engine seen as a blocking {@link Engine.Session}: {@link #execute} hands the request to
 * the user's loop and parks until the loop has its outcome. For callers that wait on each request;
 * a run's phases drive {@link LoopUser}s directly, without a thread per user.
 *
 * <p>Not thread-safe: used by the thread that opened it.
 */
final class LoopSession implements Engine.Session, Caller, Runnable {

  private LoopUser user;
  private Thread waiter;
  private int request;
  private Vars vars;
  private volatile int outcome;

  /** Gives the session its user, made with the session as its caller. */
  void bind(LoopUser loopUser) {
    this.user = loopUser;
  }

  @Override
  public int execute(int request, Vars vars) {
    this.request = request;
    this.vars = vars;
    this.waiter = Thread.currentThread();
    outcome = 0;
    user.execute(this);
    while (outcome == 0) {
      LockSupport.park(this);
    }
    return outcome;
  }

  @Override
  public int capture(int outcome, int request, Vars vars) {
    return user.capture(outcome, request, vars);
  }

  /** On the loop thread: sends the request {@link #execute} was given. */
  @Override
  public void run() {
    user.send(request, vars);
  }

  @Override
  public void answered(int result) {
    outcome = result;
    LockSupport.unpark(waiter);
  }

  @Override
  public long connectNanos() {
    return user.connectNanos();
  }

  @Override
  public long tlsNanos() {
    return user.tlsNanos();
  }

  @Override
  public long firstByteNanos() {
    return user.firstByteNanos();
  }

  @Override
  public long streamWaitNanos() {
    return user.streamWaitNanos();
  }

  @Override
  public void close() {
    user.execute(user::close);
  }
}
