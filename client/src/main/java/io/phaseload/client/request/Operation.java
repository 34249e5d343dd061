package io.phaseload.client.request;

/** The two requests of one iteration, in the order they are sent. */
public enum Operation {
  GET,
  POST;

  private static final Operation[] VALUES = values();

  /** The operation for its ordinal; the recorder stores ordinals. */
  public static Operation of(int ordinal) {
    return VALUES[ordinal];
  }
}
