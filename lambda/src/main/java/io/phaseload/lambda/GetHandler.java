package io.phaseload.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import io.phaseload.common.Contract;
import java.util.Map;

/**
 * {@code GET /sayHello}: answers {@code {"response":"hello"}} whatever it is given. Stateless and
 * thread-safe.
 */
public final class GetHandler implements RequestHandler<Map<String, String>, Map<String, String>> {

  private static final Map<String, String> HELLO = Map.of(Contract.RESPONSE_FIELD, Contract.HELLO);

  @Override
  public Map<String, String> handleRequest(Map<String, String> input, Context context) {
    return HELLO;
  }
}
