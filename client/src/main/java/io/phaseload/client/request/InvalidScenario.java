package io.phaseload.client.request;

/** A scenario file that cannot be used; the message is one line naming the file and the problem. */
public final class InvalidScenario extends Exception {
  private static final long serialVersionUID = 1L;

  InvalidScenario(String message) {
    super(message, null, false, false);
  }
}
