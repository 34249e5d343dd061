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
   * @throws UnreachableException saying why in a few words
   */
  public static void require(Target target, Duration timeout) throws UnreachableException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(target.host(), target.port()), (int) timeout.toMillis());
    } catch (UnknownHostException e) {
      throw new UnreachableException(target, "unknown host " + target.host());
    } catch (SocketTimeoutException e) {
      throw new UnreachableException(target, "no answer within " + timeout.toMillis() + " ms");
    } catch (IOException | IllegalArgumentException e) {
      throw new UnreachableException(
          target, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
  }
}
