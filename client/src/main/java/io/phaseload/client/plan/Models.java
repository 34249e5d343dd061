package io.phaseload.client.plan;

/**
 * Builds a load model again from what it wrote of itself ({@link Model#settings}), as a record
 * file's reader needs: the one place that names every model type to choose among them.
 */
public final class Models {

  private Models() {}

  /** The model whose {@link Model#settings} are {@code s}. */
  public static Model of(Settings s) {
    if (s.hasRate()) {
      return s.stages().isEmpty()
          ? new OpenPhases(s.rate(), s.phaseLength(), s.arrivals())
          : new OpenStages(s.stages(), s.arrivals());
    }
    return s.stages().isEmpty() ? ClosedPhases.INSTANCE : new ClosedStages(s.stages());
  }
}
