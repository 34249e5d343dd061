package io.phaseload.client.engine.loop;

/**
 * What an {@link EventLoop} drives: a connection registered with its selector, the key's
 * attachment. Called on the loop's thread only.
 */
interface LoopChannel {

  /** The selector found the connection ready for {@code ops} ({@code SelectionKey.OP_*}). */
  void ready(int ops);

  /** Ends the request in flight if its time is up at {@code now}. */
  void expireAt(long now);

  /** The engine was aborted: the request in flight fails as aborted, the connection closes. */
  void abort();

  /** Closes the connection; a request in flight is dropped unanswered. */
  void disconnect();
}
