package io.phaseload.client.engine.loop;

/**
 * What an {@link EventLoop} drives: a protocol's connection, registered with the loop's selector
 * through its {@link LoopSocket}, the key's attachment. Every protocol's connection is one ({@code
 * engine.http1}, {@code engine.http2}). Called on the loop's thread only.
 */
public interface LoopChannel {

  /** The selector found the connection ready for {@code ops} ({@code SelectionKey.OP_*}). */
  void ready(int ops);

  /** Ends the request in flight if its time is up at {@code now}. */
  void expireAt(long now);

  /** The engine was aborted: the request in flight fails as aborted, the connection closes. */
  void abort();

  /** Closes the connection; a request in flight is dropped unanswered. */
  void disconnect();
}
