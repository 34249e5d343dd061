package io.phaseload.client.run;

/**
 * A run that cannot start as asked, found before anything is sent: too large for the heap or for
 * the open-files limit. The message is one line saying what to change.
 */
public final class RunRefusedException extends Exception {
  private static final long serialVersionUID = 1L;

  public RunRefusedException(String message) {
    super(message, null, false, false);
  }
}
