package io.phaseload.client.report;

import io.phaseload.client.request.Outcome;
import io.phaseload.client.stats.Group;
import io.phaseload.client.stats.Summary;

/**
 * The line a contract run gets when its target plainly does not speak the sayHello contract: not
 * one request succeeded and every GET failed the contract's body check. Without it a user who
 * pointed HOST PORT at their own service reads "bad body" on every request and no word of why.
 * Stateless.
 */
public final class ContractHint {

  private ContractHint() {}

  /** Whether a run of the built-in contract summed up as {@code summary} gets the line. */
  public static boolean applies(Summary summary) {
    if (summary.total().ok() != 0) {
      return false;
    }
    for (Group g : summary.requests()) {
      if (g.request().equals("GET")) {
        return g.sent() > 0 && g.count(Outcome.BAD_BODY) == g.sent();
      }
    }
    return false;
  }

  /** The line, naming {@code target} (the contract's URL) in the plain request to send instead. */
  public static String line(String target) {
    return "Note: "
        + target
        + " does not answer the sayHello contract (every GET failed its JSON check); to send"
        + " one plain GET per iteration instead, run with --url "
        + target
        + " and no --contract (-X, -d or --scenario for other requests)";
  }
}
