package io.phaseload.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import java.util.Map;

/**
 * {@code POST /sayHello}: given {@code {"input":"abcd"}}, answers {@code {"response":"4"}}, the
 * length of {@code input} in UTF-16 code units (as {@link String#length()} and the server count
 * it).
 */
public final class PostHandler implements RequestHandler<Map<String, String>, Map<String, String>> {

  @Override
  public Map<String, String> handleRequest(Map<String, String> event, Context context) {
    return SayHello.post(event == null ? null : event.get("input"));
  }
}
