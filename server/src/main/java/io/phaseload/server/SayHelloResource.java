package io.phaseload.server;

import io.phaseload.common.Contract;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.InputStream;

/** The contract at {@link Contract#PATH}. One instance serves all requests; it holds no state. */
@Path(Contract.PATH)
@Produces(MediaType.APPLICATION_JSON)
public final class SayHelloResource {

  private final BodyReader bodies;

  SayHelloResource(BodyReader bodies) {
    this.bodies = bodies;
  }

  @GET
  public String get() {
    return Contract.GET_ANSWER;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  public String post(InputStream body) throws IOException {
    return Contract.post(bodies.read(body));
  }
}
