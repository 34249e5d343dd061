package io.phaseload.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Reads {@code template.yaml} as SAM will: every handler it names is a class here with the {@code
 * handleRequest} the proxy integration calls, on the runtime and paths the README gives. (That the
 * same classes are in lambda.jar is checked by {@code LambdaJarIT} after packaging.)
 */
class TemplateTest {

  static JsonNode template() throws IOException {
    // CloudFormation's short tags (!Ref, !Sub, ...) parse as plain scalars here.
    return new ObjectMapper(new YAMLFactory()).readTree(Path.of("template.yaml").toFile());
  }

  /** Handler string (Class::method) by function resource name. */
  static Map<String, String> handlers(JsonNode template) {
    Map<String, String> out = new TreeMap<>();
    Iterator<Map.Entry<String, JsonNode>> it = template.get("Resources").fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      if (e.getValue().get("Type").asText().equals("AWS::Serverless::Function")) {
        out.put(e.getKey(), e.getValue().get("Properties").get("Handler").asText());
      }
    }
    return out;
  }

  @Test
  void everyHandlerExistsWithTheProxySignature() throws Exception {
    Map<String, String> handlers = handlers(template());
    assertEquals(2, handlers.size(), handlers.toString());
    for (String handler : handlers.values()) {
      String[] parts = handler.split("::");
      assertEquals(2, parts.length, handler);
      Class<?> type = Class.forName(parts[0]);
      assertTrue(RequestHandler.class.isAssignableFrom(type), handler);
      Method m = type.getMethod(parts[1], APIGatewayProxyRequestEvent.class, Context.class);
      assertEquals(
          "com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent",
          m.getReturnType().getName());
      type.getConstructor(); // the runtime needs a public no-argument constructor
    }
  }

  @Test
  void runtimePathsAndOutputAreWhatTheReadmeSays() throws IOException {
    JsonNode t = template();
    JsonNode function = t.get("Globals").get("Function");
    assertEquals("java21", function.get("Runtime").asText());
    assertEquals("target/lambda.jar", function.get("CodeUri").asText());
    JsonNode get = t.get("Resources").get("SayHelloGetFunction").get("Properties");
    JsonNode post = t.get("Resources").get("SayHelloPostFunction").get("Properties");
    assertEquals("io.phaseload.lambda.GetProxyHandler::handleRequest", get.get("Handler").asText());
    assertEquals(
        "io.phaseload.lambda.PostProxyHandler::handleRequest", post.get("Handler").asText());
    JsonNode getEvent = get.get("Events").get("Get");
    JsonNode postEvent = post.get("Events").get("Post");
    assertEquals("Api", getEvent.get("Type").asText());
    assertEquals("/sayHello", getEvent.get("Properties").get("Path").asText());
    assertEquals("get", getEvent.get("Properties").get("Method").asText());
    assertEquals("Api", postEvent.get("Type").asText());
    assertEquals("/sayHello", postEvent.get("Properties").get("Path").asText());
    assertEquals("post", postEvent.get("Properties").get("Method").asText());
    String url = t.get("Outputs").get("SayHelloUrl").get("Value").asText();
    assertTrue(url.endsWith(".amazonaws.com/Prod/sayHello"), url);
  }
}
