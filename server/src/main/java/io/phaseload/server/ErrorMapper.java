package io.phaseload.server;

import io.phaseload.common.Contract;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Turns every exception into a JSON error: client mistakes keep their 4xx status and a short
 * reason; anything unexpected is a 500 whose details go to the server log, never to the client.
 */
final class ErrorMapper implements ExceptionMapper<Throwable> {

  private static final Logger LOG = Logger.getLogger(ErrorMapper.class.getName());

  @Override
  public Response toResponse(Throwable e) {
    if (e instanceof Contract.BadInputException) {
      return json(400, e.getMessage());
    }
    if (e instanceof WebApplicationException wae) {
      Response r = wae.getResponse();
      if (r.hasEntity()) {
        return r;
      }
      String reason = r.getStatusInfo().getReasonPhrase();
      return Response.fromResponse(r)
          .type(MediaType.APPLICATION_JSON)
          .entity(Contract.error(reason == null ? "error" : reason.toLowerCase(Locale.ROOT)))
          .build();
    }
    LOG.log(Level.WARNING, "unexpected error", e);
    return json(500, "internal error");
  }

  private static Response json(int status, String message) {
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON)
        .entity(Contract.error(message))
        .build();
  }
}
