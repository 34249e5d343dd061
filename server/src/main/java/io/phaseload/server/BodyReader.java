package io.phaseload.server;

import io.phaseload.common.Contract;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/** Reads a request body up to a limit, answering 413 past it. Thread-safe (stateless). */
final class BodyReader {

  private final int maxBytes;

  BodyReader(int maxBytes) {
    this.maxBytes = maxBytes;
  }

  byte[] read(InputStream in) throws IOException {
    byte[] buf = new byte[Math.min(maxBytes + 1, 512)];
    int n = 0;
    while (true) {
      if (n == buf.length) {
        if (buf.length > maxBytes) {
          throw tooLarge();
        }
        buf = Arrays.copyOf(buf, Math.min(maxBytes + 1, buf.length * 2));
      }
      int r = in.read(buf, n, buf.length - n);
      if (r < 0) {
        break;
      }
      n += r;
      if (n > maxBytes) {
        throw tooLarge();
      }
    }
    return n == buf.length ? buf : Arrays.copyOf(buf, n);
  }

  private WebApplicationException tooLarge() {
    return new WebApplicationException(
        Response.status(Response.Status.REQUEST_ENTITY_TOO_LARGE)
            .type(MediaType.APPLICATION_JSON)
            .entity(Contract.error("body larger than " + maxBytes + " bytes"))
            .build());
  }
}
