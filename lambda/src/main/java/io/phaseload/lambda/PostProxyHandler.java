package io.phaseload.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import io.phaseload.common.Contract;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * {@code POST /sayHello} behind API Gateway's proxy integration: the body {@code {"input":"abcd"}}
 * (base64-encoded when API Gateway says so) gets {@code {"response":"4"}}; anything else a 400 with
 * a JSON error, never an exception (which API Gateway would turn into a bare 502). Stateless and
 * thread-safe.
 */
public final class PostProxyHandler
    implements RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> {

  @Override
  public APIGatewayProxyResponseEvent handleRequest(
      APIGatewayProxyRequestEvent event, Context context) {
    String body = event == null ? null : event.getBody();
    try {
      if (body != null && Boolean.TRUE.equals(event.getIsBase64Encoded())) {
        body = new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
      }
      return respond(200, Contract.post(body));
    } catch (IllegalArgumentException e) {
      return respond(400, Contract.error(e.getMessage()));
    }
  }

  private static APIGatewayProxyResponseEvent respond(int status, String body) {
    return new APIGatewayProxyResponseEvent()
        .withStatusCode(status)
        .withHeaders(GetProxyHandler.JSON)
        .withBody(body);
  }
}
