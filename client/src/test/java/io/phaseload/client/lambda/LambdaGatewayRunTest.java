package io.phaseload.client.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.phaseload.client.cli.MainTest;
import io.phaseload.client.testing.ClientRun;
import io.phaseload.lambda.local.LocalGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The whole phased test against the Lambda code: the local gateway turns each request into the API
 * Gateway proxy event and calls the real handlers, and every request the client sent is one
 * invocation.
 */
@Timeout(120)
class LambdaGatewayRunTest {

  @Test
  void aPhasedRunAgainstTheLambdaHandlersHasNoFailures() throws Exception {
    try (LocalGateway gateway = LocalGateway.start("127.0.0.1", 0, 32)) {
      ClientRun run = MainTest.run("20", "10", "--contract", "--url", gateway.url());
      assertEquals(0, run.code(), run.out() + run.err());
      // 2 + 10 + 20 + 5 = 37 threads x 10 iterations x (GET, POST)
      assertEquals(740, run.sent());
      assertEquals(740, run.ok());
      assertEquals(370, gateway.getInvocations());
      assertEquals(370, gateway.postInvocations());
    }
  }
}
