package io.phaseload.client.cli;

/** The command line is wrong: the message is one line a person can act on. Exit code 2. */
public final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message, null, false, false);
  }
}
