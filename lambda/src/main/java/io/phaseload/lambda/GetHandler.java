package io.phaseload.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import java.util.Map;

/** {@code GET /sayHello}: answers {@code {"response":"hello"}} whatever it is given. */
public final class GetHandler implements RequestHandler<Map<String, String>, Map<String, String>> {

  @Override
  public Map<String, String> handleRequest(Map<String, String> input, Context context) {
    return SayHello.get();
  }
}
