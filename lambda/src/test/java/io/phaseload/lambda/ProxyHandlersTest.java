package io.phaseload.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import io.phaseload.lambda.local.LocalContext;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The proxy handlers with the events API Gateway sends. */
class ProxyHandlersTest {

  private final LocalContext context = new LocalContext(line -> {});

  private static APIGatewayProxyRequestEvent post(String body) {
    return new APIGatewayProxyRequestEvent()
        .withHttpMethod("POST")
        .withPath("/sayHello")
        .withBody(body);
  }

  @Test
  void getAnswersHello() {
    APIGatewayProxyResponseEvent r =
        new GetProxyHandler().handleRequest(new APIGatewayProxyRequestEvent(), context);
    assertEquals(200, r.getStatusCode());
    assertEquals("{\"response\":\"hello\"}", r.getBody());
    assertEquals("application/json", r.getHeaders().get("Content-Type"));
  }

  @Test
  void postAnswersTheLengthOfInput() {
    PostProxyHandler handler = new PostProxyHandler();
    assertEquals(
        "{\"response\":\"4\"}",
        handler.handleRequest(post("{\"input\":\"abcd\"}"), context).getBody());
    assertEquals(
        "{\"response\":\"0\"}", handler.handleRequest(post("{\"input\":\"\"}"), context).getBody());
    String encoded =
        Base64.getEncoder()
            .encodeToString("{\"input\":\"abcdef\"}".getBytes(StandardCharsets.UTF_8));
    APIGatewayProxyResponseEvent r =
        handler.handleRequest(post(encoded).withIsBase64Encoded(true), context);
    assertEquals(200, r.getStatusCode());
    assertEquals("{\"response\":\"6\"}", r.getBody());
  }

  @Test
  void badBodiesAre400WithAJsonErrorNeverAnException() {
    PostProxyHandler handler = new PostProxyHandler();
    for (String body :
        new String[] {null, "", "{", "[]", "{\"other\":1}", "{\"input\":5}", "{\"input\":null}"}) {
      APIGatewayProxyResponseEvent r = handler.handleRequest(post(body), context);
      assertEquals(400, r.getStatusCode(), String.valueOf(body));
      assertTrue(r.getBody().startsWith("{\"error\":\""), r.getBody());
    }
    assertEquals(400, handler.handleRequest(null, context).getStatusCode());
  }
}
