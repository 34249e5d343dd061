package io.phaseload.client.cli;

/**
 * The exit codes of every command, one meaning each; {@code --help}, the README and docs/cli.md
 * list them. Constants only.
 */
public final class ExitCode {

  /** Every request left the client and succeeded, and the run was not stopped early. */
  public static final int OK = 0;

  /** Requests failed or were not sent, the run stopped early, or the target was unreachable. */
  public static final int FAILED = 1;

  /** A bad command line, or a file the tool refuses: nothing was sent. */
  public static final int USAGE = 2;

  /** Every request succeeded and the run was whole, but an SLO ({@code --slo}) failed. */
  public static final int SLO_FAILED = 3;

  /** {@code compare}: a percentile got slower by more than {@code --fail-on-regression}. */
  public static final int REGRESSION = 4;

  /**
   * {@code capacity}: the client's own limit ended the search before the service's did: its cap on
   * requests in flight ({@code --threads}, raised as far as {@code --max-threads} and the
   * open-files limit allow) or its CPU. The rate it held is a lower bound, not the service's
   * capacity.
   */
  public static final int CLIENT_LIMITED = 5;

  /** Interrupted (Ctrl-C): the report covers what ran. */
  public static final int INTERRUPTED = 130;

  private ExitCode() {}

  /**
   * A finished run's code: failures or a stop first (1), then the SLOs (3), else 0.
   *
   * @param clean every request succeeded, the run was whole and its reports were written
   */
  static int of(boolean clean, boolean slosPassed) {
    return !clean ? FAILED : slosPassed ? OK : SLO_FAILED;
  }
}
