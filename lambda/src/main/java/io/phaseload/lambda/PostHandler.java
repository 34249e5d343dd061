package io.phaseload.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import io.phaseload.common.Contract;
import java.util.Map;

/**
 * {@code POST /sayHello}: given {@code {"input":"abcd"}}, answers {@code {"response":"4"}} as
 * {@link Contract#answer} counts it; without {@code input}, throws {@link
 * Contract.BadInputException}. Stateless and thread-safe.
 */
public final class PostHandler implements RequestHandler<Map<String, String>, Map<String, String>> {

  @Override
  public Map<String, String> handleRequest(Map<String, String> event, Context context) {
    String input = event == null ? null : event.get(Contract.INPUT_FIELD);
    return Map.of(Contract.RESPONSE_FIELD, Contract.answer(input));
  }
}
