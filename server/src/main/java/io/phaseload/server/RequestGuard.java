package io.phaseload.server;

import io.phaseload.common.Contract;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import org.glassfish.grizzly.http.server.ErrorPageGenerator;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

/**
 * Sits in front of Jersey and refuses, with a 400 and a JSON error, requests whose Host header or
 * target Jersey cannot turn into a URI: Jersey would answer those with a 500 and Grizzly's HTML
 * stack-trace page. Also renders Grizzly's own error pages as JSON, without exception details.
 * Thread-safe: stateless besides the wrapped handler.
 */
final class RequestGuard extends HttpHandler implements ErrorPageGenerator {

  private final HttpHandler jersey;

  RequestGuard(HttpHandler jersey) {
    super("phaseload-guard");
    this.jersey = jersey;
  }

  @Override
  public void service(Request request, Response response) throws Exception {
    String problem = problem(request);
    if (problem != null) {
      byte[] body = Contract.error(problem).getBytes(StandardCharsets.UTF_8);
      response.setStatus(400);
      response.setContentType("application/json");
      response.setContentLength(body.length);
      response.getOutputStream().write(body);
      return;
    }
    jersey.service(request, response);
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
