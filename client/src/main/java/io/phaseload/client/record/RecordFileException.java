package io.phaseload.client.record;

/** A record file that cannot be used, with one line saying which and why. */
public final class RecordFileException extends Exception {
  private static final long serialVersionUID = 1L;

  public RecordFileException(String message) {
    super(message);
  }
}
