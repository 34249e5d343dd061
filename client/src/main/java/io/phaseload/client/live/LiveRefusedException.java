package io.phaseload.client.live;

/** {@code --live} or {@code --push} cannot work: one line for a person, before the run. */
public final class LiveRefusedException extends Exception {

  private static final long serialVersionUID = 1L;

  public LiveRefusedException(String message) {
    super(message);
  }
}
