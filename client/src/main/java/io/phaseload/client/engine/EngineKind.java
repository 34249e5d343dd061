package io.phaseload.client.engine;

import java.util.Arrays;
import java.util.Locale;

/** The HTTP engines {@code --engine} chooses from; the first is the default. */
public enum EngineKind {
  /** A lean blocking HTTP/1.1 client on plain sockets: {@link RawEngine}. */
  RAW,
  /** The Jersey client on Apache HttpClient 5: {@link JerseyEngine}. */
  JERSEY,
  /** Event loops driving many non-blocking connections each: {@code engine.loop.LoopEngine}. */
  LOOP;

  /** The lower-case name the command line and reports use. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a name typed by a person, in any case. */
  public static EngineKind parse(String name) {
    for (EngineKind k : values()) {
      if (k.label().equals(name.trim().toLowerCase(Locale.ROOT))) {
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
