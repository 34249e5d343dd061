package io.phaseload.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import io.phaseload.common.Contract;
import java.util.Map;

/**
 * {@code GET /sayHello} behind API Gateway's proxy integration (what SAM's {@code Api} event
 * creates): the whole request arrives as an event, the response is status, headers and body.
 * Answers {@code {"response":"hello"}}. Stateless and thread-safe.
 */
public final class GetProxyHandler
    implements RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> {

  static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

  @Override
  public APIGatewayProxyResponseEvent handleRequest(
      APIGatewayProxyRequestEvent event, Context context) {
    return new APIGatewayProxyResponseEvent()
        .withStatusCode(200)
        .withHeaders(JSON)
        .withBody(Contract.GET_ANSWER);
  }
}
