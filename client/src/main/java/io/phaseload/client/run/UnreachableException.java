package io.phaseload.client.run;

import io.phaseload.client.plan.Target;

/** The target did not accept a TCP connection before the run. The message says why. */
public final class UnreachableException extends Exception {
  private static final long serialVersionUID = 1L;

  public UnreachableException(Target target, String reason) {
    super("cannot connect to " + target + " (" + reason + ")", null, false, false);
  }
}
