package io.phaseload.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code /health} and {@code /stats}: liveness and the request counts. Neither is counted in the
 * stats (see {@link StatsFilter}). One instance serves all requests; thread-safe.
 */
@Path("")
@Produces(MediaType.APPLICATION_JSON)
public final class InfoResource {

  static final String HEALTH = "/health";
  static final String STATS = "/stats";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final RequestStats stats;

  InfoResource(RequestStats stats) {
    this.stats = stats;
  }

  @GET
  @Path(HEALTH)
  public String health() {
    return "{\"status\":\"ok\"}";
  }

  @GET
  @Path(STATS)
  public String stats() throws JsonProcessingException {
    return MAPPER.writeValueAsString(stats.snapshot());
  }
}
