package io.phaseload.client.run;

import io.phaseload.client.plan.Target;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;

/** One TCP connect before a run, so that an unreachable target is one clear line, not a report. */
public final class Reachability {

  private Reachability() {}

  /**
   * Connects to the target's host and port within {@code timeout}.
   *
   * @return null if reachable, else the reason in a few words
   */
  public static String check(Target target, Duration timeout) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(target.host(), target.port()), (int) timeout.toMillis());
      return null;
    } catch (UnknownHostException e) {
      return "unknown host " + target.host();
    } catch (SocketTimeoutException e) {
      return "no answer within " + timeout.toMillis() + " ms";
    } catch (IOException | IllegalArgumentException e) {
      return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
  }
}
