package io.phaseload.server;

import io.phaseload.common.Contract;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.InputStream;

/**
 * {@code /work?ms=N}: answers the contract after N milliseconds, without holding a worker thread
 * while it waits, so that the delay measured by a client is the server's and not its queue's: the
 * request is suspended and {@link WorkTimer} resumes it on a worker when its time is up. A GET that
 * {@link WorkHandler} takes never reaches Jersey; this answers the POSTs, and the GETs it leaves to
 * Jersey: an {@code Accept} that might not take JSON, or an {@code ms} refused here with a 400.
 */
@Path(WorkResource.PATH)
@Produces(MediaType.APPLICATION_JSON)
public final class WorkResource {

  static final String PATH = "/work";

  static final int MAX_MS = 60_000;

  private final BodyReader bodies;
  private final WorkTimer timer;

  WorkResource(BodyReader bodies, WorkTimer timer) {
    this.bodies = bodies;
    this.timer = timer;
  }

  @GET
  public void get(@QueryParam("ms") @DefaultValue("0") String ms, @Suspended AsyncResponse out) {
    later(millis(ms), out, Contract.GET_ANSWER);
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  public void post(
      @QueryParam("ms") @DefaultValue("0") String ms,
      InputStream body,
      @Suspended AsyncResponse out)
      throws IOException {
    int delay = millis(ms);
    later(delay, out, Contract.post(bodies.read(body)));
  }

  /** Parsed here, not by Jersey, whose answer to a non-number is a bare 404. */
  private static int millis(String ms) {
    int value = delay(ms);
    if (value < 0) {
      throw new Contract.BadInputException("ms must be between 0 and " + MAX_MS + ", got " + ms);
    }
    return value;
  }

  /** The delay {@code ms} asks for (0 when absent), or -1 if it is not one from 0 to MAX_MS. */
  static int delay(String ms) {
    if (ms == null) {
      return 0;
    }
    int value;
    try {
      value = Integer.parseInt(ms.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
    return value < 0 || value > MAX_MS ? -1 : value;
  }

  private void later(int ms, AsyncResponse out, String body) {
    if (ms == 0) {
      out.resume(body);
    } else {
      timer.after(ms, () -> out.resume(body));
    }
  }
}
