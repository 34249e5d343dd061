package io.phaseload.client.engine;

import java.util.Arrays;
import java.util.Locale;

/** The HTTP engines {@code --engine} chooses from; the first is the default. */
public enum EngineKind {
  /**
   * Event loops, one per core, each driving many non-blocking connections: a user is a connection
   * and a state machine, not a thread ({@code engine.loop.LoopEngine}).
   */
  LOOP,
  /**
   * A thread per user, blocking on its own socket, over the same codec and the same drivers as the
   * loops: the seeds' shape ({@link RawEngine}). Its earlier name, {@code raw}, is still taken.
   */
  THREADS,
  /** The Jersey client on Apache HttpClient 5, another HTTP stack to cross-check against. */
  JERSEY;

  /** The lower-case name the command line and reports use. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a name typed by a person, in any case; {@code raw} is {@link #THREADS}. */
  public static EngineKind parse(String name) {
    String typed = name.trim().toLowerCase(Locale.ROOT);
    if (typed.equals("raw")) {
      return THREADS;
    }
    for (EngineKind k : values()) {
      if (k.label().equals(typed)) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        "engine must be one of "
            + String.join(", ", Arrays.stream(values()).map(EngineKind::label).toList())
            + ", got '"
            + name
            + "'");
  }
}
