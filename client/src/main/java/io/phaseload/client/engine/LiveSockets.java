package io.phaseload.client.engine;

import java.io.Closeable;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every connection an engine has open, so that {@link #abort} can close them all at once: threads
 * blocked in I/O then return, and later connects are refused. Thread-safe; touched on connect and
 * disconnect only, never per request.
 */
public final class LiveSockets {

  private final Set<Closeable> live = ConcurrentHashMap.newKeySet();
  private volatile boolean aborted;

  /** Registers a new connection; closes nothing, but refuses it if the engine was aborted. */
  public void connected(Closeable socket) throws IOException {
    live.add(socket);
    if (aborted) {
      live.remove(socket);
      throw new Failures.AbortedException();
    }
  }

  public void disconnected(Closeable socket) {
    live.remove(socket);
  }

  public boolean aborted() {
    return aborted;
  }

  /**
   * Closes every registered connection and refuses new ones; from any thread, any number of times.
   */
  public void abort() {
    aborted = true;
    for (Closeable s : live) {
      try {
        s.close();
      } catch (IOException e) {
        // closing is all we want; a failure to close leaves nothing more to do
      }
    }
  }
}
