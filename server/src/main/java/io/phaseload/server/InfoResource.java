package io.phaseload.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code /health} and {@code /stats}: liveness and the request counts. */
@Path("")
@Produces(MediaType.APPLICATION_JSON)
public final class InfoResource {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final RequestStats stats;

  InfoResource(RequestStats stats) {
    this.stats = stats;
  }

  @GET
  @Path("health")
  public String health() {
    return "{\"status\":\"ok\"}";
  }

  @GET
  @Path("stats")
  public String stats() throws JsonProcessingException {
    return MAPPER.writeValueAsString(stats.snapshot());
  }
}
