package io.phaseload.client.run;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.EngineSettings;
import io.phaseload.client.engine.JerseyEngine;
import io.phaseload.client.engine.RawEngine;
import io.phaseload.client.engine.loop.LoopEngine;

/**
 * Makes the engine a run asks for. Here, above the engines, because the loop engine's package
 * builds on the engine package and so cannot be named from it.
 */
public final class Engines {

  private Engines() {}

  /** An engine as {@code settings} describe. */
  public static Engine create(EngineSettings settings) {
    return switch (settings.kind()) {
      case THREADS -> new RawEngine(settings);
      case JERSEY -> new JerseyEngine(settings);
      case LOOP -> new LoopEngine(settings);
    };
  }
}
