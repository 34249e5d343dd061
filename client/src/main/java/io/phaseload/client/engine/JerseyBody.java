package io.phaseload.client.engine;

import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hc.client5.http.classic.methods.HttpUriRequest;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.glassfish.jersey.apache5.connector.Apache5ConnectionClosingStrategy;
import org.glassfish.jersey.client.ClientRequest;

/**
 * Reads a Jersey response's body whole, as the raw engines do, within the read timeout counted from
 * the request's start: a body that keeps coming (endless, or trickled) fails as {@link
 * Failures.SlowResponseException}, and its connection is aborted, not drained, since draining an
 * endless body never ends. Used by the Jersey engine's user threads; the abandoned mark is per
 * thread.
 */
final class JerseyBody {

  private static final ThreadLocal<Boolean> ABANDONED = ThreadLocal.withInitial(() -> false);

  private JerseyBody() {}

  /**
   * Reads the body of {@code response} by {@code deadline} ({@link System#nanoTime}), keeping its
   * first bytes in {@code kept} (as many as it was started for) and dropping the rest, as the raw
   * engines do: a body larger than the heap is read, not held.
   */
  static void read(Response response, long deadline, KeptBody kept, byte[] buf) throws IOException {
    InputStream in = response.readEntity(InputStream.class);
    for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
      kept.keep(buf, 0, n);
      if (System.nanoTime() - deadline >= 0) {
        ABANDONED.set(true);
        throw new Failures.SlowResponseException();
      }
    }
  }

  /**
   * Closes a response as Jersey's graceful strategy does, but aborts the connection of one whose
   * body was abandoned, instead of reading it to its end.
   */
  static final class Closing implements Apache5ConnectionClosingStrategy {
    private final Apache5ConnectionClosingStrategy graceful =
        new Apache5ConnectionClosingStrategy.Apache5GracefulClosingStrategy();

    @Override
    public void close(
        ClientRequest clientRequest,
        HttpUriRequest request,
        CloseableHttpResponse response,
        InputStream entityStream)
        throws IOException {
      if (ABANDONED.get()) {
        ABANDONED.set(false);
        request.abort();
        response.close();
        return;
      }
      graceful.close(clientRequest, request, response, entityStream);
    }
  }
}
