package io.phaseload.client.run;

import io.phaseload.client.engine.Engine;
import io.phaseload.client.engine.EngineSettings;
import io.phaseload.client.engine.JerseyEngine;
import io.phaseload.client.engine.RawEngine;
import io.phaseload.client.engine.loop.LoopEngine;
import java.util.concurrent.Executor;

/**
 * Makes the engine a run asks for. Here, above the engines, because the loop engine's package
 * builds on the engine package and so cannot be named from it.
 */
public final class Engines {

  private Engines() {}

  /**
   * An engine as {@code settings} describe, whose event loops, if it has any, are tasks of {@code
   * run}: the run's one executor, which must then give each a platform thread for the engine's
   * life. The engine is to be closed before the executor is shut down.
   */
  public static Engine create(EngineSettings settings, Executor run) {
    return switch (settings.kind()) {
      case THREADS -> new RawEngine(settings);
      case JERSEY -> new JerseyEngine(settings);
      case LOOP -> new LoopEngine(settings, run);
    };
  }

  /** An engine as {@code settings} describe, outside a run: its loops on threads of their own. */
  public static Engine create(EngineSettings settings) {
    return create(settings, LoopEngine.OWN_THREADS);
  }
}
