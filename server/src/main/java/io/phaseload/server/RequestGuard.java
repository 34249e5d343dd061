package io.phaseload.server;

import io.phaseload.common.Contract;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executor;
import org.glassfish.grizzly.http.server.ErrorPageGenerator;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.RequestExecutorProvider;
import org.glassfish.grizzly.http.server.Response;

/**
 * Sits in front of Jersey. Hands {@code GET /work} to {@link WorkHandler}, which answers it without
 * Jersey. Refuses, with a 400 and a JSON error, requests whose Host header or target Jersey cannot
 * turn into a URI: Jersey would answer those with a 500 and Grizzly's HTML stack-trace page.
 * Renders Grizzly's own error pages as JSON, without exception details. Decides where each request
 * runs: inline on the I/O thread when its body has fully arrived (so nothing blocks) and it will
 * not suspend, else on a worker thread. Thread-safe: stateless besides the wrapped handler.
 */
final class RequestGuard extends HttpHandler implements ErrorPageGenerator {

  private final HttpHandler jersey;
  private final WorkHandler work;
  private final RequestExecutorProvider executors;

  /**
   * @param inline whether requests that arrived whole run on the I/O thread that read them
   */
  RequestGuard(HttpHandler jersey, WorkHandler work, boolean inline) {
    super("phaseload-guard");
    this.jersey = jersey;
    this.work = work;
    this.executors =
        inline ? RequestGuard::inlineWhenWhole : new RequestExecutorProvider.WorkerThreadProvider();
  }

  @Override
  public RequestExecutorProvider getRequestExecutorProvider() {
    return executors;
  }

  /**
   * Null (run here) when the body is complete, so that reading it cannot block an I/O thread, and
   * the request is not one Jersey suspends: Jersey's {@code /work} suspends and a worker resumes it
   * when its timer is up, and a request Jersey suspended on an I/O thread was answered late,
   * waiting on that selector (32 requests/s instead of 1,500 at 50 connections and 20 ms). {@link
   * WorkHandler} runs here: it answers on the selector thread of its connection.
   */
  private static Executor inlineWhenWhole(Request request) {
    return request.getInputBuffer().isFinished()
            && (!suspends(request.getRequestURI()) || WorkHandler.delay(request) >= 0)
        ? null
        : request.getContext().getConnection().getTransport().getWorkerThreadPool();
  }

  /** Whether the path, leading slashes aside as Jersey sets them aside, is under /work. */
  static boolean suspends(String path) {
    int i = 0;
    while (i < path.length() && path.charAt(i) == '/') {
      i++;
    }
    String work = WorkResource.PATH.substring(1);
    int end = i + work.length();
    return path.startsWith(work, i) && (end == path.length() || path.charAt(end) == '/');
  }

  @Override
  public void service(Request request, Response response) throws Exception {
    int ms = WorkHandler.delay(request);
    if (ms >= 0) {
      work.serve(request, response, ms);
      return;
    }
    try {
      jersey.service(request, response);
    } catch (IllegalArgumentException e) {
      // Jersey builds the base and request URIs before anything else, and throws this, with the
      // URISyntaxException as cause, when either is invalid. Checking every request up front
      // instead parsed both URIs twice per request.
      if (!(e.getCause() instanceof URISyntaxException) || response.isCommitted()) {
        throw e;
      }
      String problem = problem(request);
      byte[] body =
          Contract.error(problem == null ? "bad request target" : problem)
              .getBytes(StandardCharsets.UTF_8);
      response.setStatus(400);
      response.setContentType("application/json");
      response.setContentLength(body.length);
      response.getOutputStream().write(body);
    }
  }

  /** Why Jersey could not build this request's URIs, or null when it can. */
  private static String problem(Request request) {
    try {
      new URI(
          request.getScheme(),
          null,
          request.getServerName(),
          request.getServerPort(),
          "/",
          null,
          null);
    } catch (URISyntaxException | IllegalArgumentException e) {
      return "bad Host header";
    }
    String query = request.getQueryString();
    try {
      new URI(request.getRequestURI() + (query == null ? "" : "?" + query));
    } catch (URISyntaxException | IllegalArgumentException e) {
      return "bad request target";
    }
    return null;
  }

  @Override
  public void start() {
    jersey.start();
  }

  @Override
  public void destroy() {
    jersey.destroy();
  }

  @Override
  public String generate(
      Request request, int status, String reasonPhrase, String description, Throwable exception) {
    return Contract.error(reasonPhrase == null ? "error " + status : reasonPhrase);
  }
}
