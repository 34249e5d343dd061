package io.phaseload.server;

import io.phaseload.common.Contract;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.grizzly.nio.SelectorRunner;

/**
 * {@code GET /work?ms=N} answered by Grizzly alone, beside Jersey: the request is suspended, and
 * {@link WorkTimer} writes the contract's answer and resumes it when its time is up. Every other
 * request to {@code /work} (a POST, a HEAD, an {@code Accept} that may not take JSON, an {@code ms}
 * that is not a number) goes to {@link WorkResource} in Jersey, which defines them.
 *
 * <p>Why: under 10,000 requests in flight at 10,000/s ({@code /work?ms=1000}), Jersey's path held
 * 6,205/s on 1.36 of the machine's 2 cores, more than half of them in G1 (perf: 53 % of
 * server.jar's samples in libjvm), copying the objects of the requests that waited from one young
 * collection to the next. This path held 10,000/s on 0.75 cores. Thread-safe (stateless besides its
 * parts).
 */
final class WorkHandler {

  private static final byte[] ANSWER = Contract.GET_ANSWER.getBytes(StandardCharsets.UTF_8);

  private static final String JSON = "application/json";

  private static final String ENDPOINT = "GET " + WorkResource.PATH;

  private final WorkTimer timer;
  private final RequestStats stats;

  WorkHandler(WorkTimer timer, RequestStats stats) {
    this.timer = timer;
    this.stats = stats;
  }

  /**
   * The delay in milliseconds of a request this handler answers, a GET of exactly {@code /work}
   * whose {@code ms} is a valid delay and whose {@code Accept}, if any, takes JSON; -1 for any
   * other request, which Jersey answers.
   */
  static int delay(Request request) {
    return request.getMethod() == Method.GET
            && WorkResource.PATH.equals(request.getRequestURI())
            && takesJson(request.getHeader("Accept"))
        ? WorkResource.delay(request.getParameter("ms"))
        : -1;
  }

  /** Answers {@code request}, whose {@link #delay} is {@code ms}, after that delay. */
  void serve(Request request, Response response, int ms) throws IOException {
    stats.onReceived();
    if (ms == 0) {
      answer(response);
      return;
    }
    response.suspend();
    Connection<?> connection = request.getContext().getConnection();
    Runnable answer =
        () -> {
          try {
            answer(response);
          } catch (IOException e) {
            // the client went away while it waited; nothing is left to tell it
          } finally {
            response.resume();
          }
        };
    timer.at(ms, () -> onSelector(connection, answer));
  }

  /**
   * Runs {@code task} on the selector thread that reads {@code connection}, where Grizzly parsed
   * its request: its buffers and request objects come from that thread's caches and go back to
   * them. Answered on the timer's thread, every answer allocated its own, twice the bytes per
   * request (JFR, 10,000/s of {@code /work?ms=1000}: 2.8 GB against 1.4 GB in 35 s). Grizzly queues
   * the task and wakes the selector; a connection of another kind is answered where it stands.
   */
  private static void onSelector(Connection<?> connection, Runnable task) {
    if (connection instanceof NIOConnection nio && nio.getSelectorRunner() != null) {
      SelectorRunner runner = nio.getSelectorRunner();
      runner
          .getTransport()
          .getSelectorHandler()
          .enque(
              runner,
              () -> {
                task.run();
                return true;
              },
              null);
    } else {
      task.run();
    }
  }

  private void answer(Response response) throws IOException {
    response.setStatus(200);
    response.setContentType(JSON);
    response.setContentLength(ANSWER.length);
    // Grizzly's default is a fresh 8 KiB buffer per response: a third of all the bytes allocated.
    response.setBufferSize(ANSWER.length);
    stats.onAnswered(ENDPOINT, 200);
    OutputStream out = response.getOutputStream();
    out.write(ANSWER);
  }

  /** Whether an {@code Accept} header surely takes JSON; when unsure, Jersey decides. */
  private static boolean takesJson(String accept) {
    return accept == null
        || accept.equals("*/*")
        || accept.equals(JSON)
        || accept.equals("application/*");
  }
}
