package io.phaseload.server;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import java.util.Set;

/**
 * Counts every request on arrival and every response on departure, keyed by method and path for the
 * known endpoints and "other" for everything else (404s, probes).
 */
@PreMatching
@Priority(Priorities.USER)
final class StatsFilter implements ContainerRequestFilter, ContainerResponseFilter {

  static final Set<String> KNOWN_PATHS = Set.of("/sayHello", "/work", "/health", "/stats");

  private final RequestStats stats;

  StatsFilter(RequestStats stats) {
    this.stats = stats;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    stats.onReceived();
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    String path = "/" + request.getUriInfo().getPath(true);
    if (path.startsWith("//")) {
      path = path.substring(1);
    }
    String key = KNOWN_PATHS.contains(path) ? request.getMethod() + " " + path : "other";
    stats.onAnswered(key, response.getStatus());
  }
}
