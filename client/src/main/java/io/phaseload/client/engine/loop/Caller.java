package io.phaseload.client.engine.loop;

/**
 * What a {@link LoopUser} tells when its request ends. Called on the user's loop thread only, so an
 * implementation may send the next request from {@link #answered} at once, without locks.
 */
public interface Caller {

  /**
   * The request last sent is over.
   *
   * @param outcome a packed {@link io.phaseload.client.request.Outcome}, never 0
   */
  void answered(int outcome);
}
