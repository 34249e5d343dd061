package io.phaseload.server;

import io.phaseload.common.Contract;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import java.util.Set;

/**
 * Counts every request that can carry load on arrival and every response to one on departure, keyed
 * by method and path for the load endpoints and "other" for everything else (404s, probes). The
 * info endpoints are left out of every count: a client reading {@code /stats} after a run of N
 * requests must find N received and N answered, not its own read among them. Thread-safe (stateless
 * besides the thread-safe {@link RequestStats}).
 */
@PreMatching
@Priority(Priorities.USER)
final class StatsFilter implements ContainerRequestFilter, ContainerResponseFilter {

  static final Set<String> LOAD_PATHS = Set.of(Contract.PATH, WorkResource.PATH);

  static final Set<String> INFO_PATHS = Set.of(InfoResource.HEALTH, InfoResource.STATS);

  private final RequestStats stats;

  StatsFilter(RequestStats stats) {
    this.stats = stats;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    if (!INFO_PATHS.contains(path(request))) {
      stats.onReceived();
    }
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    String path = path(request);
    if (INFO_PATHS.contains(path)) {
      return;
    }
    String key = LOAD_PATHS.contains(path) ? request.getMethod() + " " + path : "other";
    stats.onAnswered(key, response.getStatus());
  }

  private static String path(ContainerRequestContext request) {
    String path = "/" + request.getUriInfo().getPath(true);
    return path.startsWith("//") ? path.substring(1) : path;
  }
}
